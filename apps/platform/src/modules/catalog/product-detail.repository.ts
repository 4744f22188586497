import type { Executor } from "@shop/db";
import { sql } from "kysely";

/** What the product page's product (web/get) is built from beyond its card: texts, attributes, variants, parts, options, cross-sells. */

export async function productIdById(db: Executor, id: number): Promise<number | null> {
  const row = await db.selectFrom("products").select("id").where("id", "=", id).executeTakeFirst();
  return row?.id ?? null;
}

/** A product with a page of its own by its slug in any language, the given language's first. */
export async function pageProductIdBySlug(db: Executor, slug: string, locale: string): Promise<number | null> {
  const row = await db
    .selectFrom("product_translations as t")
    .innerJoin("products as p", "p.id", "t.product_id")
    .select("p.id")
    .where("t.slug", "=", slug)
    .where("p.visible_individually", "=", 1)
    .orderBy(sql`case when t.language_code = ${locale} then 0 else 1 end`)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The product's slug and description in every language it has. */
export function productTexts(db: Executor, productId: number) {
  return db
    .selectFrom("product_translations")
    .select(["language_code", "slug", "description"])
    .where("product_id", "=", productId)
    .execute();
}

export function categoryRows(db: Executor, productId: number, languages: readonly string[]) {
  return db
    .selectFrom("product_category_links as l")
    .innerJoin("product_category_translations as t", "t.category_id", "l.category_id")
    .select(["l.category_id", "t.language_code", "t.name", "t.slug"])
    .where("l.product_id", "=", productId)
    .where("t.language_code", "in", [...languages])
    .orderBy("l.category_id")
    .execute();
}

export function valueLabelRows(db: Executor, valueIds: readonly number[], languages: readonly string[]) {
  if (valueIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("attribute_value_translations")
    .select(["value_id", "language_code", "label"])
    .where("value_id", "in", [...valueIds])
    .where("language_code", "in", [...languages])
    .execute();
}

export function attributeLabelRows(db: Executor, attributeIds: readonly number[], languages: readonly string[]) {
  if (attributeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("attribute_translations")
    .select(["attribute_id", "language_code", "label"])
    .where("attribute_id", "in", [...attributeIds])
    .where("language_code", "in", [...languages])
    .execute();
}

/** The product's attribute values in attribute order. */
export function attributeValueRows(db: Executor, productId: number) {
  return db
    .selectFrom("product_attribute_values as v")
    .innerJoin("attributes as a", "a.id", "v.attribute_id")
    .select(["a.id as attributeId", "a.code", "a.input_type", "v.value_id", "v.number_value", "v.text_value"])
    .where("v.product_id", "=", productId)
    .orderBy("a.position")
    .orderBy("v.id")
    .execute();
}

/** Ids of the configurable products' variants still on sale. */
export async function variantIdsOf(db: Executor, parentIds: readonly number[]): Promise<number[]> {
  const rows = await db
    .selectFrom("products")
    .select("id")
    .where("parent_id", "in", [...parentIds])
    .where("archived", "=", 0)
    .orderBy("id")
    .execute();
  return rows.map((r) => r.id);
}

/** The attributes a visitor picks variants by, per configurable product, in selector order. */
export function selectorAttributeRows(db: Executor, parentIds: readonly number[]) {
  return db
    .selectFrom("configurable_attributes as c")
    .innerJoin("attributes as a", "a.id", "c.attribute_id")
    .select(["c.product_id", "c.attribute_id", "c.default_value_id", "a.code", "a.input_type", "a.custom_class"])
    .where("c.product_id", "in", [...parentIds])
    .orderBy("c.position")
    .execute();
}

/** The variants' values of the selector attributes, with each value's position and swatch. */
export async function variantValueRows(db: Executor, variantIds: readonly number[], attributeIds: readonly number[]) {
  if (variantIds.length === 0 || attributeIds.length === 0) return [];
  const rows = await db
    .selectFrom("product_attribute_values as v")
    .innerJoin("attribute_values as av", "av.id", "v.value_id")
    .select(["v.product_id", "v.attribute_id", "av.id as value_id", "av.position", "av.swatch"])
    .where("v.product_id", "in", [...variantIds])
    .where("v.attribute_id", "in", [...attributeIds])
    .execute();
  return rows;
}

export function bundlePartsOf(db: Executor, bundleId: number) {
  return db
    .selectFrom("bundle_parts")
    .select(["id", "part_id", "qty"])
    .where("bundle_id", "=", bundleId)
    .orderBy("position")
    .orderBy("id")
    .execute();
}

export function customOptionRows(db: Executor, productId: number, languages: readonly string[]) {
  return db
    .selectFrom("custom_options as o")
    .innerJoin("custom_option_translations as t", "t.option_id", "o.id")
    .select(["o.id", "o.option_type", "o.required", "o.price_cents", "o.max_length", "o.position", "t.language_code", "t.title"])
    .where("o.product_id", "=", productId)
    .where("t.language_code", "in", [...languages])
    .orderBy("o.position")
    .orderBy("o.id")
    .execute();
}

/** Cross-sells that still have a page: not archived, visible on their own. */
export async function crossSellIds(db: Executor, productId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("cross_sells as c")
    .innerJoin("products as p", "p.id", "c.cross_product_id")
    .select("p.id")
    .where("c.product_id", "=", productId)
    .where("p.archived", "=", 0)
    .where("p.visible_individually", "=", 1)
    .orderBy("c.position")
    .orderBy("c.id")
    .execute();
  return rows.map((r) => r.id);
}
