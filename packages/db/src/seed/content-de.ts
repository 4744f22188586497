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

/** German: every path is prefixed with /de and uses the German route names and page slugs. */

const HOURS: OpeningHours = [
  { days: "Montag – Freitag", time: "07:00 – 20:00" },
  { days: "Samstag", time: "Geschlossen" },
  { days: "Sonntag", time: "Geschlossen" },
];

const duration = (minutes: number) => (minutes < 60 ? `${minutes} Min.` : `${minutes / 60} Std.`);

const PROGRAMMES: ProgrammeTexts = {
  basic: {
    name: "Basiswäsche",
    description:
      "Vorwäsche mit Aktivschaum, Hochdruckwäsche mit weichen Bürsten, Spülung mit entmineralisiertem Wasser und Warmlufttrocknung.",
  },
  standard: {
    name: "Standardwäsche",
    description: "Basiswäsche plus Felgen- und Schwellerreinigung sowie Flüssigwachs zum Schutz des Lacks.",
  },
  premium: {
    name: "Premiumwäsche",
    description: "Standardwäsche plus Unterbodenwäsche, Glanzwachs und Handtrocknung mit Mikrofasertüchern.",
  },
  interior: {
    name: "Innenreinigung",
    description: "Aussaugen von Sitzen, Teppichen und Kofferraum, Reinigung des Armaturenbretts und der Scheiben von innen.",
  },
  complete: { name: "Komplettpflege", description: "Premiumwäsche außen und Innenreinigung in einem Besuch – 4 € günstiger als einzeln." },
  engine: {
    name: "Motorwäsche",
    description: "Schonende Reinigung des Motorraums mit abgedeckter Elektronik, abschließend Pflegemittel für Kunststoff und Gummi.",
  },
  seats: {
    name: "Sitz-Tiefenreinigung",
    description:
      "Sprühextraktionsreinigung von Stoffsitzen und Teppichen; Ihr Auto ist noch am selben Tag fahrbereit. Nach Terminvereinbarung.",
  },
  polish: {
    name: "Maschinenpolitur und Keramikversiegelung",
    description:
      "Entfernt feine Kratzer und Hologramme; die Keramikversiegelung schützt den Lack bis zu sechs Monate. Nach Terminvereinbarung.",
  },
  suv: {
    name: "Aufpreis für SUV, Transporter und Kleinlaster",
    description: "Für Fahrzeuge über 4,8 m Länge oder 1,9 m Höhe, zu jedem Waschprogramm.",
  },
};

const EU_TEXT =
  "Das Projekt wurde von der Europäischen Union im Rahmen des Nationalen Aufbau- und Resilienzplans 2021–2026 kofinanziert – NextGenerationEU";
const EU_IMAGE = image(IMAGES.euEmblem, "Finanziert von der Europäischen Union – NextGenerationEU");
const euNotice = (label: string): SeedComponent => ({
  template: "euNotice",
  data: { text: EU_TEXT, link: { label, href: "/de/eu-projekt" }, image: EU_IMAGE },
});

const FOOTER_LINKS = [
  { label: "Kaufbedingungen", href: "/de/kaufbedingungen" },
  { label: "Datenschutz", href: "/de/datenschutz" },
];

const COOKIE = {
  text: "Wir verwenden notwendige Cookies, damit die Website und Ihr Warenkorb funktionieren, und mit Ihrer Einwilligung Analyse- und Marketing-Cookies, mit denen wir unser Angebot verbessern. Sie können Ihre Auswahl jederzeit ändern.",
  acceptLabel: "Akzeptieren",
  necessaryLabel: "Nur notwendige",
  policyLink: { label: "Mehr über Cookies", href: "/de/cookies" },
};

const COPYRIGHT = `© ${SEED_YEAR} ${COMPANY.legalName} Alle Rechte vorbehalten.`;

export const CONTENT_DE: LocaleContent = {
  locale: "de",
  elementTitles: { header: "Kopfbereich", footer: "Fußbereich", cookie: "Cookie-Hinweis" },

  navigation: {
    main: [
      { title: "Startseite", url: "/de" },
      {
        title: "Leistungen",
        children: [
          { title: "Waschprogramme", url: "/de/preisliste" },
          { title: "Autowaschanlage", url: "/de/autowaschanlage" },
        ],
      },
      { title: "Über uns", url: "/de/ueber-uns" },
      { title: "Kontakt", url: "/de/kontakt" },
      { title: "Blog", url: "/de/blog" },
      { title: "Shop", url: "/de/shop" },
    ],
    footer1: [
      {
        title: "Leistungen",
        children: [
          { title: "Waschprogramme", url: "/de/preisliste" },
          { title: "Autowaschanlage", url: "/de/autowaschanlage" },
          { title: "Onlineshop", url: "/de/shop" },
        ],
      },
    ],
    footer2: [
      {
        title: "Unternehmen",
        children: [
          { title: "Über uns", url: "/de/ueber-uns" },
          { title: "Kontakt", url: "/de/kontakt" },
          { title: "Blog", url: "/de/blog" },
          { title: "EU-Projekt", url: "/de/eu-projekt" },
        ],
      },
    ],
    footer3: [
      {
        title: "Hilfe",
        children: [
          { title: "Anmelden", url: "/de/login" },
          { title: "Registrieren", url: "/de/register" },
          { title: "Passwort vergessen", url: "/de/passwort-vergessen" },
          { title: "Warenkorb", url: "/de/einkaufswagen" },
        ],
      },
    ],
    footer4: [
      {
        title: "Rechtliches",
        children: [
          { title: "Kaufbedingungen", url: "/de/kaufbedingungen" },
          { title: "Datenschutz", url: "/de/datenschutz" },
          { title: "Cookies", url: "/de/cookies" },
        ],
      },
    ],
  },

  elements: {
    default: {
      header: { logo: image(IMAGES.logo, "Autopraonica Zagreb"), ctaLink: { label: "Preise", href: "/de/preisliste" } },
      footer: {
        logo: image(IMAGES.logo, "Autopraonica Zagreb"),
        description:
          "Schnelle, gründliche und schonende Autowäsche an drei Standorten in Zagreb und Velika Gorica. Seit 2009 kümmern wir uns um Ihr Auto – und um das Wasser, das wir verbrauchen.",
        items: [
          { icon: "address", text: `${COMPANY_ADDRESS}, Kroatien` },
          { icon: "phone", text: COMPANY.phone },
          { icon: "email", text: COMPANY.email },
        ],
        openingHours: HOURS,
        links: FOOTER_LINKS,
        euNotice: { text: EU_TEXT, link: { label: "Mehr zum EU-Projekt", href: "/de/eu-projekt" }, image: EU_IMAGE },
        copyright: COPYRIGHT,
      },
      cookie: COOKIE,
    },
    carwash: {
      header: {
        logo: image(IMAGES.logoCarwash, "Autopraonica – Waschen, Pflege, Glanz"),
        ctaLink: { label: "Standorte und Öffnungszeiten", href: "/de/kontakt" },
      },
      footer: {
        logo: image(IMAGES.logoCarwash, "Autopraonica – Waschen, Pflege, Glanz"),
        description:
          "Ohne Termin, Montag bis Freitag von 7 bis 20 Uhr: Aktivschaum, weiche Bürsten und entmineralisiertes Wasser für fleckenfreien Glanz. Drei Standorte, ein Qualitätsstandard.",
        items: [
          { icon: "address", text: "Jankomir 31, Zagreb" },
          { icon: "address", text: "Avenija Dubrava 214, Zagreb" },
          { icon: "address", text: "Zagrebačka ulica 88, Velika Gorica" },
          { icon: "phone", text: COMPANY.phone },
          { icon: "clock", text: "Mo – Fr 07:00 – 20:00" },
        ],
        openingHours: HOURS,
        links: [
          { label: "Waschprogramme", href: "/de/preisliste" },
          { label: "Onlineshop", href: "/de/shop" },
        ],
        euNotice: { text: EU_TEXT, link: { label: "Mehr zum EU-Projekt", href: "/de/eu-projekt" }, image: EU_IMAGE },
        copyright: COPYRIGHT,
      },
      cookie: COOKIE,
    },
  },

  pages: {
    home: {
      slug: "pocetna",
      title: "Startseite",
      summary: "Autowäsche an drei Standorten in Zagreb und Velika Gorica, Montag bis Freitag von 7 bis 20 Uhr, ohne Termin.",
      components: [
        {
          template: "hero",
          data: {
            title: "Glanz ohne Kratzer – an drei Standorten in Zagreb",
            text: "Aktivschaum, weiche Bürsten und entmineralisiertes Wasser. Kommen Sie ohne Termin, Montag bis Freitag von 7 bis 20 Uhr, und fahren Sie nach etwa zehn Minuten mit einem sauberen Auto weiter.",
            cta: { label: "Zur Preisliste", href: "/de/preisliste" },
            image: image(IMAGES.hero, "Ein Auto voller Aktivschaum"),
          },
        },
        {
          template: "priceList",
          data: {
            title: "Die beliebtesten Waschprogramme",
            note: "Preise in Euro inklusive MwSt. Alle Leistungen und Aufpreise finden Sie in der Preisliste.",
            items: priceItems(["basic", "standard", "premium", "complete"], PROGRAMMES, duration),
          },
        },
        {
          template: "imageText",
          data: {
            title: "Schaum, der reinigt statt kratzt",
            html: "<p>Zuerst weichen wir den Schmutz mit pH-neutralem Aktivschaum ein und entfernen ihn erst dann mit Hochdruck und Bürsten aus weichem Schaumstoffgewebe. So werden Sand und Steinchen nicht über den Lack gezogen.</p><p>Die Schlussspülung erfolgt mit <strong>entmineralisiertem Wasser</strong> – nach dem Trocknen bleiben keine Kalkflecken auf Scheiben und Lack.</p><ul><li>biologisch abbaubare Reinigungsmittel</li><li>bis zu 80 % des Wassers werden aufbereitet und wiederverwendet</li><li>regelmäßig gewartete und erneuerte Bürsten</li></ul>",
            image: image(IMAGES.foam, "Dichter weißer Aktivschaum"),
            imageSide: "right",
          },
        },
        { template: "locations", data: locationsBlock("So finden Sie uns", HOURS) },
        {
          template: "faq",
          data: {
            title: "Häufige Fragen",
            items: [
              {
                question: "Muss ich einen Termin vereinbaren?",
                answer:
                  "Nein. An allen Standorten waschen wir in der Reihenfolge der Ankunft. Am vollsten ist es werktags zwischen 16 und 18 Uhr, am ruhigsten vormittags.",
              },
              {
                question: "Ist die Wäsche schonend für den Lack?",
                answer:
                  "Ja. Wir verwenden Bürsten aus weichem Schaumstoffgewebe, pH-neutralen Aktivschaum und entmineralisiertes Wasser für die Schlussspülung – ohne Kratzer und ohne Wasserflecken.",
              },
              {
                question: "Kann ich mit Karte oder Gutschein bezahlen?",
                answer:
                  "Ja. Wir akzeptieren alle gängigen Karten und Bargeld; im Onlineshop gekaufte Gutscheine können Sie an jedem Standort einlösen.",
              },
              {
                question: "Haben Sie am Wochenende geöffnet?",
                answer:
                  "Nein, samstags und sonntags sind alle Standorte geschlossen. Von Montag bis Freitag sind wir von 7 bis 20 Uhr für Sie da.",
              },
              {
                question: "Waschen Sie auch Transporter und SUVs?",
                answer:
                  "Ja, unsere Waschstraßen nehmen Fahrzeuge bis 2,3 m Höhe auf. Für Fahrzeuge über 4,8 m Länge oder 1,9 m Höhe berechnen wir einen Aufpreis von 4 €.",
              },
            ],
          },
        },
        euNotice("Mehr über das Projekt"),
      ],
    },

    carwash: {
      slug: "autowaschanlage",
      title: "Autowaschanlage",
      summary: "Waschstraßen, Staubsauger und Innenpflege an drei Standorten – ohne Termin, Montag bis Freitag von 7 bis 20 Uhr.",
      components: [
        {
          template: "hero",
          data: {
            title: "Autowäsche ohne Terminvereinbarung",
            text: "Einfach vorbeikommen: Waschstraßen, Staubsauger und geschultes Personal erwarten Sie Montag bis Freitag von 7 bis 20 Uhr.",
            cta: { label: "Nächsten Standort finden", href: "/de/kontakt" },
            image: image(IMAGES.heroCarwash, "Ein Auto in der Waschstraße mit Bürsten und Sprühdüsen"),
          },
        },
        {
          template: "priceList",
          data: {
            title: "Waschprogramme",
            note: "Für SUV, Transporter und Kleinlaster berechnen wir einen Aufpreis von 4 €.",
            items: priceItems(["basic", "standard", "premium", "interior", "complete"], PROGRAMMES, duration),
          },
        },
        {
          template: "gallery",
          data: {
            title: "Einblicke in unsere Waschanlagen",
            images: [
              image(IMAGES.gallery1, "Die Waschstraße am Standort Jankomir"),
              image(IMAGES.gallery2, "Handtrocknung mit Mikrofasertüchern"),
              image(IMAGES.gallery3, "Innenreinigung"),
              image(IMAGES.gallery4, "Der Standort Jankomir am Abend"),
            ],
          },
        },
        { template: "locations", data: locationsBlock("Unsere Standorte", HOURS) },
      ],
    },

    about: {
      slug: "ueber-uns",
      title: "Über uns",
      summary: "Eine familiengeführte Autowaschanlage, 2009 in Jankomir gegründet, heute mit drei Standorten in Zagreb und Velika Gorica.",
      components: [
        {
          template: "hero",
          data: {
            title: "Familienbetrieb seit 2009",
            text: "Angefangen haben wir mit einer einzigen Waschstraße in Jankomir – heute waschen wir an drei Standorten jeden Werktag mehr als 600 Autos.",
          },
        },
        {
          template: "imageText",
          data: {
            title: "Unsere Geschichte",
            html: "<p>Die Autopraonica Zagreb wurde 2009 von der Familie Horvat gegründet – mit der Idee, dass eine Autowäsche schnell und trotzdem sorgfältig sein kann. Die erste Waschstraße entstand in Jankomir, 2016 kam der Standort Dubrava hinzu und 2021 Velika Gorica.</p><p>Heute sind wir ein Team von vierundzwanzig Personen, und alle haben eine interne Schulung zu Reinigungsmitteln, Lackschutz und dem Umgang mit den Anlagen absolviert.</p>",
            image: image(IMAGES.about, "Das Gebäude der Waschanlage mit überdachten Waschboxen"),
            imageSide: "left",
          },
        },
        {
          template: "richText",
          data: {
            title: "Was uns wichtig ist",
            html: '<ul><li><strong>Sorgfalt für Ihr Auto</strong> – weiche Bürsten, bewährte Mittel und eine Sichtkontrolle, bevor das Auto die Waschstraße verlässt.</li><li><strong>Verantwortung für die Umwelt</strong> – wir bereiten unser Wasser auf, verwenden biologisch abbaubare Mittel, und auf dem Dach in Jankomir steht eine Solaranlage.</li><li><strong>Faire Preise</strong> – eine klare Preisliste ohne versteckte Kosten und Rabatt für Inhaber der Kundenkarte.</li><li><strong>Schnelligkeit</strong> – eine Basiswäsche dauert etwa zehn Minuten, ohne Termin.</li></ul><p>Haben Sie Anregungen oder Lob? <a href="/de/kontakt">Schreiben Sie uns</a>.</p>',
          },
        },
        euNotice("Zum Projekt"),
      ],
    },

    contact: {
      slug: "kontakt",
      title: "Kontakt",
      summary:
        "Adressen, Telefonnummern und Öffnungszeiten unserer Standorte sowie der Kontakt zur Geschäftsleitung für Geschäftsanfragen und Reklamationen.",
      components: [
        { template: "locations", data: locationsBlock("Standorte und Öffnungszeiten", HOURS) },
        {
          template: "richText",
          data: {
            title: "Geschäftsleitung und Geschäftsanfragen",
            html: `<p><strong>${COMPANY.legalName}</strong>, ${COMPANY_ADDRESS}, Kroatien</p><p>Telefon: <a href="tel:+38515550100">${COMPANY.phone}</a> · E-Mail: <a href="mailto:${COMPANY.email}">${COMPANY.email}</a></p><h2>Flottenwäsche</h2><p>Unternehmen bieten wir monatliche Abrechnung, Wäsche nach vereinbartem Plan und 15 % Rabatt ab zehn Fahrzeugen. Senden Sie uns Anzahl und Art Ihrer Fahrzeuge – Sie erhalten innerhalb von zwei Werktagen ein Angebot.</p><h2>Reklamationen</h2><p>Wenn Sie mit der Wäsche nicht zufrieden sind, sprechen Sie bitte sofort unser Personal vor Ort an oder schreiben Sie uns innerhalb von 24 Stunden unter Angabe der Belegnummer – wir waschen Ihr Auto kostenlos noch einmal.</p>`,
          },
        },
      ],
    },

    priceList: {
      slug: "preisliste",
      title: "Preisliste",
      summary: "Preise für Außenwäsche, Innenreinigung und zusätzliche Fahrzeugpflege. Preise in Euro inklusive MwSt.",
      components: [
        {
          template: "priceList",
          data: {
            title: "Außenwäsche",
            note: "Alle Preise in Euro inklusive MwSt.",
            items: priceItems(["basic", "standard", "premium", "suv"], PROGRAMMES, duration),
          },
        },
        {
          template: "priceList",
          data: {
            title: "Innenraum und Zusatzpflege",
            note: "Tiefenreinigung und Politur nach Terminvereinbarung – rufen Sie einfach den gewünschten Standort an.",
            items: priceItems(["interior", "complete", "engine", "seats", "polish"], PROGRAMMES, duration),
          },
        },
        {
          template: "richText",
          data: {
            title: "Bezahlung und Rabatte",
            html: '<ul><li>Barzahlung oder Kartenzahlung an allen Standorten.</li><li>Inhaber der <strong>Kundenkarte</strong> erhalten 10 % Rabatt auf alle Waschprogramme.</li><li>Gutscheine über 20, 50 und 100 € erhalten Sie in unserem <a href="/de/shop">Onlineshop</a>.</li><li>Für Fuhrparks bieten wir monatliche Abrechnung – <a href="/de/kontakt">Angebot anfordern</a>.</li></ul>',
          },
        },
      ],
    },

    euProject: {
      slug: "eu-projekt",
      title: "EU-Projekt",
      summary: "Das Projekt „Grüne Autowäsche“, kofinanziert aus dem Nationalen Aufbau- und Resilienzplan 2021–2026 – NextGenerationEU.",
      components: [
        {
          template: "richText",
          data: {
            title: "Grüne Autowäsche – Wasserrecycling und Sonnenenergie",
            html: `<p>Die ${COMPANY.legalName} führt das Projekt <strong>„Grüne Autowäsche – Wasserrecycling und Sonnenenergie“</strong> durch, das von der Europäischen Union – NextGenerationEU im Rahmen des kroatischen Nationalen Aufbau- und Resilienzplans 2021–2026 kofinanziert wird.</p><h2>Eckdaten</h2><ul><li><strong>Begünstigter:</strong> ${COMPANY.legalName}</li><li><strong>Referenznummer:</strong> NPOO.C1.1.2.R3-I2.01.0456</li><li><strong>Gesamtwert des Projekts:</strong> 186.400,00 EUR</li><li><strong>EU-Kofinanzierung:</strong> 111.840,00 EUR (60 %)</li><li><strong>Laufzeit:</strong> 1. März 2024 – 31. Dezember 2025</li></ul><h2>Projektziel</h2><p>Ziel des Projekts ist es, den Trinkwasser- und Stromverbrauch an allen drei Standorten zu senken und den Verkauf unserer Leistungen zu digitalisieren, damit das Unternehmen widerstandsfähiger und wettbewerbsfähiger wird.</p><h2>Maßnahmen und erwartete Ergebnisse</h2><ul><li>Anlagen zur Wasseraufbereitung und -wiederverwendung in Jankomir, Dubrava und Velika Gorica – bis zu 70 % weniger Trinkwasserverbrauch</li><li>eine Photovoltaikanlage mit 60 kW auf dem Dach des Standorts Jankomir, die rund 40 % des jährlichen Strombedarfs deckt</li><li>LED-Beleuchtung und Frequenzumrichter für die Hochdruckpumpen</li><li>ein Onlineshop für Gutscheine und Autopflegeprodukte</li></ul><h2>Kontakt</h2><p>Weitere Informationen zum Projekt erhalten Sie unter <a href="mailto:${COMPANY.email}">${COMPANY.email}</a>.</p><p>Finanziert von der Europäischen Union – NextGenerationEU. Die geäußerten Ansichten und Meinungen entsprechen jedoch ausschließlich denen des Autors bzw. der Autoren und spiegeln nicht zwingend die der Europäischen Union oder der Europäischen Kommission wider. Weder die Europäische Union noch die Europäische Kommission können dafür verantwortlich gemacht werden.</p>`,
          },
        },
        {
          template: "euNotice",
          data: {
            text: EU_TEXT,
            link: { label: "Nationaler Aufbau- und Resilienzplan", href: "https://planoporavka.gov.hr" },
            image: EU_IMAGE,
          },
        },
      ],
    },

    terms: {
      slug: "kaufbedingungen",
      title: "Kaufbedingungen",
      summary:
        "Allgemeine Kaufbedingungen des Onlineshops der Autopraonica Zagreb: Bestellung, Preise, Zahlung, Lieferung, Widerruf und Reklamationen.",
      components: [
        {
          template: "richText",
          data: {
            html: `<h2>1. Verkäufer</h2><p>Verkäufer ist die ${COMPANY.legalName}, ${COMPANY_ADDRESS}, Kroatien (im Folgenden: Verkäufer). Kontakt: <a href="mailto:${COMPANY.email}">${COMPANY.email}</a>, ${COMPANY.phone}.</p><h2>2. Bestellung und Vertragsschluss</h2><p>Sie können als registrierter Kunde oder als Gast bestellen. Der Vertrag kommt zustande, sobald Sie die Bestellbestätigung per E-Mail erhalten.</p><h2>3. Preise und Zahlung</h2><p>Alle Preise sind in Euro (EUR) angegeben und enthalten die Mehrwertsteuer. Sie können per Karte über eine sichere Zahlungsseite oder bei Abholung in einem unserer Standorte bezahlen. Inhaber der Kundenkarte erhalten die beim Produkt angezeigten Mitgliederpreise.</p><h2>4. Lieferung</h2><p>Gutscheine werden unmittelbar nach der Zahlung per E-Mail versandt und sind zwölf Monate ab Kaufdatum gültig. Autopflegeprodukte liefern wir innerhalb Kroatiens in 2 bis 5 Werktagen, oder Sie holen sie kostenlos an einem unserer Standorte ab.</p><h2>5. Widerrufsrecht</h2><p>Als Verbraucher können Sie den Vertrag innerhalb von 14 Tagen nach Erhalt der Ware ohne Angabe von Gründen widerrufen. Senden Sie Ihren Widerruf an <a href="mailto:${COMPANY.email}">${COMPANY.email}</a> und schicken Sie das Produkt unbeschädigt in der Originalverpackung zurück. Wir erstatten den Betrag spätestens 14 Tage nach Eingang des Widerrufs. Das Widerrufsrecht gilt nicht für bereits eingelöste Gutscheine.</p><h2>6. Reklamationen</h2><p>Schriftliche Beschwerden können Sie per Post oder E-Mail einreichen; wir antworten innerhalb von 15 Tagen nach Eingang. Für Produkte gilt die gesetzliche Mängelhaftung nach kroatischem Schuldrecht.</p><h2>7. Schlussbestimmungen</h2><p>Es gilt kroatisches Recht. Diese Bedingungen gelten ab dem 1. Januar 2025. Im Zweifel ist die kroatische Fassung maßgeblich.</p>`,
          },
        },
      ],
    },

    privacy: {
      slug: "datenschutz",
      title: "Datenschutz",
      summary: "Wie die Autopraonica Zagreb personenbezogene Daten von Kunden und Besuchern verarbeitet und welche Rechte Sie haben.",
      components: [
        {
          template: "richText",
          data: {
            html: `<p>Die ${COMPANY.legalName} verarbeitet als Verantwortliche personenbezogene Daten gemäß der Datenschutz-Grundverordnung (DSGVO) und dem kroatischen Gesetz zur Durchführung der DSGVO.</p><h2>Welche Daten wir erheben</h2><ul><li>Kontodaten: Vorname, Nachname, E-Mail-Adresse und Passwort (ausschließlich in geschützter, nicht umkehrbarer Form gespeichert)</li><li>Liefer- und Rechnungsdaten: Adresse, Telefonnummer und bei Unternehmen Firmenname und OIB (Steuernummer)</li><li>Daten zu Ihren Bestellungen, Bewertungen und Kommentaren</li><li>technische Daten und Cookies gemäß Ihren Einstellungen</li></ul><h2>Zweck und Rechtsgrundlage</h2><p>Wir verwenden Ihre Daten zur Abwicklung von Bestellungen und zur Führung Ihres Kundenkontos (Vertragserfüllung), zur Rechnungsstellung (rechtliche Verpflichtung) sowie mit Ihrer Einwilligung für den Newsletter und die Besuchsanalyse. Ihre Einwilligung können Sie jederzeit widerrufen.</p><h2>Speicherdauer</h2><p>Rechnungen bewahren wir so lange auf, wie es das Steuerrecht vorschreibt (11 Jahre), Kontodaten bis zur Löschung des Kontos und Ihre Newsletter-Adresse bis zur Abmeldung.</p><h2>Ihre Rechte</h2><p>Sie haben das Recht auf Auskunft, Berichtigung, Löschung und Datenübertragbarkeit, auf Einschränkung der Verarbeitung sowie ein Widerspruchsrecht. Ihre Anfrage senden Sie bitte an <a href="mailto:${COMPANY.gdprEmail}">${COMPANY.gdprEmail}</a>. Wenn Sie der Ansicht sind, dass Ihre Rechte verletzt wurden, können Sie sich bei der kroatischen Datenschutzbehörde beschweren (<a href="https://azop.hr">azop.hr</a>).</p>`,
          },
        },
      ],
    },

    cookies: {
      slug: "cookies",
      title: "Cookies",
      summary: "Welche Cookies wir verwenden, wozu sie dienen und wie Sie Ihre Auswahl ändern können.",
      components: [
        {
          template: "richText",
          data: {
            html: "<p>Cookies sind kleine Textdateien, die eine Website in Ihrem Browser speichert. Einige sind für den Betrieb der Website notwendig, alle anderen verwenden wir nur mit Ihrer Einwilligung.</p><h2>Arten von Cookies</h2><ul><li><strong>Notwendige</strong> – speichern Warenkorb, Anmeldung und gewählte Sprache (zum Beispiel cartId, protectCode und locale). Ohne sie funktioniert der Onlineshop nicht. Wenn Sie als Gast kaufen, speichert das Cookie guestUser 30 Tage lang die an der Kasse eingegebene Adresse, damit Ihr nächster Einkauf schneller geht; eine Anmeldung löscht es.</li><li><strong>Analyse</strong> – zählen Besuche, ohne Sie zu identifizieren, und zeigen uns, welche Seiten am nützlichsten sind.</li><li><strong>Marketing</strong> – ermöglichen passende Werbung auf anderen Websites.</li></ul><h2>Cookies verwalten</h2><p>Ihre Auswahl speichern wir im Cookie acceptedCookies. Sie können sie ändern, indem Sie die Cookies in Ihren Browsereinstellungen löschen; danach wird der Hinweis erneut angezeigt.</p>",
          },
        },
      ],
    },
  },
};
