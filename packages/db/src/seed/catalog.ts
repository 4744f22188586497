import type { AttributeInputType, ProductFormat } from "../schema/catalog.ts";
import { IMAGES } from "./assets.ts";
import { PROGRAMMES, type ProgrammeKey } from "./business.ts";
import type { SeedContext } from "./context.ts";

/**
 * The demo shop catalog (issue 4 "Demo data facts"): four categories, an attribute of every
 * layered filter type, car-care products of every format, wash programmes at the price-list
 * prices, gift vouchers, two kits and the welcome coupon. Texts are hr / en / de.
 */

type Tr = readonly [hr: string, en: string, de: string];
type ImageKey = keyof typeof IMAGES;
const LANGS = ["hr", "en", "de"] as const;

const DAY_MS = 86_400_000;
const cents = (eur: number) => Math.round(eur * 100);

interface CategorySeed {
  key: string;
  name: Tr;
  slug: Tr;
  description: Tr;
  image: ImageKey;
  sortDefault: string | null;
}

const CATEGORIES: readonly CategorySeed[] = [
  {
    key: "care",
    name: ["Njega vozila", "Car care", "Autopflege"],
    slug: ["njega-vozila", "car-care", "autopflege"],
    description: [
      "Šamponi, voskovi, krpe i sredstva kojima peremo i mi – za pranje i njegu kod kuće.",
      "Shampoos, waxes, cloths and cleaners we use ourselves – for washing and care at home.",
      "Shampoos, Wachse, Tücher und Reiniger, die wir selbst verwenden – für Wäsche und Pflege zu Hause.",
    ],
    image: "shampooLemon",
    sortDefault: null,
  },
  {
    key: "vouchers",
    name: ["Poklon bonovi", "Gift vouchers", "Gutscheine"],
    slug: ["poklon-bonovi", "gift-vouchers", "gutscheine"],
    description: [
      "Poklonite čist automobil: bon vrijedi za sve programe pranja i proizvode na svim lokacijama.",
      "Give a clean car: the voucher is valid for every wash programme and product at all locations.",
      "Schenken Sie ein sauberes Auto: der Gutschein gilt für alle Waschprogramme und Produkte an allen Standorten.",
    ],
    image: "voucher50",
    sortDefault: "cheapest",
  },
  {
    key: "programmes",
    name: ["Programi pranja", "Wash programmes", "Waschprogramme"],
    slug: ["programi-pranja", "wash-programmes", "waschprogramme"],
    description: [
      "Kupite pranje unaprijed i iskoristite ga na bilo kojoj našoj lokaciji.",
      "Buy a wash in advance and use it at any of our locations.",
      "Kaufen Sie eine Wäsche im Voraus und lösen Sie sie an jedem unserer Standorte ein.",
    ],
    image: "washExterior",
    sortDefault: "lowPriority",
  },
  {
    key: "kits",
    name: ["Paketi", "Kits", "Pakete"],
    slug: ["paketi", "kits", "pakete"],
    description: [
      "Složeni paketi proizvoda po povoljnijoj cijeni nego pojedinačno.",
      "Ready-made product kits at a better price than bought one by one.",
      "Fertige Produktpakete, günstiger als einzeln gekauft.",
    ],
    image: "kitCare",
    sortDefault: "featured",
  },
];

interface AttributeSeed {
  code: string;
  type: AttributeInputType;
  label: Tr;
  customClass?: string;
  /** Choice values: key → labels (and swatch colour). */
  values?: Record<string, { label: Tr; swatch?: string }>;
}

const same = (s: string): Tr => [s, s, s];

const ATTRIBUTES: readonly AttributeSeed[] = [
  {
    code: "miris",
    type: "VisualSwatch",
    label: ["Miris", "Scent", "Duft"],
    customClass: "swatch-round",
    values: {
      limun: { label: ["Limun", "Lemon", "Zitrone"], swatch: "#fdd835" },
      lavanda: { label: ["Lavanda", "Lavender", "Lavendel"], swatch: "#9575cd" },
      neutralni: { label: ["Neutralni", "Neutral", "Neutral"], swatch: "#cfd8dc" },
    },
  },
  {
    code: "volumen",
    type: "TextSwatch",
    label: ["Volumen", "Volume", "Volumen"],
    values: { ml500: { label: same("500 ml") }, l1: { label: same("1 l") } },
  },
  {
    code: "brand",
    type: "Dropdown",
    label: ["Marka", "Brand", "Marke"],
    values: { aquasjaj: { label: same("AquaSjaj") }, koi: { label: same("Koi Detail") }, proclean: { label: same("ProClean") } },
  },
  {
    code: "namjena",
    type: "MultiSelect",
    label: ["Namjena", "Purpose", "Verwendung"],
    values: {
      eksterijer: { label: ["Eksterijer", "Exterior", "Außen"] },
      interijer: { label: ["Interijer", "Interior", "Innenraum"] },
      felge: { label: ["Felge i gume", "Wheels and tyres", "Felgen und Reifen"] },
      staklo: { label: ["Stakla", "Glass", "Scheiben"] },
    },
  },
  { code: "ekoloski", type: "YesNo", label: ["Ekološki", "Eco-friendly", "Umweltfreundlich"] },
  { code: "datum_dolaska", type: "Date", label: ["U ponudi od", "In shop since", "Im Sortiment seit"] },
  { code: "zapremina_ml", type: "Number", label: ["Zapremina (ml)", "Capacity (ml)", "Füllmenge (ml)"] },
  { code: "zadnja_nabava", type: "DateTime", label: ["Zadnja nabava", "Last restocked", "Zuletzt aufgefüllt"] },
];

/** Attribute values of one product: choice keys (several for MultiSelect), numbers, yes/no, ISO dates. */
interface AttrValues {
  miris?: string[];
  volumen?: string[];
  brand?: string;
  namjena?: string[];
  ekoloski?: boolean;
  datum_dolaska?: string;
  zapremina_ml?: number;
  zadnja_nabava?: string;
}

interface ProductSeed {
  key: string;
  sku: string;
  format: ProductFormat;
  name: Tr;
  slug: Tr;
  short: Tr;
  description: Tr;
  price: number;
  /** Running discount price in EUR. */
  discount?: number;
  membership?: number;
  stock: number | null;
  vat?: number;
  categories: string[];
  images: ImageKey[];
  featured?: boolean;
  archived?: boolean;
  priority?: number;
  attrs?: AttrValues;
  tags?: string[];
}

const p = (text: string) => `<p>${text}</p>`;

/**
 * Demo KPD 2025 codes (six-digit level, the e-invoice's BT-158) by product key or key prefix. Chosen
 * from the CPA headings the products fall under; a real shop confirms its codes with its accountant.
 */
const KPD_CODES: readonly (readonly [prefix: string, code: string])[] = [
  // Car-wash programmes and the vouchers that pay for them: washing, polishing and similar services.
  ["programme-", "45.20.30"],
  ["voucher", "45.20.30"],
  // Detergents and washing preparations.
  ["shampoo", "20.41.32"],
  ["oldShampoo", "20.41.32"],
  ["glass", "20.41.32"],
  ["interior", "20.41.32"],
  ["wheel", "20.41.32"],
  ["careKit", "20.41.32"],
  // Polishes and creams for coachwork.
  ["wax", "20.41.43"],
  ["tyre", "20.41.43"],
  // Preparations for perfuming or deodorising rooms.
  ["freshener", "20.41.41"],
  // Other made-up textile articles.
  ["cloth", "13.92.29"],
  ["mitt", "13.92.29"],
  ["sponge", "22.29.29"],
  ["brush", "32.91.19"],
];

const kpdOf = (key: string) => KPD_CODES.find(([prefix]) => key === prefix || key.startsWith(prefix))?.[1] ?? null;

const CARE: readonly ProductSeed[] = [
  {
    key: "cloth",
    sku: "NJ-KRPA-01",
    format: "simple",
    name: ["Mikrofiber krpa za sušenje", "Microfibre drying towel", "Mikrofaser-Trockentuch"],
    slug: ["mikrofiber-krpa", "microfibre-towel", "mikrofasertuch"],
    short: [
      "Velika krpa od 1200 g/m² upija vodu bez ogrebotina.",
      "A large 1200 g/m² towel that soaks up water without scratching.",
      "Großes Tuch mit 1200 g/m², nimmt Wasser kratzfrei auf.",
    ],
    description: [
      p("Krpa dimenzija 60 × 90 cm s dvostranim vlaknom. Perite je na 40 °C bez omekšivača."),
      p("A 60 × 90 cm towel with twisted-loop fibre on both sides. Wash at 40 °C without softener."),
      p("Tuch 60 × 90 cm mit beidseitiger Schlingenfaser. Bei 40 °C ohne Weichspüler waschen."),
    ],
    price: 9.9,
    membership: 8.5,
    stock: 2,
    categories: ["care"],
    images: ["cloth"],
    priority: 3,
    attrs: {
      brand: "proclean",
      namjena: ["eksterijer", "staklo"],
      ekoloski: false,
      datum_dolaska: "2023-04-03",
      zadnja_nabava: "2025-01-14T09:30:00.000Z",
    },
    tags: ["bestseller"],
  },
  {
    key: "glass",
    sku: "NJ-STAKLO-500",
    format: "simple",
    name: ["Sredstvo za čišćenje stakla", "Glass cleaner", "Glasreiniger"],
    slug: ["sredstvo-za-stakla", "glass-cleaner", "glasreiniger"],
    short: [
      "Čisti stakla i ogledala bez tragova, bez amonijaka.",
      "Streak-free glass and mirrors, without ammonia.",
      "Streifenfreie Scheiben und Spiegel, ohne Ammoniak.",
    ],
    description: [
      p("Poprskajte na staklo i obrišite suhom mikrofiber krpom. Siguran za zatamnjena stakla."),
      p("Spray onto the glass and wipe with a dry microfibre towel. Safe for tinted windows."),
      p("Auf die Scheibe sprühen und mit einem trockenen Mikrofasertuch abwischen. Sicher für getönte Scheiben."),
    ],
    price: 7.5,
    discount: 5.99,
    stock: 40,
    categories: ["care"],
    images: ["sprayGlass"],
    priority: 5,
    attrs: { brand: "aquasjaj", namjena: ["staklo", "interijer"], ekoloski: true, datum_dolaska: "2024-02-12", zapremina_ml: 500 },
    tags: ["eco"],
  },
  {
    key: "wheel",
    sku: "NJ-FELGE-750",
    format: "simple",
    name: ["Čistač felgi", "Wheel cleaner", "Felgenreiniger"],
    slug: ["cistac-felgi", "wheel-cleaner", "felgenreiniger"],
    short: [
      "Otapa prašinu kočnica; mijenja boju kad djeluje.",
      "Dissolves brake dust and changes colour as it works.",
      "Löst Bremsstaub und verfärbt sich bei der Wirkung.",
    ],
    description: [
      p("Nanesite na suhe i hladne felge, ostavite dvije minute i isperite jakim mlazom vode."),
      p("Apply to dry, cool wheels, leave for two minutes and rinse off with a strong jet of water."),
      p("Auf trockene, kalte Felgen auftragen, zwei Minuten einwirken lassen und kräftig abspülen."),
    ],
    price: 14.9,
    stock: 25,
    featured: true,
    categories: ["care"],
    images: ["sprayWheel"],
    priority: 8,
    attrs: { brand: "proclean", namjena: ["felge"], ekoloski: false, datum_dolaska: "2023-09-18", zapremina_ml: 750 },
  },
  {
    key: "wax",
    sku: "NJ-VOSAK-250",
    format: "simple",
    name: ["Tvrdi vosak Carnauba", "Carnauba hard wax", "Carnauba-Hartwachs"],
    slug: ["tvrdi-vosak", "carnauba-wax", "carnauba-wachs"],
    short: [
      "Dubok sjaj i zaštita laka do tri mjeseca.",
      "Deep gloss and paint protection for up to three months.",
      "Tiefer Glanz und Lackschutz bis zu drei Monate.",
    ],
    description: [
      p("Tanko nanesite aplikatorom na čist i suh lak, pustite da se osuši i ispolirajte mikrofiber krpom."),
      p("Apply thinly with a pad to clean, dry paint, let it haze and buff off with a microfibre towel."),
      p("Dünn mit einem Pad auf sauberen, trockenen Lack auftragen, antrocknen lassen und mit einem Mikrofasertuch auspolieren."),
    ],
    price: 24.9,
    membership: 21.9,
    stock: 12,
    featured: true,
    categories: ["care"],
    images: ["waxTin"],
    priority: 9,
    attrs: { brand: "koi", namjena: ["eksterijer"], ekoloski: true, datum_dolaska: "2024-05-06", zapremina_ml: 250 },
    tags: ["bestseller", "eco"],
  },
  {
    key: "interior",
    sku: "NJ-INTERIJER-500",
    format: "simple",
    name: ["Čistač interijera", "Interior cleaner", "Innenraumreiniger"],
    slug: ["cistac-interijera", "interior-cleaner", "innenraumreiniger"],
    short: [
      "Za plastiku, tkaninu i kožu, s mat završnim slojem.",
      "For plastics, fabric and leather, with a matt finish.",
      "Für Kunststoff, Stoff und Leder, mit mattem Finish.",
    ],
    description: [
      p("Uklanja prašinu, otiske prstiju i mrlje od kave. Ne ostavlja masni sjaj na armaturi."),
      p("Removes dust, fingerprints and coffee stains. Leaves no greasy shine on the dashboard."),
      p("Entfernt Staub, Fingerabdrücke und Kaffeeflecken. Hinterlässt keinen fettigen Glanz am Armaturenbrett."),
    ],
    price: 11.5,
    stock: 30,
    categories: ["care"],
    images: ["sprayInterior"],
    priority: 4,
    attrs: { brand: "aquasjaj", namjena: ["interijer"], ekoloski: true, datum_dolaska: "2024-08-26", zapremina_ml: 500 },
    tags: ["eco", "new"],
  },
  {
    key: "freshener",
    sku: "NJ-OSVJEZIVAC-BOR",
    format: "simple",
    name: ["Osvježivač zraka Borovina", "Pine air freshener", "Lufterfrischer Kiefer"],
    slug: ["osvjezivac-zraka", "air-freshener", "lufterfrischer"],
    short: ["Miris borove šume do šest tjedana.", "Pine forest scent for up to six weeks.", "Kiefernwaldduft bis zu sechs Wochen."],
    description: [
      p("Objesite na retrovizor i postupno izvlačite iz vrećice da miris traje dulje."),
      p("Hang it from the mirror and pull it out of the sleeve little by little so the scent lasts longer."),
      p("Am Rückspiegel aufhängen und nach und nach aus der Hülle ziehen, damit der Duft länger hält."),
    ],
    price: 3.9,
    stock: 100,
    categories: ["care"],
    images: ["freshener"],
    priority: 1,
    attrs: { brand: "aquasjaj", namjena: ["interijer"], ekoloski: false, datum_dolaska: "2022-11-07" },
  },
  {
    key: "sponge",
    sku: "NJ-SPUZVA-01",
    format: "simple",
    name: ["Spužva za pranje", "Wash sponge", "Waschschwamm"],
    slug: ["spuzva-za-pranje", "wash-sponge", "waschschwamm"],
    short: [
      "Meka spužva velikih pora koja drži puno pjene.",
      "A soft, open-cell sponge that holds lots of foam.",
      "Weicher, grobporiger Schwamm, der viel Schaum hält.",
    ],
    description: [
      p("Za ručno pranje karoserije metodom dvije kante."),
      p("For washing the body by hand with the two-bucket method."),
      p("Für die Handwäsche der Karosserie mit der Zwei-Eimer-Methode."),
    ],
    price: 4.5,
    stock: 60,
    categories: ["care"],
    images: ["sponge"],
    priority: 2,
    attrs: { brand: "proclean", namjena: ["eksterijer"], ekoloski: false, datum_dolaska: "2023-03-20" },
  },
  {
    key: "mitt",
    sku: "NJ-RUKAVICA-01",
    format: "simple",
    name: ["Mikrofiber rukavica za pranje", "Microfibre wash mitt", "Mikrofaser-Waschhandschuh"],
    slug: ["rukavica-za-pranje", "wash-mitt", "waschhandschuh"],
    short: [
      "Duga vlakna podižu prljavštinu s laka umjesto da je trljaju.",
      "Long fibres lift dirt off the paint instead of rubbing it in.",
      "Lange Fasern heben den Schmutz vom Lack, statt ihn einzureiben.",
    ],
    description: [
      p("Rukavica s elastičnom manžetom, perivo u perilici."),
      p("A mitt with an elastic cuff, machine washable."),
      p("Handschuh mit elastischem Bund, maschinenwaschbar."),
    ],
    price: 8.9,
    discount: 6.9,
    stock: 35,
    categories: ["care"],
    images: ["mitt"],
    priority: 6,
    attrs: { brand: "koi", namjena: ["eksterijer"], ekoloski: false, datum_dolaska: "2024-10-01" },
    tags: ["new"],
  },
  {
    key: "tyre",
    sku: "NJ-GUME-500",
    format: "simple",
    name: ["Sjaj za gume", "Tyre shine", "Reifenglanz"],
    slug: ["sjaj-za-gume", "tyre-shine", "reifenglanz"],
    short: [
      "Satenski crni sjaj koji ne prska po laku.",
      "A satin black finish that does not sling onto the paint.",
      "Satinschwarzer Glanz, der nicht auf den Lack spritzt.",
    ],
    description: [
      p("Nanesite spužvom na suhe gume."),
      p("Apply to dry tyres with a sponge."),
      p("Mit einem Schwamm auf trockene Reifen auftragen."),
    ],
    price: 10.9,
    stock: 20,
    categories: ["care"],
    images: ["sprayTyre"],
    priority: 5,
    attrs: { brand: "koi", namjena: ["felge"], ekoloski: false, datum_dolaska: "2024-03-11", zapremina_ml: 500 },
  },
  {
    key: "brush",
    sku: "NJ-CETKA-FELGE",
    format: "simple",
    name: ["Četka za felge", "Wheel brush", "Felgenbürste"],
    slug: ["cetka-za-felge", "wheel-brush", "felgenbuerste"],
    short: [
      "Mekana čekinja dopire između žbica.",
      "Soft bristles reach between the spokes.",
      "Weiche Borsten reichen zwischen die Speichen.",
    ],
    description: [p("Drška od 30 cm s gumenom zaštitom."), p("A 30 cm handle with a rubber guard."), p("30-cm-Stiel mit Gummischutz.")],
    price: 12.9,
    stock: 15,
    categories: ["care"],
    images: ["brush"],
    priority: 3,
    attrs: { brand: "proclean", namjena: ["felge"], ekoloski: false, datum_dolaska: "2023-06-05" },
  },
  {
    key: "oldShampoo",
    sku: "NJ-SAMPON-VOSAK-OLD",
    format: "simple",
    name: ["Šampon s voskom (stara formula)", "Wash and wax shampoo (old formula)", "Shampoo mit Wachs (alte Rezeptur)"],
    slug: ["sampon-s-voskom", "wash-and-wax", "shampoo-mit-wachs"],
    short: ["Zamijenio ga je Auto šampon.", "Replaced by the Car shampoo.", "Ersetzt durch das Autoshampoo."],
    description: [
      p("Ovaj proizvod više ne prodajemo."),
      p("We no longer sell this product."),
      p("Dieses Produkt verkaufen wir nicht mehr."),
    ],
    price: 6.9,
    stock: 0,
    archived: true,
    categories: ["care"],
    images: ["shampooNeutral"],
    attrs: { brand: "aquasjaj", namjena: ["eksterijer"], ekoloski: false, datum_dolaska: "2021-05-10", zapremina_ml: 500 },
  },
];

const SHAMPOO: ProductSeed = {
  key: "shampoo",
  sku: "NJ-SAMPON",
  format: "configurable",
  name: ["Auto šampon", "Car shampoo", "Autoshampoo"],
  slug: ["auto-sampon", "car-shampoo", "autoshampoo"],
  short: [
    "pH-neutralni šampon koji ne skida vosak, u tri mirisa.",
    "A pH-neutral shampoo that leaves the wax on, in three scents.",
    "pH-neutrales Shampoo, das das Wachs nicht angreift, in drei Düften.",
  ],
  description: [
    p("Koncentrat: 30 ml na 10 litara vode. Bogata pjena podmazuje lak i smanjuje ogrebotine pri pranju."),
    p("A concentrate: 30 ml per 10 litres of water. Rich foam lubricates the paint and reduces wash marring."),
    p("Konzentrat: 30 ml auf 10 Liter Wasser. Reicher Schaum schmiert den Lack und verringert Waschkratzer."),
  ],
  price: 8.9,
  stock: null,
  featured: true,
  categories: ["care"],
  images: ["shampooLemon", "shampooLavender", "shampooNeutral"],
  priority: 10,
  attrs: { brand: "aquasjaj", namjena: ["eksterijer"], ekoloski: true, datum_dolaska: "2024-09-02" },
  tags: ["bestseller", "eco"],
};

/** The shampoo's variants: scent × size, with their own price and stock. */
const SCENTS = [
  { key: "limun", label: ["limun", "lemon", "Zitrone"], slug: ["limun", "lemon", "zitrone"], image: "shampooLemon" },
  { key: "lavanda", label: ["lavanda", "lavender", "Lavendel"], slug: ["lavanda", "lavender", "lavendel"], image: "shampooLavender" },
  { key: "neutralni", label: ["neutralni", "neutral", "neutral"], slug: ["neutralni", "neutral", "neutral"], image: "shampooNeutral" },
] as const;
const SIZES = [
  { key: "ml500", label: "500 ml", slug: "500-ml", ml: 500, price: 8.9 },
  { key: "l1", label: "1 l", slug: "1-l", ml: 1000, price: 14.9 },
] as const;
const VARIANT_STOCK: Record<string, number> = {
  "limun-ml500": 24,
  "limun-l1": 10,
  "lavanda-ml500": 18,
  "lavanda-l1": 0,
  "neutralni-ml500": 30,
  "neutralni-l1": 8,
};

const VOUCHERS: readonly ProductSeed[] = ([20, 50, 100] as const).map((amount) => ({
  key: `voucher${amount}`,
  sku: `BON-${amount}`,
  format: "EProduct" as const,
  name: [`Poklon bon ${amount} €`, `Gift voucher €${amount}`, `Gutschein ${amount} €`] as Tr,
  slug: [`poklon-bon-${amount}`, `gift-voucher-${amount}`, `gutschein-${amount}`] as Tr,
  short: [
    `Elektronički bon od ${amount} € šaljemo e-poštom odmah nakon plaćanja.`,
    `An electronic €${amount} voucher, e-mailed right after payment.`,
    `Elektronischer Gutschein über ${amount} €, per E-Mail direkt nach der Zahlung.`,
  ] as Tr,
  description: [
    p("Bon vrijedi godinu dana na svim našim lokacijama, za programe pranja i proizvode. Možete dodati osobnu poruku."),
    p("The voucher is valid for one year at all our locations, for wash programmes and products. You can add a personal message."),
    p("Der Gutschein gilt ein Jahr an allen Standorten für Waschprogramme und Produkte. Sie können eine persönliche Nachricht hinzufügen."),
  ] as Tr,
  price: amount,
  stock: null,
  featured: amount === 50,
  categories: ["vouchers"],
  images: [`voucher${amount}` as ImageKey],
  priority: amount / 10,
  tags: amount === 50 ? ["bestseller"] : [],
}));

/** The price-list programmes sold as prepaid washes (the SUV surcharge is not sold on its own). */
const PROGRAMME_TEXTS: Record<Exclude<ProgrammeKey, "suv">, { name: Tr; slug: Tr; image: ImageKey }> = {
  basic: {
    name: ["Osnovno pranje", "Basic wash", "Basiswäsche"],
    slug: ["osnovno-pranje", "basic-wash", "basiswaesche"],
    image: "washExterior",
  },
  standard: {
    name: ["Standardno pranje", "Standard wash", "Standardwäsche"],
    slug: ["standardno-pranje", "standard-wash", "standardwaesche"],
    image: "washExterior",
  },
  premium: {
    name: ["Premium pranje", "Premium wash", "Premiumwäsche"],
    slug: ["premium-pranje", "premium-wash", "premiumwaesche"],
    image: "washExterior",
  },
  interior: {
    name: ["Čišćenje interijera", "Interior cleaning", "Innenreinigung"],
    slug: ["ciscenje-interijera", "interior-cleaning", "innenreinigung"],
    image: "washInterior",
  },
  complete: {
    name: ["Kompletna njega", "Complete care", "Komplettpflege"],
    slug: ["kompletna-njega", "complete-care", "komplettpflege"],
    image: "washPolish",
  },
  engine: {
    name: ["Pranje motora", "Engine bay wash", "Motorwäsche"],
    slug: ["pranje-motora", "engine-bay-wash", "motorwaesche"],
    image: "washExterior",
  },
  seats: {
    name: ["Dubinsko čišćenje sjedala", "Deep seat cleaning", "Sitz-Tiefenreinigung"],
    slug: ["dubinsko-ciscenje-sjedala", "deep-seat-cleaning", "sitz-tiefenreinigung"],
    image: "washInterior",
  },
  polish: {
    name: ["Strojno poliranje i keramička zaštita", "Machine polish and ceramic protection", "Maschinenpolitur und Keramikversiegelung"],
    slug: ["poliranje-i-keramika", "polish-and-ceramic", "politur-und-keramik"],
    image: "washPolish",
  },
};
const PROGRAMME_MEMBER_PRICE: Partial<Record<ProgrammeKey, number>> = { premium: 16, complete: 25, polish: 105 };

const PROGRAMME_PRODUCTS: readonly ProductSeed[] = (Object.keys(PROGRAMME_TEXTS) as Exclude<ProgrammeKey, "suv">[]).map((key, index) => {
  const t = PROGRAMME_TEXTS[key];
  const { price, minutes } = PROGRAMMES[key];
  return {
    key: `programme-${key}`,
    sku: `PROG-${key.toUpperCase()}`,
    format: "simple",
    name: t.name,
    slug: t.slug,
    short: [
      `Unaprijed plaćeno pranje od oko ${minutes} min, vrijedi na svim lokacijama.`,
      `A prepaid wash of about ${minutes} min, valid at every location.`,
      `Vorausbezahlte Wäsche von etwa ${minutes} Min., an allen Standorten einlösbar.`,
    ],
    description: [
      p("Nakon kupnje dobivate kod koji pokažete na blagajni. Vrijedi 12 mjeseci."),
      p("After buying you get a code to show at the till. Valid for 12 months."),
      p("Nach dem Kauf erhalten Sie einen Code, den Sie an der Kasse vorzeigen. 12 Monate gültig."),
    ],
    price,
    membership: PROGRAMME_MEMBER_PRICE[key],
    stock: null,
    vat: 25,
    featured: key === "complete",
    categories: ["programmes"],
    images: [t.image],
    priority: index + 1,
  };
});

const KITS: readonly ProductSeed[] = [
  {
    key: "careKit",
    sku: "PAKET-NJEGA",
    format: "bundle",
    name: ["Paket njege", "Care kit", "Pflegepaket"],
    slug: ["paket-njege", "care-kit", "pflegepaket"],
    short: [
      "Šampon po izboru, rukavica, vosak i sredstvo za stakla u jednoj kutiji.",
      "Shampoo of your choice, wash mitt, wax and glass cleaner in one box.",
      "Shampoo nach Wahl, Waschhandschuh, Wachs und Glasreiniger in einer Box.",
    ],
    description: [
      p("Sve za pranje i zaštitu kod kuće. Odaberite miris i veličinu šampona."),
      p("Everything to wash and protect your car at home. Choose the shampoo's scent and size."),
      p("Alles für Wäsche und Schutz zu Hause. Wählen Sie Duft und Größe des Shampoos."),
    ],
    price: 54.9,
    discount: 49.9,
    stock: null,
    featured: true,
    categories: ["kits"],
    images: ["kitCare"],
    priority: 5,
    tags: ["bestseller"],
  },
  {
    key: "interiorKit",
    sku: "PAKET-INTERIJER",
    format: "bundle",
    name: ["Paket za interijer", "Interior kit", "Innenraumpaket"],
    slug: ["paket-za-interijer", "interior-kit", "innenraumpaket"],
    short: [
      "Čistač interijera, spužva i osvježivač zraka.",
      "Interior cleaner, sponge and air freshener.",
      "Innenraumreiniger, Schwamm und Lufterfrischer.",
    ],
    description: [
      p("Za uredan i mirisan interijer između dva pranja."),
      p("For a tidy, fresh interior between two washes."),
      p("Für einen gepflegten, frischen Innenraum zwischen zwei Wäschen."),
    ],
    price: 17.9,
    membership: 15.9,
    stock: null,
    categories: ["kits"],
    images: ["kitInterior"],
    priority: 3,
  },
];

const BUNDLE_PARTS: Record<string, { part: string; qty: number }[]> = {
  careKit: [
    { part: "shampoo", qty: 1 },
    { part: "mitt", qty: 1 },
    { part: "wax", qty: 1 },
    { part: "glass", qty: 1 },
  ],
  interiorKit: [
    { part: "interior", qty: 1 },
    { part: "sponge", qty: 2 },
    { part: "freshener", qty: 1 },
  ],
};

const CROSS_SELLS: Record<string, string[]> = {
  shampoo: ["mitt", "cloth", "wax", "oldShampoo"],
  careKit: ["cloth", "wheel"],
  wax: ["cloth", "mitt"],
  wheel: ["brush", "tyre"],
  voucher50: ["voucher100", "programme-complete"],
  "programme-premium": ["programme-complete", "programme-interior"],
};

const TAGS: Record<string, { name: Tr; slug: Tr }> = {
  bestseller: { name: ["Najprodavanije", "Bestseller", "Bestseller"], slug: ["najprodavanije", "bestseller", "bestseller"] },
  eco: { name: ["Ekološki", "Eco", "Öko"], slug: ["ekoloski", "eco", "oeko"] },
  new: { name: ["Novo", "New", "Neu"], slug: ["novo", "new", "neu"] },
};

/** Custom options: the personal message on every voucher, a number of extra pads on the wax. */
const CUSTOM_OPTIONS: {
  product: string;
  type: "text" | "number";
  title: Tr;
  required: boolean;
  price: number;
  maxLength: number | null;
}[] = [
  ...[20, 50, 100].map((amount) => ({
    product: `voucher${amount}`,
    type: "text" as const,
    title: ["Personalizirana poruka", "Personal message", "Persönliche Nachricht"] as Tr,
    required: false,
    price: 0,
    maxLength: 200,
  })),
  {
    product: "wax",
    type: "number",
    title: ["Dodatni aplikatori (kom)", "Extra applicator pads (pcs)", "Zusätzliche Auftragspads (Stk.)"],
    required: false,
    price: 0.9,
    maxLength: null,
  },
];

const REVIEWS: { product: string; rating: number; content: string }[] = [
  { product: "shampoo", rating: 5, content: "Odlična pjena, limun miriše svježe, a vosak ostaje na laku." },
  { product: "wax", rating: 4, content: "Sjaj je odličan, samo treba malo strpljenja kod poliranja." },
  { product: "cloth", rating: 5, content: "Upije vodu s cijelog auta bez cijeđenja." },
];

type Trx = SeedContext["trx"];

export async function seedCatalog(ctx: SeedContext): Promise<void> {
  const { trx, now } = ctx;
  const categoryIds = await insertCategories(trx, now);
  const attrs = await insertAttributes(trx);
  const tagIds = await insertTags(trx, now);

  const productIds = new Map<string, number>();
  const all = [...CARE, SHAMPOO, ...VOUCHERS, ...PROGRAMME_PRODUCTS, ...KITS];
  // Spread creation dates over the past weeks so 'newest first' has a real order.
  const start = Date.parse(now) - all.length * DAY_MS;
  for (const [index, seed] of all.entries()) {
    const id = await insertProduct(trx, seed, new Date(start + index * DAY_MS).toISOString(), now, null);
    productIds.set(seed.key, id);
    await linkProduct(trx, id, seed, { categoryIds, attrs, tagIds });
  }
  await insertShampooVariants(trx, productIds.get(SHAMPOO.key) as number, attrs, now);

  const idOf = (key: string) => productIds.get(key) as number;
  await trx
    .insertInto("bundle_parts")
    .values(
      Object.entries(BUNDLE_PARTS).flatMap(([bundle, parts]) =>
        parts.map((part, i) => ({ bundle_id: idOf(bundle), part_id: idOf(part.part), position: i + 1, qty: part.qty })),
      ),
    )
    .execute();
  await trx
    .insertInto("cross_sells")
    .values(
      Object.entries(CROSS_SELLS).flatMap(([product, crosses]) =>
        crosses.map((cross, i) => ({ product_id: idOf(product), cross_product_id: idOf(cross), position: i + 1 })),
      ),
    )
    .execute();
  for (const [i, option] of CUSTOM_OPTIONS.entries()) {
    const row = await trx
      .insertInto("custom_options")
      .values({
        product_id: idOf(option.product),
        option_type: option.type,
        required: option.required ? 1 : 0,
        price_cents: cents(option.price),
        max_length: option.maxLength,
        position: i + 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("custom_option_translations")
      .values(LANGS.map((lang, l) => ({ option_id: row.id, language_code: lang, title: option.title[l] as string })))
      .execute();
  }
  // The demo's customer reviews and its welcome coupon are made up: a shop's own site starts without them.
  const customerId = ctx.users?.customerId;
  if (!customerId) return;
  await trx
    .insertInto("reviews")
    .values(
      REVIEWS.map((r) => ({
        product_id: idOf(r.product),
        user_id: customerId,
        rating: r.rating,
        content: r.content,
        published: 1,
        single_author: customerId,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  await trx
    .insertInto("coupons")
    .values({ code: "DOBRODOSLI10", kind: "percent", value: 10, active: 1, valid_from: null, valid_to: null, min_total_cents: 0 })
    .execute();
}

async function insertCategories(trx: Trx, now: string): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [i, c] of CATEGORIES.entries()) {
    const row = await trx
      .insertInto("product_categories")
      .values({ parent_id: null, position: i + 1, image_src: IMAGES[c.image].src, sort_default: c.sortDefault, created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.set(c.key, row.id);
    await trx
      .insertInto("product_category_translations")
      .values(
        LANGS.map((lang, l) => ({
          category_id: row.id,
          language_code: lang,
          name: c.name[l] as string,
          slug: c.slug[l] as string,
          description: c.description[l] as string,
        })),
      )
      .execute();
  }
  return ids;
}

interface AttrIds {
  /** code → attribute id */
  ids: Map<string, number>;
  /** `${code}:${valueKey}` → value id */
  values: Map<string, number>;
}

async function insertAttributes(trx: Trx): Promise<AttrIds> {
  const out: AttrIds = { ids: new Map(), values: new Map() };
  for (const [i, a] of ATTRIBUTES.entries()) {
    const row = await trx
      .insertInto("attributes")
      .values({ code: a.code, input_type: a.type, filterable: 1, position: i + 1, custom_class: a.customClass ?? null })
      .returning("id")
      .executeTakeFirstOrThrow();
    out.ids.set(a.code, row.id);
    await trx
      .insertInto("attribute_translations")
      .values(LANGS.map((lang, l) => ({ attribute_id: row.id, language_code: lang, label: a.label[l] as string })))
      .execute();
    for (const [j, [key, value]] of Object.entries(a.values ?? {}).entries()) {
      const v = await trx
        .insertInto("attribute_values")
        .values({ attribute_id: row.id, position: j + 1, swatch: value.swatch ?? null })
        .returning("id")
        .executeTakeFirstOrThrow();
      out.values.set(`${a.code}:${key}`, v.id);
      await trx
        .insertInto("attribute_value_translations")
        .values(LANGS.map((lang, l) => ({ value_id: v.id, language_code: lang, label: value.label[l] as string })))
        .execute();
    }
  }
  return out;
}

async function insertTags(trx: Trx, now: string): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [key, tag] of Object.entries(TAGS)) {
    const row = await trx.insertInto("product_tags").values({ created_at: now }).returning("id").executeTakeFirstOrThrow();
    ids.set(key, row.id);
    await trx
      .insertInto("product_tag_translations")
      .values(LANGS.map((lang, l) => ({ tag_id: row.id, language_code: lang, name: tag.name[l] as string, slug: tag.slug[l] as string })))
      .execute();
  }
  return ids;
}

async function insertProduct(trx: Trx, seed: ProductSeed, createdAt: string, now: string, parentId: number | null): Promise<number> {
  const from = new Date(Date.parse(now) - 7 * DAY_MS).toISOString();
  const to = new Date(Date.parse(now) + 365 * DAY_MS).toISOString();
  const row = await trx
    .insertInto("products")
    .values({
      sku: seed.sku,
      format: seed.format,
      parent_id: parentId,
      visible_individually: parentId === null ? 1 : 0,
      archived: seed.archived ? 1 : 0,
      featured: seed.featured ? 1 : 0,
      category_priority: seed.priority ?? 0,
      retail_cents: cents(seed.price),
      discount_cents: seed.discount === undefined ? null : cents(seed.discount),
      discount_from: seed.discount === undefined ? null : from,
      discount_to: seed.discount === undefined ? null : to,
      membership_cents: seed.membership === undefined ? null : cents(seed.membership),
      vat_rate: seed.vat ?? 25,
      stock: seed.stock,
      classification_code: kpdOf(seed.key),
      created_at: createdAt,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("product_translations")
    .values(
      LANGS.map((lang, l) => ({
        product_id: row.id,
        language_code: lang,
        name: seed.name[l] as string,
        slug: seed.slug[l] as string,
        short_description: seed.short[l] as string,
        description: seed.description[l] as string,
      })),
    )
    .execute();
  await trx
    .insertInto("product_media")
    .values(
      seed.images.map((key, i) => {
        const img = IMAGES[key];
        return { product_id: row.id, position: i + 1, src: img.src, width: img.width, height: img.height, alt: "" };
      }),
    )
    .execute();
  return row.id;
}

async function linkProduct(
  trx: Trx,
  id: number,
  seed: ProductSeed,
  refs: { categoryIds: Map<string, number>; attrs: AttrIds; tagIds: Map<string, number> },
): Promise<void> {
  if (seed.categories.length) {
    await trx
      .insertInto("product_category_links")
      .values(seed.categories.map((c) => ({ product_id: id, category_id: refs.categoryIds.get(c) as number })))
      .execute();
  }
  if (seed.tags?.length) {
    await trx
      .insertInto("product_tag_links")
      .values(seed.tags.map((t) => ({ product_id: id, tag_id: refs.tagIds.get(t) as number })))
      .execute();
  }
  const rows = attributeRows(id, seed.attrs ?? {}, refs.attrs);
  if (rows.length) await trx.insertInto("product_attribute_values").values(rows).execute();
}

function attributeRows(productId: number, values: AttrValues, attrs: AttrIds) {
  const rows: {
    product_id: number;
    attribute_id: number;
    value_id: number | null;
    number_value: number | null;
    text_value: string | null;
  }[] = [];
  const add = (code: string, v: { value_id?: number; number_value?: number; text_value?: string }) =>
    rows.push({
      product_id: productId,
      attribute_id: attrs.ids.get(code) as number,
      value_id: v.value_id ?? null,
      number_value: v.number_value ?? null,
      text_value: v.text_value ?? null,
    });
  for (const code of ["miris", "volumen", "namjena"] as const) {
    for (const key of values[code] ?? []) add(code, { value_id: attrs.values.get(`${code}:${key}`) as number });
  }
  if (values.brand) add("brand", { value_id: attrs.values.get(`brand:${values.brand}`) as number });
  if (values.ekoloski !== undefined) add("ekoloski", { number_value: values.ekoloski ? 1 : 0 });
  if (values.zapremina_ml !== undefined) add("zapremina_ml", { number_value: values.zapremina_ml });
  if (values.datum_dolaska) add("datum_dolaska", { text_value: values.datum_dolaska });
  if (values.zadnja_nabava) add("zadnja_nabava", { text_value: values.zadnja_nabava });
  return rows;
}

/**
 * Six variants (scent × size) as associated products of the shampoo. The parent also carries every
 * scent, size and capacity of its variants, so filtering the list by them finds the shampoo.
 */
async function insertShampooVariants(trx: Trx, parentId: number, attrs: AttrIds, now: string): Promise<void> {
  for (const scent of SCENTS) {
    for (const size of SIZES) {
      const seed: ProductSeed = {
        ...SHAMPOO,
        key: `shampoo-${scent.key}-${size.key}`,
        sku: `NJ-SAMPON-${scent.key.toUpperCase()}-${size.slug.toUpperCase()}`,
        name: LANGS.map((_, l) => `${SHAMPOO.name[l]} – ${scent.label[l]}, ${size.label}`) as unknown as Tr,
        slug: LANGS.map((_, l) => `${SHAMPOO.slug[l]}-${scent.slug[l]}-${size.slug}`) as unknown as Tr,
        format: "simple",
        price: size.price,
        stock: VARIANT_STOCK[`${scent.key}-${size.key}`] ?? 0,
        featured: false,
        images: [scent.image],
      };
      const id = await insertProduct(trx, seed, now, now, parentId);
      await trx
        .insertInto("product_attribute_values")
        .values(attributeRows(id, { ...SHAMPOO.attrs, miris: [scent.key], volumen: [size.key], zapremina_ml: size.ml }, attrs))
        .execute();
    }
  }
  await trx
    .insertInto("product_attribute_values")
    .values(
      attributeRows(parentId, { miris: SCENTS.map((s) => s.key), volumen: SIZES.map((s) => s.key) }, attrs).concat(
        SIZES.flatMap((s) => attributeRows(parentId, { zapremina_ml: s.ml }, attrs)),
      ),
    )
    .execute();
  await trx
    .insertInto("configurable_attributes")
    .values([
      {
        product_id: parentId,
        attribute_id: attrs.ids.get("miris") as number,
        position: 1,
        default_value_id: attrs.values.get("miris:limun") as number,
      },
      {
        product_id: parentId,
        attribute_id: attrs.ids.get("volumen") as number,
        position: 2,
        default_value_id: attrs.values.get("volumen:ml500") as number,
      },
    ])
    .execute();
}
