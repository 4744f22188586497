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

/** Croatian, the default language: paths have no prefix. */

const HOURS: OpeningHours = [
  { days: "Ponedjeljak – petak", time: "07:00 – 20:00" },
  { days: "Subota", time: "Zatvoreno" },
  { days: "Nedjelja", time: "Zatvoreno" },
];

const duration = (minutes: number) => (minutes < 60 ? `${minutes} min` : `${minutes / 60} h`);

const PROGRAMMES: ProgrammeTexts = {
  basic: {
    name: "Osnovno pranje",
    description:
      "Predpranje aktivnom pjenom, pranje visokotlačnim mlazom i mekanim četkama, ispiranje demineraliziranom vodom i sušenje toplim zrakom.",
  },
  standard: { name: "Standardno pranje", description: "Osnovno pranje uz pranje felgi i pragova te zaštitu laka tekućim voskom." },
  premium: { name: "Premium pranje", description: "Standardno pranje uz pranje podvozja, sjajni vosak i ručno brisanje mikrofibrom." },
  interior: {
    name: "Čišćenje interijera",
    description: "Usisavanje sjedala, tepiha i prtljažnika, brisanje armature i pranje stakala s unutarnje strane.",
  },
  complete: {
    name: "Kompletna njega",
    description: "Premium pranje izvana i čišćenje interijera u jednom posjetu – 4 € povoljnije nego zasebno.",
  },
  engine: {
    name: "Pranje motora",
    description: "Pažljivo pranje motornog prostora uz zaštitu elektronike i zaštitno sredstvo za plastiku i gumu.",
  },
  seats: {
    name: "Dubinsko čišćenje sjedala",
    description: "Ekstrakcijsko čišćenje tekstilnih sjedala i tepiha; vozilo je spremno za vožnju isti dan. Termin po dogovoru.",
  },
  polish: {
    name: "Strojno poliranje i keramička zaštita",
    description:
      "Uklanjanje sitnih ogrebotina i hologramskih tragova te keramički premaz koji štiti lak do šest mjeseci. Termin po dogovoru.",
  },
  suv: {
    name: "Doplata za SUV, kombi i dostavna vozila",
    description: "Za vozila dulja od 4,8 m ili viša od 1,9 m, uz svaki program pranja.",
  },
};

const EU_TEXT = "Projekt je sufinancirala Europska unija iz Nacionalnog plana oporavka i otpornosti 2021.–2026. – NextGenerationEU";
const EU_IMAGE = image(IMAGES.euEmblem, "Financira Europska unija – NextGenerationEU");
const euNotice = (label: string): SeedComponent => ({
  template: "euNotice",
  data: { text: EU_TEXT, link: { label, href: "/eu-projekt" }, image: EU_IMAGE },
});

const FOOTER_LINKS = [
  { label: "Uvjeti kupnje", href: "/uvjeti-kupnje" },
  { label: "Zaštita privatnosti", href: "/privatnost" },
];

const COOKIE = {
  text: "Koristimo nužne kolačiće kako bi stranica i košarica radile, a uz vaš pristanak i analitičke i marketinške kolačiće kojima poboljšavamo ponudu. Odabir možete promijeniti u bilo kojem trenutku.",
  acceptLabel: "Prihvaćam",
  necessaryLabel: "Samo nužni",
  policyLink: { label: "Više o kolačićima", href: "/kolacici" },
};

const COPYRIGHT = `© ${SEED_YEAR} ${COMPANY.legalName} Sva prava pridržana.`;

export const CONTENT_HR: LocaleContent = {
  locale: "hr",
  elementTitles: { header: "Zaglavlje", footer: "Podnožje", cookie: "Obavijest o kolačićima" },

  navigation: {
    main: [
      { title: "Početna", url: "/" },
      {
        title: "Usluge",
        children: [
          { title: "Programi pranja", url: "/cjenik" },
          { title: "Autopraonica", url: "/autopraonica" },
        ],
      },
      { title: "O nama", url: "/o-nama" },
      { title: "Kontakt", url: "/kontakt" },
      { title: "Blog", url: "/objave" },
      { title: "Trgovina", url: "/shop" },
    ],
    footer1: [
      {
        title: "Usluge",
        children: [
          { title: "Programi pranja", url: "/cjenik" },
          { title: "Autopraonica", url: "/autopraonica" },
          { title: "Web trgovina", url: "/shop" },
        ],
      },
    ],
    footer2: [
      {
        title: "Tvrtka",
        children: [
          { title: "O nama", url: "/o-nama" },
          { title: "Kontakt", url: "/kontakt" },
          { title: "Blog", url: "/objave" },
          { title: "EU projekt", url: "/eu-projekt" },
        ],
      },
    ],
    footer3: [
      {
        title: "Pomoć",
        children: [
          { title: "Prijava", url: "/prijava" },
          { title: "Registracija", url: "/registracija" },
          { title: "Zaboravljena lozinka", url: "/zaboravljena-lozinka" },
          { title: "Košarica", url: "/kosarica" },
        ],
      },
    ],
    footer4: [
      {
        title: "Pravno",
        children: [
          { title: "Uvjeti kupnje", url: "/uvjeti-kupnje" },
          { title: "Zaštita privatnosti", url: "/privatnost" },
          { title: "Kolačići", url: "/kolacici" },
        ],
      },
    ],
  },

  elements: {
    default: {
      header: { logo: image(IMAGES.logo, "Autopraonica Zagreb"), ctaLink: { label: "Cjenik pranja", href: "/cjenik" } },
      footer: {
        logo: image(IMAGES.logo, "Autopraonica Zagreb"),
        description:
          "Brzo, temeljito i nježno pranje automobila na tri lokacije u Zagrebu i Velikoj Gorici. Od 2009. brinemo o vašem vozilu – i o vodi koju trošimo.",
        items: [
          { icon: "address", text: COMPANY_ADDRESS },
          { icon: "phone", text: COMPANY.phone },
          { icon: "email", text: COMPANY.email },
        ],
        openingHours: HOURS,
        links: FOOTER_LINKS,
        euNotice: { text: EU_TEXT, link: { label: "Više o EU projektu", href: "/eu-projekt" }, image: EU_IMAGE },
        copyright: COPYRIGHT,
      },
      cookie: COOKIE,
    },
    carwash: {
      header: {
        logo: image(IMAGES.logoCarwash, "Autopraonica – pranje, njega, sjaj"),
        ctaLink: { label: "Lokacije i radno vrijeme", href: "/kontakt" },
      },
      footer: {
        logo: image(IMAGES.logoCarwash, "Autopraonica – pranje, njega, sjaj"),
        description:
          "Pranje bez najave radnim danom od 7 do 20 sati: aktivna pjena, meke četke i demineralizirana voda za sjaj bez mrlja. Tri lokacije, isti standard kvalitete.",
        items: [
          { icon: "address", text: "Jankomir 31, Zagreb" },
          { icon: "address", text: "Avenija Dubrava 214, Zagreb" },
          { icon: "address", text: "Zagrebačka ulica 88, Velika Gorica" },
          { icon: "phone", text: COMPANY.phone },
          { icon: "clock", text: "Pon – pet 07:00 – 20:00" },
        ],
        openingHours: HOURS,
        links: [
          { label: "Programi pranja", href: "/cjenik" },
          { label: "Web trgovina", href: "/shop" },
        ],
        euNotice: { text: EU_TEXT, link: { label: "Više o EU projektu", href: "/eu-projekt" }, image: EU_IMAGE },
        copyright: COPYRIGHT,
      },
      cookie: COOKIE,
    },
  },

  pages: {
    home: {
      slug: "pocetna",
      title: "Početna",
      summary: "Pranje automobila na tri lokacije u Zagrebu i Velikoj Gorici, radnim danom od 7 do 20 sati, bez najave.",
      components: [
        {
          template: "hero",
          data: {
            title: "Sjaj bez ogrebotine – na tri lokacije u Zagrebu",
            text: "Aktivna pjena, meke četke i demineralizirana voda. Dovezite se bez najave radnim danom od 7 do 20 sati i za desetak minuta vozite čist automobil.",
            cta: { label: "Pogledajte cjenik", href: "/cjenik" },
            image: image(IMAGES.hero, "Automobil prekriven pjenom aktivnog šampona"),
          },
        },
        {
          template: "priceList",
          data: {
            title: "Najtraženiji programi pranja",
            note: "Cijene su u eurima i uključuju PDV. Sve usluge i doplate pronaći ćete u cjeniku.",
            items: priceItems(["basic", "standard", "premium", "complete"], PROGRAMMES, duration),
          },
        },
        {
          template: "imageText",
          data: {
            title: "Pjena koja čisti, a ne grebe",
            html: "<p>Prljavštinu najprije omekšamo pH-neutralnom aktivnom pjenom, a tek je onda uklanjamo visokotlačnim mlazom i četkama od mekane pjenaste tkanine. Tako se pijesak i sitni kamenčići ne vuku po laku.</p><p>Završno ispiranje radimo <strong>demineraliziranom vodom</strong>, pa nakon sušenja na staklima i laku ne ostaju mrlje od kamenca.</p><ul><li>biorazgradiva sredstva za pranje</li><li>do 80 % vode pročišćavamo i ponovno koristimo</li><li>četke redovito održavamo i mijenjamo</li></ul>",
            image: image(IMAGES.foam, "Gusta bijela pjena aktivnog šampona"),
            imageSide: "right",
          },
        },
        { template: "locations", data: locationsBlock("Gdje nas možete pronaći", HOURS) },
        {
          template: "faq",
          data: {
            title: "Česta pitanja",
            items: [
              {
                question: "Trebam li se najaviti?",
                answer:
                  "Ne. Na svim lokacijama peremo redom dolaska. Najveće su gužve radnim danom između 16 i 18 sati, a najmirnije je prijepodne.",
              },
              {
                question: "Je li pranje sigurno za lak mog automobila?",
                answer:
                  "Da. Koristimo četke od mekane pjenaste tkanine, pH-neutralnu aktivnu pjenu i demineraliziranu vodu za završno ispiranje, pa na laku ne ostaju ni ogrebotine ni mrlje.",
              },
              {
                question: "Mogu li platiti karticom ili poklon bonom?",
                answer:
                  "Možete. Primamo sve uobičajene kartice i gotovinu, a poklon bonove kupljene u web trgovini možete iskoristiti na bilo kojoj lokaciji.",
              },
              {
                question: "Radite li vikendom?",
                answer: "Ne, subotom i nedjeljom sve su lokacije zatvorene. Od ponedjeljka do petka radimo od 7 do 20 sati.",
              },
              {
                question: "Peru li se kod vas i kombiji i SUV vozila?",
                answer: "Da, linije primaju vozila visine do 2,3 m. Za vozila dulja od 4,8 m ili viša od 1,9 m naplaćujemo doplatu od 4 €.",
              },
            ],
          },
        },
        euNotice("Saznajte više o projektu"),
      ],
    },

    carwash: {
      slug: "autopraonica",
      title: "Autopraonica",
      summary: "Automatske linije za pranje, usisavači i njega interijera na tri lokacije – bez najave, radnim danom od 7 do 20 sati.",
      components: [
        {
          template: "hero",
          data: {
            title: "Autopraonica bez čekanja na termin",
            text: "Samo se dovezite: linije za pranje, usisavači i stručno osoblje čekaju vas radnim danom od 7 do 20 sati.",
            cta: { label: "Pronađite najbližu lokaciju", href: "/kontakt" },
            image: image(IMAGES.heroCarwash, "Automobil u liniji za pranje s četkama i mlaznicama"),
          },
        },
        {
          template: "priceList",
          data: {
            title: "Programi pranja",
            note: "Za SUV, kombi i dostavna vozila naplaćujemo doplatu od 4 €.",
            items: priceItems(["basic", "standard", "premium", "interior", "complete"], PROGRAMMES, duration),
          },
        },
        {
          template: "gallery",
          data: {
            title: "Pogled u naše praonice",
            images: [
              image(IMAGES.gallery1, "Linija za pranje na lokaciji Jankomir"),
              image(IMAGES.gallery2, "Ručno sušenje mikrofibrom"),
              image(IMAGES.gallery3, "Čišćenje interijera"),
              image(IMAGES.gallery4, "Lokacija Jankomir navečer"),
            ],
          },
        },
        { template: "locations", data: locationsBlock("Naše lokacije", HOURS) },
      ],
    },

    about: {
      slug: "o-nama",
      title: "O nama",
      summary: "Obiteljska autopraonica osnovana 2009. u Jankomiru, danas s tri lokacije u Zagrebu i Velikoj Gorici.",
      components: [
        {
          template: "hero",
          data: {
            title: "Obiteljska autopraonica od 2009.",
            text: "Počeli smo s jednom linijom za pranje u Jankomiru, a danas na tri lokacije svakog radnog dana operemo više od 600 automobila.",
          },
        },
        {
          template: "imageText",
          data: {
            title: "Naša priča",
            html: "<p>Autopraonicu Zagreb osnovala je obitelj Horvat 2009. godine, s idejom da pranje automobila bude brzo, a ipak pažljivo. Prva linija za pranje otvorena je u Jankomiru, 2016. pridružila joj se lokacija u Dubravi, a 2021. i ona u Velikoj Gorici.</p><p>Danas nas je dvadeset i četvero, a svatko od nas prošao je internu obuku o sredstvima za pranje, zaštiti laka i radu s opremom.</p>",
            image: image(IMAGES.about, "Zgrada autopraonice s natkrivenim boksovima"),
            imageSide: "left",
          },
        },
        {
          template: "richText",
          data: {
            title: "Do čega nam je stalo",
            html: '<ul><li><strong>Pažnja prema vozilu</strong> – meke četke, provjerena sredstva i ručna kontrola prije izlaska iz linije.</li><li><strong>Čistoća bez kompromisa</strong> – svaki automobil izlazi suh i pregledan, a linije za pranje čistimo svakog jutra.</li><li><strong>Odgovornost prema okolišu</strong> – recikliramo vodu, koristimo biorazgradiva sredstva, a krov lokacije Jankomir pokriva solarna elektrana.</li><li><strong>Poštene cijene</strong> – jasan cjenik bez skrivenih troškova i popust za vlasnike članske kartice.</li><li><strong>Brzina</strong> – osnovno pranje traje desetak minuta, bez naručivanja.</li></ul><p>Imate prijedlog ili pohvalu? <a href="/kontakt">Javite nam se</a>.</p>',
          },
        },
        euNotice("O projektu"),
      ],
    },

    contact: {
      slug: "kontakt",
      title: "Kontakt",
      summary: "Adrese, telefoni i radno vrijeme naših lokacija te kontakt uprave za poslovne upite i reklamacije.",
      components: [
        { template: "locations", data: locationsBlock("Lokacije i radno vrijeme", HOURS) },
        {
          template: "richText",
          data: {
            title: "Uprava i poslovni upiti",
            html: `<p><strong>${COMPANY.legalName}</strong>, ${COMPANY_ADDRESS}</p><p>Telefon: <a href="tel:+38515550100">${COMPANY.phone}</a> · E-pošta: <a href="mailto:${COMPANY.email}">${COMPANY.email}</a></p><h2>Pranje voznih parkova</h2><p>Tvrtkama nudimo mjesečni obračun, pranje prema dogovorenom rasporedu i popust od 15 % za deset i više vozila. Pošaljite nam upit s brojem i vrstom vozila, a ponudu ćete dobiti u roku od dva radna dana.</p><h2>Reklamacije</h2><p>Ako niste zadovoljni pranjem, javite se odmah osoblju na lokaciji ili nam pišite u roku od 24 sata uz broj računa – pranje ćemo besplatno ponoviti.</p>`,
          },
        },
      ],
    },

    priceList: {
      slug: "cjenik",
      title: "Cjenik",
      summary: "Cjenik programa vanjskog pranja, čišćenja interijera i dodatne njege vozila. Cijene u eurima s PDV-om.",
      components: [
        {
          template: "priceList",
          data: {
            title: "Vanjsko pranje",
            note: "Sve cijene su u eurima i uključuju PDV.",
            items: priceItems(["basic", "standard", "premium", "suv"], PROGRAMMES, duration),
          },
        },
        {
          template: "priceList",
          data: {
            title: "Interijer i dodatna njega",
            note: "Dubinsko čišćenje i poliranje radimo po dogovoru – nazovite lokaciju na kojoj želite termin.",
            items: priceItems(["interior", "complete", "engine", "seats", "polish"], PROGRAMMES, duration),
          },
        },
        {
          template: "richText",
          data: {
            title: "Plaćanje i popusti",
            html: '<ul><li>Plaćanje gotovinom ili karticom na svim lokacijama.</li><li>Vlasnici <strong>članske kartice</strong> ostvaruju 10 % popusta na sve programe pranja.</li><li>Poklon bonove od 20, 50 i 100 € možete kupiti u <a href="/shop">web trgovini</a>.</li><li>Za vozne parkove nudimo mjesečni obračun – <a href="/kontakt">zatražite ponudu</a>.</li></ul>',
          },
        },
      ],
    },

    euProject: {
      slug: "eu-projekt",
      title: "EU projekt",
      summary: "Projekt „Zelena autopraonica“ sufinanciran iz Nacionalnog plana oporavka i otpornosti 2021.–2026. – NextGenerationEU.",
      components: [
        {
          template: "richText",
          data: {
            title: "Zelena autopraonica – recikliranje vode i sunčeva energija",
            html: `<p>${COMPANY.legalName} provodi projekt <strong>„Zelena autopraonica – recikliranje vode i sunčeva energija“</strong>, sufinanciran sredstvima Europske unije – NextGenerationEU u okviru Nacionalnog plana oporavka i otpornosti 2021.–2026.</p><h2>Osnovni podaci</h2><ul><li><strong>Korisnik:</strong> ${COMPANY.legalName}</li><li><strong>Referentni broj:</strong> NPOO.C1.1.2.R3-I2.01.0456</li><li><strong>Ukupna vrijednost projekta:</strong> 186.400,00 EUR</li><li><strong>Iznos sufinanciranja EU:</strong> 111.840,00 EUR (60 %)</li><li><strong>Razdoblje provedbe:</strong> 1. ožujka 2024. – 31. prosinca 2025.</li></ul><h2>Cilj projekta</h2><p>Cilj projekta je smanjiti potrošnju pitke vode i električne energije u sve tri poslovnice te digitalizirati prodaju usluga, kako bi tvrtka postala otpornija i konkurentnija.</p><h2>Aktivnosti i očekivani rezultati</h2><ul><li>sustav za pročišćavanje i recikliranje vode na lokacijama Jankomir, Dubrava i Velika Gorica – do 70 % manja potrošnja pitke vode</li><li>sunčana elektrana snage 60 kW na krovu lokacije Jankomir, koja pokriva oko 40 % godišnjih potreba za električnom energijom</li><li>zamjena rasvjete LED rasvjetom i frekvencijski regulatori na pumpama visokog tlaka</li><li>web trgovina s online prodajom poklon bonova i proizvoda za njegu vozila</li></ul><h2>Kontakt</h2><p>Za više informacija o projektu pišite na <a href="mailto:${COMPANY.email}">${COMPANY.email}</a>.</p><p>Financirano sredstvima Europske unije – NextGenerationEU. Izneseni stavovi i mišljenja samo su autorova i ne odražavaju nužno službena stajališta Europske unije ili Europske komisije. Ni Europska unija ni Europska komisija ne mogu se smatrati odgovornima za njih.</p>`,
          },
        },
        {
          template: "euNotice",
          data: {
            text: EU_TEXT,
            link: { label: "Nacionalni plan oporavka i otpornosti", href: "https://planoporavka.gov.hr" },
            image: EU_IMAGE,
          },
        },
      ],
    },

    terms: {
      slug: "uvjeti-kupnje",
      title: "Uvjeti kupnje",
      summary: "Opći uvjeti kupnje u web trgovini Autopraonice Zagreb: narudžba, cijene, plaćanje, isporuka, raskid ugovora i reklamacije.",
      components: [
        {
          template: "richText",
          data: {
            html: `<h2>1. Prodavatelj</h2><p>Prodavatelj je ${COMPANY.legalName}, ${COMPANY_ADDRESS} (dalje: prodavatelj). Kontakt: <a href="mailto:${COMPANY.email}">${COMPANY.email}</a>, ${COMPANY.phone}.</p><h2>2. Narudžba i sklapanje ugovora</h2><p>Narudžbu možete predati kao registrirani korisnik ili kao gost. Ugovor je sklopljen u trenutku kada primite e-poruku s potvrdom narudžbe.</p><h2>3. Cijene i plaćanje</h2><p>Sve cijene iskazane su u eurima (EUR) i uključuju PDV. Plaćanje je moguće karticom putem sigurne stranice za plaćanje ili pri preuzimanju u poslovnici. Vlasnici članske kartice ostvaruju cijene za članove prikazane uz proizvod.</p><h2>4. Isporuka</h2><p>Poklon bonovi šalju se e-poštom odmah nakon plaćanja i vrijede dvanaest mjeseci od dana kupnje. Proizvode za njegu vozila dostavljamo na području Republike Hrvatske u roku od 2 do 5 radnih dana, a možete ih i besplatno preuzeti u jednoj od naših poslovnica.</p><h2>5. Jednostrani raskid ugovora</h2><p>Kao potrošač imate pravo u roku od 14 dana od primitka proizvoda raskinuti ugovor bez navođenja razloga. Izjavu o raskidu pošaljite na <a href="mailto:${COMPANY.email}">${COMPANY.email}</a>, a proizvod vratite neoštećen i u originalnom pakiranju. Iznos vraćamo najkasnije u roku od 14 dana od primitka izjave. Pravo na raskid ne odnosi se na već iskorištene poklon bonove.</p><h2>6. Reklamacije</h2><p>Pisani prigovor možete uputiti poštom ili e-poštom; odgovaramo u roku od 15 dana od primitka. Za proizvode odgovaramo za materijalne nedostatke prema Zakonu o obveznim odnosima.</p><h2>7. Završne odredbe</h2><p>Na ove uvjete primjenjuje se pravo Republike Hrvatske. Uvjeti vrijede od 1. siječnja 2025.</p>`,
          },
        },
      ],
    },

    privacy: {
      slug: "privatnost",
      title: "Zaštita privatnosti",
      summary: "Kako Autopraonica Zagreb obrađuje osobne podatke kupaca i posjetitelja te koja su vaša prava.",
      components: [
        {
          template: "richText",
          data: {
            html: `<p>${COMPANY.legalName} kao voditelj obrade osobne podatke obrađuje u skladu s Općom uredbom o zaštiti podataka (GDPR) i Zakonom o provedbi Opće uredbe o zaštiti podataka.</p><h2>Koje podatke prikupljamo</h2><ul><li>podatke o korisničkom računu: ime, prezime, e-adresu i lozinku (spremljenu isključivo u zaštićenom, nepovratnom obliku)</li><li>podatke za dostavu i račun: adresu, telefon te, za tvrtke, naziv i OIB</li><li>podatke o narudžbama, recenzijama i komentarima</li><li>tehničke podatke i kolačiće, u skladu s vašim postavkama</li></ul><h2>Svrha i pravna osnova</h2><p>Podatke koristimo za izvršenje narudžbe i vođenje korisničkog računa (izvršenje ugovora), za izdavanje računa (zakonska obveza) te, uz vašu privolu, za slanje newslettera i analitiku posjeta. Privolu možete povući u bilo kojem trenutku.</p><h2>Koliko dugo čuvamo podatke</h2><p>Račune čuvamo onoliko koliko propisuju porezni propisi (11 godina), podatke korisničkog računa do njegova brisanja, a e-adresu za newsletter do odjave.</p><h2>Vaša prava</h2><p>Imate pravo na pristup, ispravak, brisanje i prenosivost podataka, ograničenje obrade te prigovor na obradu. Zahtjev pošaljite na <a href="mailto:${COMPANY.gdprEmail}">${COMPANY.gdprEmail}</a>. Ako smatrate da su vam prava povrijeđena, možete podnijeti pritužbu Agenciji za zaštitu osobnih podataka (<a href="https://azop.hr">azop.hr</a>).</p>`,
          },
        },
      ],
    },

    cookies: {
      slug: "kolacici",
      title: "Kolačići",
      summary: "Koje kolačiće koristimo, čemu služe i kako možete promijeniti svoj odabir.",
      components: [
        {
          template: "richText",
          data: {
            html: "<p>Kolačići su male tekstualne datoteke koje stranica sprema u vaš preglednik. Neki su nužni za rad stranice, a ostale koristimo samo uz vašu privolu.</p><h2>Vrste kolačića</h2><ul><li><strong>Nužni</strong> – pamte košaricu, prijavu i odabrani jezik (npr. cartId, protectCode i locale). Bez njih web trgovina ne može raditi. Kupite li kao gost, kolačić guestUser 30 dana pamti adresu koju ste upisali pri naplati kako bi sljedeća kupnja bila brža; prijava ga briše.</li><li><strong>Analitički</strong> – bez otkrivanja identiteta broje posjete i pokazuju koje su stranice najkorisnije.</li><li><strong>Marketinški</strong> – omogućuju prikaz relevantnih oglasa na drugim stranicama.</li></ul><h2>Upravljanje kolačićima</h2><p>Vaš odabir pamtimo u kolačiću acceptedCookies. Možete ga promijeniti brisanjem kolačića u postavkama preglednika, nakon čega će se obavijest ponovno prikazati.</p>",
          },
        },
      ],
    },
  },
};
