import { IMAGES } from "./assets.ts";
import {
  COMPANY,
  COMPANY_ADDRESS,
  image,
  locationsBlock,
  type OpeningHours,
  type ProgrammeTexts,
  priceItems,
  SEED_YEAR,
} from "./business.ts";
import type { LocaleContent, SeedComponent } from "./types.ts";

/** English: every path is prefixed with /en and uses the English route names and page slugs. */

const HOURS: OpeningHours = [
  { days: "Monday – Friday", time: "07:00 – 20:00" },
  { days: "Saturday", time: "Closed" },
  { days: "Sunday", time: "Closed" },
];

const duration = (minutes: number) => (minutes < 60 ? `${minutes} min` : `${minutes / 60} hrs`);

const PROGRAMMES: ProgrammeTexts = {
  basic: {
    name: "Basic wash",
    description: "Active-foam pre-wash, high-pressure wash with soft brushes, demineralised-water rinse and warm-air drying.",
  },
  standard: { name: "Standard wash", description: "Basic wash plus wheel and sill cleaning and a liquid wax to protect the paint." },
  premium: { name: "Premium wash", description: "Standard wash plus underbody wash, gloss wax and hand drying with microfibre towels." },
  interior: {
    name: "Interior cleaning",
    description: "Vacuuming of seats, carpets and boot, dashboard wipe-down and cleaning of the windows from the inside.",
  },
  complete: {
    name: "Complete care",
    description: "Premium exterior wash and interior cleaning in one visit – €4 less than booking them separately.",
  },
  engine: {
    name: "Engine bay wash",
    description: "Careful cleaning of the engine bay with the electronics covered, finished with a plastic and rubber protectant.",
  },
  seats: {
    name: "Deep seat cleaning",
    description: "Extraction cleaning of fabric seats and carpets; your car is ready to drive the same day. By appointment.",
  },
  polish: {
    name: "Machine polish and ceramic protection",
    description: "Removes light scratches and swirl marks, then a ceramic coating protects the paint for up to six months. By appointment.",
  },
  suv: {
    name: "Surcharge for SUVs, vans and light commercials",
    description: "For vehicles over 4.8 m long or 1.9 m high, added to any wash programme.",
  },
};

const EU_TEXT =
  "This project was co-financed by the European Union under the National Recovery and Resilience Plan 2021–2026 – NextGenerationEU";
const EU_IMAGE = image(IMAGES.euEmblem, "Funded by the European Union – NextGenerationEU");
const euNotice = (label: string): SeedComponent => ({
  template: "euNotice",
  data: { text: EU_TEXT, link: { label, href: "/en/eu-project" }, image: EU_IMAGE },
});

const FOOTER_LINKS = [
  { label: "Terms of sale", href: "/en/terms-of-sale" },
  { label: "Privacy policy", href: "/en/privacy" },
];

const COOKIE = {
  text: "We use necessary cookies so that the site and your cart work and, with your consent, analytics and marketing cookies that help us improve what we offer. You can change your choice at any time.",
  acceptLabel: "Accept",
  necessaryLabel: "Necessary only",
  policyLink: { label: "About cookies", href: "/en/cookies" },
};

const COPYRIGHT = `© ${SEED_YEAR} ${COMPANY.legalName} All rights reserved.`;

export const CONTENT_EN: LocaleContent = {
  locale: "en",
  elementTitles: { header: "Header", footer: "Footer", cookie: "Cookie notice" },

  navigation: {
    main: [
      { title: "Home", url: "/en" },
      {
        title: "Services",
        children: [
          { title: "Wash programmes", url: "/en/price-list" },
          { title: "Car wash", url: "/en/car-wash" },
        ],
      },
      { title: "About us", url: "/en/about" },
      { title: "Contact", url: "/en/contact" },
      { title: "Blog", url: "/en/blog" },
      { title: "Shop", url: "/en/shop" },
    ],
    footer1: [
      {
        title: "Services",
        children: [
          { title: "Wash programmes", url: "/en/price-list" },
          { title: "Car wash", url: "/en/car-wash" },
          { title: "Online shop", url: "/en/shop" },
        ],
      },
    ],
    footer2: [
      {
        title: "Company",
        children: [
          { title: "About us", url: "/en/about" },
          { title: "Contact", url: "/en/contact" },
          { title: "Blog", url: "/en/blog" },
          { title: "EU project", url: "/en/eu-project" },
        ],
      },
    ],
    footer3: [
      {
        title: "Help",
        children: [
          { title: "Log in", url: "/en/login" },
          { title: "Register", url: "/en/register" },
          { title: "Forgot password", url: "/en/forgot-password" },
          { title: "Cart", url: "/en/cart" },
        ],
      },
    ],
    footer4: [
      {
        title: "Legal",
        children: [
          { title: "Terms of sale", url: "/en/terms-of-sale" },
          { title: "Privacy policy", url: "/en/privacy" },
          { title: "Cookies", url: "/en/cookies" },
        ],
      },
    ],
  },

  elements: {
    default: {
      header: { logo: image(IMAGES.logo, "Autopraonica Zagreb"), ctaLink: { label: "Wash prices", href: "/en/price-list" } },
      footer: {
        logo: image(IMAGES.logo, "Autopraonica Zagreb"),
        description:
          "Fast, thorough and gentle car washing at three locations in Zagreb and Velika Gorica. Since 2009 we have been looking after your car – and after the water we use.",
        items: [
          { icon: "address", text: COMPANY_ADDRESS },
          { icon: "phone", text: COMPANY.phone },
          { icon: "email", text: COMPANY.email },
        ],
        openingHours: HOURS,
        links: FOOTER_LINKS,
        euNotice: { text: EU_TEXT, link: { label: "About the EU project", href: "/en/eu-project" }, image: EU_IMAGE },
        copyright: COPYRIGHT,
      },
      cookie: COOKIE,
    },
    carwash: {
      header: {
        logo: image(IMAGES.logoCarwash, "Autopraonica – wash, care, shine"),
        ctaLink: { label: "Locations and opening hours", href: "/en/contact" },
      },
      footer: {
        logo: image(IMAGES.logoCarwash, "Autopraonica – wash, care, shine"),
        description:
          "No appointment needed, Monday to Friday from 7 am to 8 pm: active foam, soft brushes and demineralised water for a spotless shine. Three locations, one standard of quality.",
        items: [
          { icon: "address", text: "Jankomir 31, Zagreb" },
          { icon: "address", text: "Avenija Dubrava 214, Zagreb" },
          { icon: "address", text: "Zagrebačka ulica 88, Velika Gorica" },
          { icon: "phone", text: COMPANY.phone },
          { icon: "clock", text: "Mon – Fri 07:00 – 20:00" },
        ],
        openingHours: HOURS,
        links: [
          { label: "Wash programmes", href: "/en/price-list" },
          { label: "Online shop", href: "/en/shop" },
        ],
        euNotice: { text: EU_TEXT, link: { label: "About the EU project", href: "/en/eu-project" }, image: EU_IMAGE },
        copyright: COPYRIGHT,
      },
      cookie: COOKIE,
    },
  },

  pages: {
    home: {
      slug: "pocetna",
      title: "Home",
      summary: "Car washing at three locations in Zagreb and Velika Gorica, Monday to Friday from 7 am to 8 pm, no appointment needed.",
      components: [
        {
          template: "hero",
          data: {
            title: "A shine without scratches – at three locations in Zagreb",
            text: "Active foam, soft brushes and demineralised water. Drive in without an appointment, Monday to Friday from 7 am to 8 pm, and leave with a clean car about ten minutes later.",
            cta: { label: "See our prices", href: "/en/price-list" },
            image: image(IMAGES.hero, "A car covered in active shampoo foam"),
          },
        },
        {
          template: "priceList",
          data: {
            title: "Most popular wash programmes",
            note: "Prices are in euros and include VAT. You will find every service and surcharge in the price list.",
            items: priceItems(["basic", "standard", "premium", "complete"], PROGRAMMES, duration),
          },
        },
        {
          template: "imageText",
          data: {
            title: "Foam that cleans without scratching",
            html: "<p>We first soften the dirt with a pH-neutral active foam and only then remove it with a high-pressure jet and brushes made of soft foam fabric, so sand and grit are never dragged across the paint.</p><p>The final rinse uses <strong>demineralised water</strong>, which means no limescale spots on the glass or paintwork once the car is dry.</p><ul><li>biodegradable cleaning products</li><li>up to 80% of our water is filtered and reused</li><li>brushes serviced and replaced regularly</li></ul>",
            image: image(IMAGES.foam, "Thick white active shampoo foam"),
            imageSide: "right",
          },
        },
        { template: "locations", data: locationsBlock("Where to find us", HOURS) },
        {
          template: "faq",
          data: {
            title: "Frequently asked questions",
            items: [
              {
                question: "Do I need to book?",
                answer:
                  "No. All locations wash cars on a first-come, first-served basis. Weekdays between 4 and 6 pm are the busiest; mornings are the quietest.",
              },
              {
                question: "Is the wash safe for my car's paint?",
                answer:
                  "Yes. We use brushes made of soft foam fabric, a pH-neutral active foam and demineralised water for the final rinse, so there are no scratches or water spots.",
              },
              {
                question: "Can I pay by card or with a gift voucher?",
                answer:
                  "Yes. We accept all common cards and cash, and gift vouchers bought in our online shop can be redeemed at any location.",
              },
              {
                question: "Are you open at weekends?",
                answer: "No, all locations are closed on Saturdays and Sundays. From Monday to Friday we are open from 7 am to 8 pm.",
              },
              {
                question: "Can you wash vans and SUVs?",
                answer:
                  "Yes, our wash lines take vehicles up to 2.3 m high. For vehicles over 4.8 m long or 1.9 m high there is a €4 surcharge.",
              },
            ],
          },
        },
        euNotice("Learn more about the project"),
      ],
    },

    carwash: {
      slug: "car-wash",
      title: "Car wash",
      summary:
        "Automatic wash lines, vacuum cleaners and interior care at three locations – no appointment, Monday to Friday from 7 am to 8 pm.",
      components: [
        {
          template: "hero",
          data: {
            title: "A car wash with no appointments",
            text: "Just drive in: wash lines, vacuum cleaners and trained staff are ready for you Monday to Friday from 7 am to 8 pm.",
            cta: { label: "Find your nearest location", href: "/en/contact" },
            image: image(IMAGES.heroCarwash, "A car in the wash line with brushes and spray nozzles"),
          },
        },
        {
          template: "priceList",
          data: {
            title: "Wash programmes",
            note: "SUVs, vans and light commercial vehicles carry a €4 surcharge.",
            items: priceItems(["basic", "standard", "premium", "interior", "complete"], PROGRAMMES, duration),
          },
        },
        {
          template: "gallery",
          data: {
            title: "Inside our car washes",
            images: [
              image(IMAGES.gallery1, "The wash line at the Jankomir location"),
              image(IMAGES.gallery2, "Hand drying with microfibre towels"),
              image(IMAGES.gallery3, "Interior cleaning"),
              image(IMAGES.gallery4, "The Jankomir location in the evening"),
            ],
          },
        },
        { template: "locations", data: locationsBlock("Our locations", HOURS) },
      ],
    },

    about: {
      slug: "about",
      title: "About us",
      summary: "A family-run car wash founded in 2009 in Jankomir, today with three locations in Zagreb and Velika Gorica.",
      components: [
        {
          template: "hero",
          data: {
            title: "A family car wash since 2009",
            text: "We started with a single wash line in Jankomir; today our three locations wash more than 600 cars every working day.",
          },
        },
        {
          template: "imageText",
          data: {
            title: "Our story",
            html: "<p>Autopraonica Zagreb was founded by the Horvat family in 2009 with a simple idea: a car wash should be quick and still careful. The first wash line opened in Jankomir, the Dubrava location followed in 2016 and Velika Gorica in 2021.</p><p>Today we are a team of twenty-four, and every one of us has been trained in-house on cleaning products, paint protection and working with the equipment.</p>",
            image: image(IMAGES.about, "The car wash building with covered wash bays"),
            imageSide: "left",
          },
        },
        {
          template: "richText",
          data: {
            title: "What we care about",
            html: '<ul><li><strong>Care for your car</strong> – soft brushes, proven products and a manual check before the car leaves the line.</li><li><strong>Care for the environment</strong> – we recycle our water, use biodegradable products, and a solar power plant covers the roof in Jankomir.</li><li><strong>Fair prices</strong> – a clear price list with no hidden costs and a discount for member card holders.</li><li><strong>Speed</strong> – a basic wash takes about ten minutes, no booking required.</li></ul><p>Any suggestions or praise? <a href="/en/contact">Get in touch</a>.</p>',
          },
        },
        euNotice("About the project"),
      ],
    },

    contact: {
      slug: "contact",
      title: "Contact",
      summary:
        "Addresses, phone numbers and opening hours of our locations, and how to reach the management for business enquiries and complaints.",
      components: [
        { template: "locations", data: locationsBlock("Locations and opening hours", HOURS) },
        {
          template: "richText",
          data: {
            title: "Management and business enquiries",
            html: `<p><strong>${COMPANY.legalName}</strong>, ${COMPANY_ADDRESS}, Croatia</p><p>Phone: <a href="tel:+38515550100">${COMPANY.phone}</a> · E-mail: <a href="mailto:${COMPANY.email}">${COMPANY.email}</a></p><h2>Fleet washing</h2><p>For companies we offer monthly invoicing, washing to an agreed schedule and a 15% discount for ten or more vehicles. Send us the number and type of your vehicles and you will receive a quote within two working days.</p><h2>Complaints</h2><p>If you are not happy with your wash, tell our staff on site straight away or write to us within 24 hours quoting your receipt number – we will wash your car again free of charge.</p>`,
          },
        },
      ],
    },

    priceList: {
      slug: "price-list",
      title: "Price list",
      summary: "Prices of our exterior wash programmes, interior cleaning and additional car care. Prices in euros including VAT.",
      components: [
        {
          template: "priceList",
          data: {
            title: "Exterior wash",
            note: "All prices are in euros and include VAT.",
            items: priceItems(["basic", "standard", "premium", "suv"], PROGRAMMES, duration),
          },
        },
        {
          template: "priceList",
          data: {
            title: "Interior and additional care",
            note: "Deep cleaning and polishing are by appointment – call the location where you would like to book.",
            items: priceItems(["interior", "complete", "engine", "seats", "polish"], PROGRAMMES, duration),
          },
        },
        {
          template: "richText",
          data: {
            title: "Payment and discounts",
            html: '<ul><li>Cash or card payment at every location.</li><li><strong>Member card</strong> holders get 10% off all wash programmes.</li><li>Gift vouchers worth €20, €50 and €100 are available in our <a href="/en/shop">online shop</a>.</li><li>Fleets can be invoiced monthly – <a href="/en/contact">ask for a quote</a>.</li></ul>',
          },
        },
      ],
    },

    euProject: {
      slug: "eu-project",
      title: "EU project",
      summary: "The 'Green Car Wash' project, co-financed under the National Recovery and Resilience Plan 2021–2026 – NextGenerationEU.",
      components: [
        {
          template: "richText",
          data: {
            title: "Green Car Wash – water recycling and solar energy",
            html: `<p>${COMPANY.legalName} is carrying out the project <strong>“Green Car Wash – water recycling and solar energy”</strong>, co-financed by the European Union – NextGenerationEU under Croatia's National Recovery and Resilience Plan 2021–2026.</p><h2>Key facts</h2><ul><li><strong>Beneficiary:</strong> ${COMPANY.legalName}</li><li><strong>Reference number:</strong> NPOO.C1.1.2.R3-I2.01.0456</li><li><strong>Total project value:</strong> EUR 186,400.00</li><li><strong>EU co-financing:</strong> EUR 111,840.00 (60%)</li><li><strong>Implementation period:</strong> 1 March 2024 – 31 December 2025</li></ul><h2>Project goal</h2><p>The project aims to reduce drinking-water and electricity consumption at all three locations and to digitalise the sale of our services, making the company more resilient and competitive.</p><h2>Activities and expected results</h2><ul><li>water treatment and recycling systems at Jankomir, Dubrava and Velika Gorica – up to 70% less drinking water used</li><li>a 60 kW solar power plant on the roof of the Jankomir location, covering about 40% of our annual electricity needs</li><li>LED lighting throughout and variable-frequency drives on the high-pressure pumps</li><li>an online shop selling gift vouchers and car-care products</li></ul><h2>Contact</h2><p>For more information about the project, write to <a href="mailto:${COMPANY.email}">${COMPANY.email}</a>.</p><p>Funded by the European Union – NextGenerationEU. Views and opinions expressed are however those of the author(s) only and do not necessarily reflect those of the European Union or the European Commission. Neither the European Union nor the European Commission can be held responsible for them.</p>`,
          },
        },
        {
          template: "euNotice",
          data: {
            text: EU_TEXT,
            link: { label: "National Recovery and Resilience Plan", href: "https://planoporavka.gov.hr" },
            image: EU_IMAGE,
          },
        },
      ],
    },

    terms: {
      slug: "terms-of-sale",
      title: "Terms of sale",
      summary:
        "General terms of sale of the Autopraonica Zagreb online shop: orders, prices, payment, delivery, withdrawal and complaints.",
      components: [
        {
          template: "richText",
          data: {
            html: `<h2>1. Seller</h2><p>The seller is ${COMPANY.legalName}, ${COMPANY_ADDRESS}, Croatia (the seller). Contact: <a href="mailto:${COMPANY.email}">${COMPANY.email}</a>, ${COMPANY.phone}.</p><h2>2. Orders and conclusion of the contract</h2><p>You can order as a registered customer or as a guest. The contract is concluded when you receive the order confirmation e-mail.</p><h2>3. Prices and payment</h2><p>All prices are shown in euros (EUR) and include VAT. You can pay by card on a secure payment page or when collecting your order at one of our locations. Member card holders get the member prices shown next to the product.</p><h2>4. Delivery</h2><p>Gift vouchers are sent by e-mail immediately after payment and are valid for twelve months from the date of purchase. Car-care products are delivered within Croatia in 2 to 5 working days, or you can collect them free of charge at any of our locations.</p><h2>5. Right of withdrawal</h2><p>As a consumer you may withdraw from the contract within 14 days of receiving the goods without giving a reason. Send your withdrawal notice to <a href="mailto:${COMPANY.email}">${COMPANY.email}</a> and return the product undamaged in its original packaging. We refund the amount within 14 days of receiving your notice at the latest. The right of withdrawal does not apply to gift vouchers that have already been redeemed.</p><h2>6. Complaints</h2><p>You can send a written complaint by post or e-mail; we reply within 15 days of receipt. Statutory liability for material defects under the Croatian Civil Obligations Act applies to all products.</p><h2>7. Final provisions</h2><p>These terms are governed by Croatian law. They apply from 1 January 2025. In case of doubt the Croatian version prevails.</p>`,
          },
        },
      ],
    },

    privacy: {
      slug: "privacy",
      title: "Privacy policy",
      summary: "How Autopraonica Zagreb processes the personal data of customers and visitors, and what your rights are.",
      components: [
        {
          template: "richText",
          data: {
            html: `<p>${COMPANY.legalName}, as data controller, processes personal data in accordance with the General Data Protection Regulation (GDPR) and the Croatian Act on the Implementation of the GDPR.</p><h2>What data we collect</h2><ul><li>account data: first name, last name, e-mail address and password (stored only in a protected, irreversible form)</li><li>delivery and billing data: address, phone and, for companies, the company name and OIB (tax number)</li><li>data about your orders, reviews and comments</li><li>technical data and cookies, according to your settings</li></ul><h2>Purpose and legal basis</h2><p>We use your data to fulfil orders and run your customer account (performance of a contract), to issue invoices (legal obligation) and, with your consent, to send newsletters and analyse visits. You can withdraw your consent at any time.</p><h2>How long we keep data</h2><p>Invoices are kept as long as tax law requires (11 years), account data until the account is deleted, and your newsletter address until you unsubscribe.</p><h2>Your rights</h2><p>You have the right of access, rectification, erasure and data portability, the right to restrict processing and the right to object. Send your request to <a href="mailto:${COMPANY.gdprEmail}">${COMPANY.gdprEmail}</a>. If you believe your rights have been infringed, you can lodge a complaint with the Croatian Personal Data Protection Agency (<a href="https://azop.hr">azop.hr</a>).</p>`,
          },
        },
      ],
    },

    cookies: {
      slug: "cookies",
      title: "Cookies",
      summary: "Which cookies we use, what they are for and how you can change your choice.",
      components: [
        {
          template: "richText",
          data: {
            html: "<p>Cookies are small text files that a website stores in your browser. Some are necessary for the site to work; we use the others only with your consent.</p><h2>Types of cookies</h2><ul><li><strong>Necessary</strong> – remember your cart, login and chosen language (for example cartId, protectCode and locale). The online shop cannot work without them. If you buy as a guest, the guestUser cookie remembers the address you entered at checkout for 30 days so your next purchase is quicker; logging in deletes it.</li><li><strong>Analytics</strong> – count visits without identifying you and show us which pages are most useful.</li><li><strong>Marketing</strong> – allow relevant ads to be shown on other websites.</li></ul><h2>Managing cookies</h2><p>We remember your choice in the acceptedCookies cookie. You can change it by deleting cookies in your browser settings, after which the notice will be shown again.</p>",
          },
        },
      ],
    },
  },
};
