import type { BlockTemplate } from "@shop/contracts";
import { IMAGES } from "./assets.ts";
import { image } from "./business.ts";
import type { SeedContext } from "./context.ts";

export interface SeedTemplateBlock {
  template: BlockTemplate;
  /** What the block starts with on a new page; null: it starts empty. */
  data: Record<string, unknown> | null;
}

export interface SeedPageTemplate {
  name: string;
  description: string;
  blocks: SeedTemplateBlock[];
}

/**
 * The demo's page templates (issue 12): the three kinds of page a car wash adds most, each with
 * Croatian starting text that says what belongs where, so an editor replaces rather than invents.
 */
export const DEMO_PAGE_TEMPLATES: readonly SeedPageTemplate[] = [
  {
    name: "Usluga",
    description: "Jedna usluga ili program pranja: opis, cijene i česta pitanja.",
    blocks: [
      {
        template: "hero",
        data: {
          title: "Naziv usluge",
          text: "Jednom rečenicom: što usluga donosi i koliko traje.",
          cta: { label: "Pogledajte cjenik", href: "/cjenik" },
          image: image(IMAGES.heroCarwash, "Automobil u liniji za pranje"),
        },
      },
      {
        template: "imageText",
        data: {
          title: "Kako radimo",
          html: "<p>Opišite korake usluge i sredstva koja koristite.</p>",
          image: image(IMAGES.foam, "Pjena aktivnog šampona na laku"),
          imageSide: "right",
        },
      },
      {
        template: "priceList",
        data: {
          title: "Cijene",
          note: "Cijene su u eurima i uključuju PDV.",
          items: [{ name: "Osnovni program", price: 10, duration: "10 min" }],
        },
      },
      {
        template: "faq",
        data: { title: "Česta pitanja", items: [{ question: "Trebam li se najaviti?", answer: "Ne, peremo redom dolaska." }] },
      },
    ],
  },
  {
    name: "Lokacija",
    description: "Jedna praonica: adresa, radno vrijeme, kako do nas i slike.",
    blocks: [
      { template: "hero", data: { title: "Autopraonica – naziv lokacije", text: "Adresa i radno vrijeme u jednoj rečenici." } },
      {
        template: "locations",
        data: {
          title: "Adresa i radno vrijeme",
          items: [
            {
              name: "Naziv lokacije",
              address: "Ulica i broj, poštanski broj i mjesto",
              phone: "+385 1 000 0000",
              hours: [{ days: "Pon – Pet", time: "07:00 – 20:00" }],
            },
          ],
        },
      },
      { template: "richText", data: { title: "Kako do nas", html: "<p>Parkiralište, ulaz za kombije i javni prijevoz.</p>" } },
      { template: "gallery", data: null },
    ],
  },
  {
    name: "Akcija",
    description: "Ponuda s rokom: što, do kada i pod kojim uvjetima.",
    blocks: [
      {
        template: "hero",
        data: {
          title: "Naziv akcije",
          text: "Popust i rok trajanja akcije.",
          cta: { label: "Kupite u web trgovini", href: "/shop" },
          image: image(IMAGES.hero, "Automobil prekriven pjenom aktivnog šampona"),
        },
      },
      { template: "priceList", data: { title: "Akcijske cijene", items: [{ name: "Program u akciji", price: 8 }] } },
      { template: "richText", data: { title: "Uvjeti akcije", html: "<p>Trajanje, lokacije i uvjeti korištenja.</p>" } },
      { template: "form", data: { form: "contact", title: "Pitajte nas o akciji" } },
    ],
  },
];

export async function seedPageTemplates(ctx: SeedContext): Promise<void> {
  await ctx.trx
    .insertInto("page_templates")
    .values(
      DEMO_PAGE_TEMPLATES.map((t) => ({
        name: t.name,
        description: t.description,
        blocks: JSON.stringify(t.blocks.map((b, i) => ({ id: i + 1, template: b.template, data: b.data }))),
        created_at: ctx.now,
        updated_at: ctx.now,
      })),
    )
    .execute();
}
