import type { PageComponent } from "./api/cms.ts";
import type { BlockData, BlockTemplate, ImageData } from "./schemas/blocks.ts";

/**
 * A sample picture that needs no media library: a small drawing among the storefront's public files
 * (apps/storefront/public/samples/), by its path, as stored pictures are (never a data: URL).
 */
function picture(name: "dark" | "blue" | "navy" | "sea", alt: string, width = 1600, height = 700): ImageData {
  return { src: `/samples/${name}.svg`, alt, width, height };
}

const HOURS = [
  { days: "Pon – Pet", time: "07:00 – 20:00" },
  { days: "Sub – Ned", time: "zatvoreno" },
];

/**
 * Starter data of each block template: what the section tool shows and what a new page's template
 * blocks without data of their own start with (issue 13). Made-up content of a car wash, in Croatian
 * like the editors'. The type demands one per template, so a new block shows up here by itself.
 */
export const BLOCK_SAMPLES: { [T in BlockTemplate]: BlockData<T> } = {
  hero: {
    title: "Naslovna sekcija",
    text: "Velika slika, naslov i kratak tekst s pozivom na radnju. Prva naslovna sekcija stranice nosi njezin glavni naslov.",
    cta: { label: "Pogledajte cjenik", href: "/cjenik" },
    image: picture("dark", "Primjer slike naslovne sekcije"),
  },
  richText: {
    title: "Tekst",
    html: '<p>Oblikovani tekst: <strong>podebljano</strong>, <em>ukošeno</em>, <a href="/kontakt">poveznice</a> i popisi.</p><ul><li>prva stavka</li><li>druga stavka</li></ul>',
  },
  imageText: {
    title: "Slika i tekst",
    html: "<p>Tekst uz sliku, lijevo ili desno od nje. Dobro za opis usluge ili postupka pranja.</p>",
    image: picture("blue", "Primjer slike uz tekst", 800, 600),
    imageSide: "right",
  },
  gallery: {
    title: "Galerija",
    images: [
      picture("navy", "Prva slika galerije", 800, 600),
      picture("blue", "Druga slika galerije", 800, 600),
      picture("sea", "Treća slika galerije", 800, 600),
    ],
  },
  priceList: {
    title: "Cjenik",
    note: "Cijene su u eurima i uključuju PDV.",
    items: [
      { name: "Osnovno pranje", description: "Pjena, pranje i sušenje", price: 8, duration: "8 min" },
      { name: "Premium pranje", description: "Uz vosak i zaštitu podvozja", price: 15, duration: "15 min" },
    ],
  },
  locations: {
    title: "Lokacije",
    items: [{ name: "Primjer lokacije", address: "Ulica i broj, 10000 Zagreb", phone: "+385 1 000 0000", hours: HOURS }],
  },
  faq: {
    title: "Česta pitanja",
    items: [
      { question: "Trebam li se najaviti?", answer: "Ne, peremo redom dolaska." },
      { question: "Mogu li platiti karticom?", answer: "Da, primamo sve uobičajene kartice." },
    ],
  },
  euNotice: {
    text: "Obavijest o projektu sufinanciranom iz fondova Europske unije.",
    link: { label: "Saznajte više o projektu", href: "/eu-projekt" },
  },
  latestPosts: { title: "Najnovije objave", limit: 3 },
  form: { form: "contact", title: "Obrazac (kontakt)" },
  products: { title: "Izdvojeni proizvodi", productIds: [1, 2, 3, 4] },
  productCategories: { title: "Kategorije proizvoda", categoryIds: [1, 2] },
};

/** The samples as page components, one per template, in the registry's order. */
export function sampleComponents(templates: readonly BlockTemplate[]): PageComponent[] {
  return templates.map((template, i) => ({ id: i + 1, template, data: BLOCK_SAMPLES[template] as Record<string, unknown> }));
}
