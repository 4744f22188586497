import { FALLBACK_LOCALE, type MediaRef, type ProductCard, type ProductFormat } from "@shop/contracts";
import type { Database } from "@shop/db";
import { type Kysely, type Selectable, sql } from "kysely";
import type { RequestCtx } from "../../http/context.ts";
import { productPrices } from "./pricing.ts";

/**
 * Product cards for a set of ids in a fixed handful of batched queries (no query per product):
 * rows, translations (request language and the fallback, parents' too), media, ratings,
 * bundle parts and variant availability.
 */

type Db = Kysely<Database>;

export interface TranslationRow {
  product_id: number;
  language_code: string;
  name: string;
  slug: string;
  short_description: string;
}

const PRODUCT_COLUMNS = [
  "id",
  "sku",
  "format",
  "parent_id",
  "visible_individually",
  "archived",
  "featured",
  "category_priority",
  "retail_cents",
  "discount_cents",
  "discount_from",
  "discount_to",
  "membership_cents",
  "vat_rate",
  "stock",
] as const;

/** A product's row as the cards read it. */
export type ProductRow = Pick<Selectable<Database["products"]>, (typeof PRODUCT_COLUMNS)[number]>;

export function productRows(db: Db, ids: readonly number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("products")
    .select([...PRODUCT_COLUMNS])
    .where("id", "in", [...ids])
    .execute();
}

/** The request language's translation of each product, else the fallback language's. */
export async function translationsOf(db: Db, ids: readonly number[], locale: string): Promise<Map<number, TranslationRow>> {
  const out = new Map<number, TranslationRow>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom("product_translations")
    .select(["product_id", "language_code", "name", "slug", "short_description"])
    .where("product_id", "in", [...ids])
    .where("language_code", "in", [locale, FALLBACK_LOCALE])
    .execute();
  for (const r of rows) if (r.language_code === locale || !out.has(r.product_id)) out.set(r.product_id, r);
  return out;
}

export async function mediaOf(db: Db, ids: readonly number[]): Promise<Map<number, MediaRef[]>> {
  const out = new Map<number, MediaRef[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom("product_media")
    .select(["product_id", "src", "width", "height", "alt"])
    .where("product_id", "in", [...ids])
    .orderBy("product_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
  for (const r of rows) {
    const list = out.get(r.product_id) ?? [];
    list.push({ src: r.src, width: r.width, height: r.height, alt: r.alt });
    out.set(r.product_id, list);
  }
  return out;
}

/** Average (one decimal) and count of the published star ratings per product. */
export async function ratingsOf(db: Db, ids: readonly number[]): Promise<Map<number, { average: number; count: number }>> {
  const out = new Map<number, { average: number; count: number }>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom("reviews")
    .select(["product_id", sql<number | string>`avg(rating)`.as("average"), sql<number | string>`count(rating)`.as("count")])
    .where("product_id", "in", [...ids])
    .where("published", "=", 1)
    .where("rating", "is not", null)
    .groupBy("product_id")
    .execute();
  for (const r of rows) out.set(r.product_id, { average: Math.round(Number(r.average) * 10) / 10, count: Number(r.count) });
  return out;
}

interface PartRow {
  bundle_id: number;
  part_id: number;
  qty: number;
  format: ProductFormat;
  stock: number | null;
  archived: number;
}

/** Whether each product is available now: own stock, any variant in stock, or every bundle part available. */
async function availability(
  db: Db,
  rows: readonly ProductRow[],
): Promise<{ inStock: Map<number, boolean>; configurableBundles: Set<number> }> {
  const bundleIds = rows.filter((r) => r.format === "bundle").map((r) => r.id);
  const parts: PartRow[] = bundleIds.length
    ? ((await db
        .selectFrom("bundle_parts as b")
        .innerJoin("products as part", "part.id", "b.part_id")
        .select(["b.bundle_id", "b.part_id", "b.qty", "part.format", "part.stock", "part.archived"])
        .where("b.bundle_id", "in", bundleIds)
        .execute()) as PartRow[])
    : [];
  const parentIds = [
    ...new Set([
      ...rows.filter((r) => r.format === "configurable").map((r) => r.id),
      ...parts.filter((p) => p.format === "configurable").map((p) => p.part_id),
    ]),
  ];
  const withVariants = new Set<number>();
  if (parentIds.length) {
    const found = await db
      .selectFrom("products")
      .select("parent_id")
      .where("parent_id", "in", parentIds)
      .where("archived", "=", 0)
      .where((eb) => eb.or([eb("stock", "is", null), eb("stock", ">", 0)]))
      .groupBy("parent_id")
      .execute();
    for (const f of found) if (f.parent_id !== null) withVariants.add(f.parent_id);
  }
  const partAvailable = (p: PartRow) =>
    p.archived === 0 && (p.format === "configurable" ? withVariants.has(p.part_id) : p.stock === null || p.stock >= p.qty);
  const inStock = new Map<number, boolean>();
  for (const r of rows) {
    if (r.format === "configurable") inStock.set(r.id, withVariants.has(r.id));
    else if (r.format === "bundle") {
      const own = parts.filter((p) => p.bundle_id === r.id);
      inStock.set(r.id, (r.stock === null || r.stock > 0) && own.length > 0 && own.every(partAvailable));
    } else inStock.set(r.id, r.stock === null || r.stock > 0);
  }
  return { inStock, configurableBundles: new Set(parts.filter((p) => p.format === "configurable").map((p) => p.bundle_id)) };
}

/** SPEC §4 Addability: simple, EProduct, or a bundle without a configurable part; never an archived product. */
function directlyAddable(row: ProductRow, configurableBundles: Set<number>): boolean {
  if (row.archived === 1) return false;
  if (row.format === "simple" || row.format === "EProduct") return true;
  return row.format === "bundle" && !configurableBundles.has(row.id);
}

export function buildCard(
  row: ProductRow,
  parts: {
    translation: TranslationRow | undefined;
    parentSlug: string | null;
    media: MediaRef[];
    rating: { average: number; count: number } | undefined;
    inStock: boolean;
    addable: boolean;
    now: string;
  },
): ProductCard {
  const name = parts.translation?.name ?? row.sku;
  return {
    ...productPrices(row, parts.now),
    id: row.id,
    name,
    slug: parts.translation?.slug ?? String(row.id),
    sku: row.sku,
    format: row.format,
    type: row.format,
    media: parts.media.map((m) => ({ ...m, alt: m.alt || name })),
    shortDescription: parts.translation?.short_description ?? "",
    featured: row.featured === 1,
    archived: row.archived === 1,
    categoryPriority: row.category_priority,
    stock: row.stock,
    inStock: parts.inStock,
    isVisibleIndividually: row.visible_individually === 1,
    mainProductSlug: parts.parentSlug,
    directlyAddable: parts.addable,
    rating: parts.rating ?? { average: 0, count: 0 },
  };
}

/** Cards of existing products by id (any visibility, archived included: carts and wishlists keep them). */
export async function loadCards(ctx: Pick<RequestCtx, "db" | "locale">, ids: readonly number[]): Promise<Map<number, ProductCard>> {
  const out = new Map<number, ProductCard>();
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (unique.length === 0) return out;
  const now = new Date().toISOString();
  const rows = await productRows(ctx.db, unique);
  if (rows.length === 0) return out;
  const found = rows.map((r) => r.id);
  const parentIds = [...new Set(rows.flatMap((r) => (r.parent_id === null ? [] : [r.parent_id])))];
  const [translations, media, ratings, stock] = await Promise.all([
    translationsOf(ctx.db, [...found, ...parentIds], ctx.locale),
    mediaOf(ctx.db, found),
    ratingsOf(ctx.db, found),
    availability(ctx.db, rows),
  ]);
  for (const row of rows) {
    out.set(
      row.id,
      buildCard(row, {
        translation: translations.get(row.id),
        parentSlug: row.parent_id === null ? null : (translations.get(row.parent_id)?.slug ?? null),
        media: media.get(row.id) ?? [],
        rating: ratings.get(row.id),
        inStock: stock.inStock.get(row.id) ?? false,
        addable: directlyAddable(row, stock.configurableBundles),
        now,
      }),
    );
  }
  return out;
}
