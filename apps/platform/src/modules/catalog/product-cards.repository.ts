import type { MediaRef, ProductFormat } from "@shop/contracts";
import type { Database, Executor } from "@shop/db";
import { type Selectable, sql } from "kysely";

/**
 * What product cards are built from, each read for a whole set of ids in one query (no query per
 * product): rows, translations, media, ratings, bundle parts and variant availability.
 */

/** The columns of a product every view of it reads (cards, the cart's snapshots). */
export const PRODUCT_COLUMNS = [
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

export function productRows(db: Executor, ids: readonly number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("products")
    .select([...PRODUCT_COLUMNS])
    .where("id", "in", [...ids])
    .execute();
}

export interface TranslationRow {
  product_id: number;
  language_code: string;
  name: string;
  slug: string;
  short_description: string;
}

/** The products' translations in the given languages (services keep the best one). */
export function translationRows(db: Executor, ids: readonly number[], languages: readonly string[]): Promise<TranslationRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("product_translations")
    .select(["product_id", "language_code", "name", "slug", "short_description"])
    .where("product_id", "in", [...ids])
    .where("language_code", "in", [...languages])
    .execute();
}

/** Each product's pictures in gallery order. */
export async function mediaOf(db: Executor, ids: readonly number[]): Promise<Map<number, MediaRef[]>> {
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
export async function ratingsOf(db: Executor, ids: readonly number[]): Promise<Map<number, { average: number; count: number }>> {
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
  // avg() and count() are numeric strings on PostgreSQL.
  for (const r of rows) out.set(r.product_id, { average: Math.round(Number(r.average) * 10) / 10, count: Number(r.count) });
  return out;
}

export interface PartRow {
  bundle_id: number;
  part_id: number;
  qty: number;
  format: ProductFormat;
  stock: number | null;
  archived: number;
}

/** The parts of the bundles, with what their availability depends on. */
export function bundlePartRows(db: Executor, bundleIds: readonly number[]): Promise<PartRow[]> {
  if (bundleIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("bundle_parts as b")
    .innerJoin("products as part", "part.id", "b.part_id")
    .select(["b.bundle_id", "b.part_id", "b.qty", "part.format", "part.stock", "part.archived"])
    .where("b.bundle_id", "in", [...bundleIds])
    .execute();
}

/** Which of the configurable products have a variant on sale that is in stock (or not stock-kept). */
export async function parentsWithVariantsInStock(db: Executor, parentIds: readonly number[]): Promise<Set<number>> {
  const out = new Set<number>();
  if (parentIds.length === 0) return out;
  const found = await db
    .selectFrom("products")
    .select("parent_id")
    .where("parent_id", "in", [...parentIds])
    .where("archived", "=", 0)
    .where((eb) => eb.or([eb("stock", "is", null), eb("stock", ">", 0)]))
    .groupBy("parent_id")
    .execute();
  for (const f of found) if (f.parent_id !== null) out.add(f.parent_id);
  return out;
}
