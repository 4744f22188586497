import type { BlockTemplate, ElementHandler } from "@shop/contracts";

/**
 * The editable fields of each block template (issue 13), which the editor builds its side panel and
 * in-place editing from. `text` and `richText` fields at the top of a block are edited in place
 * where the block shows them; every other kind in the side panel, with the field editors of
 * fields/*. A template without an entry fails the type check, so a new block must say its fields.
 */
export type FieldSpec =
  | { key: string; kind: "text"; optional?: true; multiline?: true }
  | { key: string; kind: "richText" }
  | { key: string; kind: "link"; optional?: true }
  | { key: string; kind: "image"; optional?: true }
  | { key: string; kind: "number"; min?: number; max?: number }
  | { key: string; kind: "choice"; options: readonly string[] }
  /** An icon of ui/icons.tsx, chosen in the icon list modal from `options`. */
  | { key: string; kind: "icon"; options: readonly string[] }
  /** A form by its id or slug. */
  | { key: string; kind: "formRef" }
  /** A list of items, each with `fields` (or one image each: `image`). */
  | { key: string; kind: "list"; fields: readonly FieldSpec[]; max: number }
  | { key: string; kind: "imageList"; max: number }
  /** A blog category by its slug (the post list modal). */
  | { key: string; kind: "term" }
  /** Product ids, or product category ids, picked in order (the product list and product categories modals). */
  | { key: string; kind: "products" }
  | { key: string; kind: "categories" };

export type FieldKind = FieldSpec["kind"];

const text = (key: string, extra: { optional?: true; multiline?: true } = {}): FieldSpec => ({ key, kind: "text", ...extra });

export const BLOCK_FIELDS: { [T in BlockTemplate]: readonly FieldSpec[] } = {
  hero: [
    text("title"),
    text("text", { optional: true, multiline: true }),
    { key: "cta", kind: "link", optional: true },
    { key: "image", kind: "image", optional: true },
  ],
  richText: [text("title", { optional: true }), { key: "html", kind: "richText" }],
  imageText: [
    text("title"),
    { key: "html", kind: "richText" },
    { key: "image", kind: "image" },
    { key: "imageSide", kind: "choice", options: ["left", "right"] },
  ],
  gallery: [text("title", { optional: true }), { key: "images", kind: "imageList", max: 48 }],
  priceList: [
    text("title"),
    text("note", { optional: true }),
    {
      key: "items",
      kind: "list",
      max: 50,
      fields: [
        text("name"),
        text("description", { optional: true }),
        { key: "price", kind: "number", min: 0 },
        text("duration", { optional: true }),
      ],
    },
  ],
  locations: [
    text("title"),
    {
      key: "items",
      kind: "list",
      max: 20,
      fields: [
        text("name"),
        text("address"),
        text("phone"),
        text("email", { optional: true }),
        { key: "hours", kind: "list", max: 7, fields: [text("days"), text("time")] },
      ],
    },
  ],
  faq: [text("title"), { key: "items", kind: "list", max: 50, fields: [text("question"), text("answer", { multiline: true })] }],
  euNotice: [text("text", { multiline: true }), { key: "link", kind: "link" }, { key: "image", kind: "image", optional: true }],
  latestPosts: [
    text("title"),
    { key: "termSlug", kind: "term" },
    { key: "limit", kind: "number", min: 1, max: 12 },
    { key: "link", kind: "link", optional: true },
  ],
  form: [{ key: "form", kind: "formRef" }, text("title", { optional: true })],
  products: [text("title"), { key: "productIds", kind: "products" }],
  productCategories: [text("title"), { key: "categoryIds", kind: "categories" }],
};

/** The fields edited in place where the block shows them: its top-level texts. */
export function inlineFieldsOf(template: string): FieldSpec[] {
  const fields: readonly FieldSpec[] = (BLOCK_FIELDS as Record<string, readonly FieldSpec[]>)[template] ?? [];
  return fields.filter((f) => f.kind === "text" || f.kind === "richText");
}

/** An empty value of a list item, for 'add item'. */
export function emptyItem(fields: readonly FieldSpec[]): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.kind === "text" && !f.optional) item[f.key] = "";
    else if (f.kind === "number") item[f.key] = f.min ?? 0;
    else if (f.kind === "list" || f.kind === "imageList") item[f.key] = [];
  }
  return item;
}

const linkItem = [text("label"), text("href")] as const;

/**
 * The fields of the layout elements (SPEC §3 header, footer and cookie sections), edited in the same
 * panel; what is not listed here (the footer's EU notice) is kept as it is.
 */
export const ELEMENT_FIELDS: { [H in ElementHandler]: readonly FieldSpec[] } = {
  "header-section": [
    { key: "logo", kind: "image" },
    { key: "ctaLink", kind: "link", optional: true },
  ],
  "footer-section": [
    { key: "logo", kind: "image" },
    text("description", { multiline: true }),
    {
      key: "items",
      kind: "list",
      max: 10,
      fields: [{ key: "icon", kind: "icon", options: ["address", "phone", "email", "clock"] }, text("text")],
    },
    { key: "openingHours", kind: "list", max: 7, fields: [text("days"), text("time")] },
    { key: "links", kind: "list", max: 2, fields: linkItem },
    text("copyright"),
  ],
  "cookie-section": [
    text("text", { multiline: true }),
    text("acceptLabel"),
    text("necessaryLabel", { optional: true }),
    { key: "policyLink", kind: "link", optional: true },
  ],
};
