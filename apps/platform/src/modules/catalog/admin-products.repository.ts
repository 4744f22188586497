import type { AdminProductInput } from "@shop/contracts";
import type { Executor } from "@shop/db";
import { sql } from "kysely";
import { likeContains } from "../../shared/like.ts";

type ProductFormat = AdminProductInput["format"];

/** The back office's products (issue 12): the list, one product's editable rows, and their replacement. */

export interface AdminProductQuery {
  q?: string;
  categoryId?: number;
  format?: ProductFormat;
  archived?: boolean;
  featured?: boolean;
  lowStockAt?: number;
}

function filtered(db: Executor, f: AdminProductQuery) {
  let query = db.selectFrom("products as p");
  if (f.q) {
    const pattern = likeContains(f.q.toLocaleLowerCase("hr"));
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(p.sku)`, "like", sql`${pattern} escape '\\'`),
        eb.exists(
          eb
            .selectFrom("product_translations as t")
            .select("t.id")
            .whereRef("t.product_id", "=", "p.id")
            .where(sql<boolean>`lower(t.name) like ${pattern} escape '\\'`),
        ),
      ]),
    );
  }
  if (f.categoryId !== undefined) {
    const categoryId = f.categoryId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("product_category_links as l")
          .select("l.id")
          .whereRef("l.product_id", "=", "p.id")
          .where("l.category_id", "=", categoryId),
      ),
    );
  }
  if (f.format) query = query.where("p.format", "=", f.format);
  if (f.archived !== undefined) query = query.where("p.archived", "=", f.archived ? 1 : 0);
  if (f.featured !== undefined) query = query.where("p.featured", "=", f.featured ? 1 : 0);
  if (f.lowStockAt !== undefined) query = query.where("p.stock", "is not", null).where("p.stock", "<=", f.lowStockAt);
  return query;
}

export async function adminProductCount(db: Executor, f: AdminProductQuery): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function adminProductPage(db: Executor, f: AdminProductQuery, locale: string, offset: number, limit: number) {
  const name = (lang: string) =>
    sql<string | null>`(select t.name from product_translations t where t.product_id = p.id and t.language_code = ${lang})`;
  return filtered(db, f)
    .select(["p.id", "p.sku", "p.format", "p.retail_cents", "p.stock", "p.archived", "p.featured", "p.parent_id"])
    .select([name(locale).as("name"), name("hr").as("name_hr")])
    .orderBy("p.id", "desc")
    .offset(offset)
    .limit(limit)
    .execute();
}

export function productRow(db: Executor, id: number) {
  return db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function productIdBySku(db: Executor, sku: string): Promise<number | undefined> {
  return (await db.selectFrom("products").select("id").where("sku", "=", sku).executeTakeFirst())?.id;
}

export async function productIdBySlug(db: Executor, language: string, slug: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("product_translations")
    .select("product_id")
    .where("language_code", "=", language)
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row?.product_id;
}

export async function productEditorRows(db: Executor, id: number) {
  const [translations, categories, crossSells, attributes, media, variants, variantAttributes, parts, ordered] = await Promise.all([
    db.selectFrom("product_translations").selectAll().where("product_id", "=", id).orderBy("id").execute(),
    db.selectFrom("product_category_links").select("category_id").where("product_id", "=", id).orderBy("id").execute(),
    db.selectFrom("cross_sells").select("cross_product_id").where("product_id", "=", id).orderBy("position").execute(),
    db.selectFrom("product_attribute_values").selectAll().where("product_id", "=", id).orderBy("id").execute(),
    db.selectFrom("product_media").selectAll().where("product_id", "=", id).orderBy("position").execute(),
    db.selectFrom("products").select("id").where("parent_id", "=", id).orderBy("id").execute(),
    db.selectFrom("configurable_attributes").select("attribute_id").where("product_id", "=", id).orderBy("position").execute(),
    db.selectFrom("bundle_parts").select(["part_id", "qty"]).where("bundle_id", "=", id).orderBy("position").execute(),
    db.selectFrom("order_lines").select("id").where("product_id", "=", id).limit(1).executeTakeFirst(),
  ]);
  return { translations, categories, crossSells, attributes, media, variants, variantAttributes, parts, ordered: ordered !== undefined };
}

/** The ids among `ids` that exist in `table`. */
export async function existingIds(
  db: Executor,
  table: "products" | "product_categories" | "attributes" | "attribute_values",
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom(table)
    .select("id")
    .where("id", "in", [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

export function productsOf(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("products")
    .select(["id", "format", "parent_id"])
    .where("id", "in", [...ids])
    .execute();
}

export function attributeTypes(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("attributes")
    .select(["id", "input_type"])
    .where("id", "in", [...ids])
    .execute();
}

export function valuesOfAttributes(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("attribute_values")
    .select(["id", "attribute_id"])
    .where("id", "in", [...ids])
    .execute();
}

export interface ProductColumns {
  sku: string;
  format: ProductFormat;
  archived: number;
  featured: number;
  category_priority: number;
  retail_cents: number;
  discount_cents: number | null;
  discount_from: string | null;
  discount_to: string | null;
  membership_cents: number | null;
  vat_rate: number;
  updated_at: string;
}

export async function insertProductRow(db: Executor, columns: ProductColumns, stock: number | null): Promise<number> {
  const row = await db
    .insertInto("products")
    .values({ ...columns, stock, parent_id: null, visible_individually: 1, created_at: columns.updated_at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProductRow(db: Executor, id: number, columns: ProductColumns): Promise<boolean> {
  const result = await db.updateTable("products").set(columns).where("id", "=", id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface ProductChildren {
  translations: { language_code: string; name: string; slug: string; short_description: string; description: string }[];
  categoryIds: number[];
  crossSellIds: number[];
  attributes: { attribute_id: number; value_id: number | null; number_value: number | null; text_value: string | null }[];
  media: { media_id: number | null; src: string; width: number; height: number; alt: string }[];
  variantAttributeIds: number[];
  bundleParts: { productId: number; qty: number }[];
}

/** Replaces everything hanging off the product with what the editor sent (in the caller's transaction). */
export async function replaceProductChildren(db: Executor, id: number, c: ProductChildren): Promise<void> {
  for (const table of [
    "product_translations",
    "product_category_links",
    "cross_sells",
    "product_attribute_values",
    "product_media",
    "configurable_attributes",
  ] as const) {
    await db.deleteFrom(table).where("product_id", "=", id).execute();
  }
  await db.deleteFrom("bundle_parts").where("bundle_id", "=", id).execute();
  if (c.translations.length)
    await db
      .insertInto("product_translations")
      .values(c.translations.map((t) => ({ ...t, product_id: id })))
      .execute();
  if (c.categoryIds.length) {
    await db
      .insertInto("product_category_links")
      .values(c.categoryIds.map((category_id) => ({ product_id: id, category_id })))
      .execute();
  }
  if (c.crossSellIds.length) {
    await db
      .insertInto("cross_sells")
      .values(c.crossSellIds.map((cross_product_id, position) => ({ product_id: id, cross_product_id, position })))
      .execute();
  }
  if (c.attributes.length)
    await db
      .insertInto("product_attribute_values")
      .values(c.attributes.map((a) => ({ ...a, product_id: id })))
      .execute();
  if (c.media.length)
    await db
      .insertInto("product_media")
      .values(c.media.map((m, position) => ({ ...m, product_id: id, position })))
      .execute();
  if (c.variantAttributeIds.length) {
    await db
      .insertInto("configurable_attributes")
      .values(c.variantAttributeIds.map((attribute_id, position) => ({ product_id: id, attribute_id, position, default_value_id: null })))
      .execute();
  }
  if (c.bundleParts.length) {
    await db
      .insertInto("bundle_parts")
      .values(c.bundleParts.map((p, position) => ({ bundle_id: id, part_id: p.productId, qty: p.qty, position })))
      .execute();
  }
}

/** Makes exactly `variantIds` the variants of `id`: they lose a page of their own; former ones get theirs back. */
export async function setVariants(db: Executor, id: number, variantIds: readonly number[], now: string): Promise<void> {
  let released = db.updateTable("products").set({ parent_id: null, visible_individually: 1, updated_at: now }).where("parent_id", "=", id);
  if (variantIds.length) released = released.where("id", "not in", [...variantIds]);
  await released.execute();
  if (variantIds.length) {
    await db
      .updateTable("products")
      .set({ parent_id: id, visible_individually: 0, updated_at: now })
      .where("id", "in", [...variantIds])
      .execute();
  }
}

/**
 * Stock changes race with checkout's takeStock, which subtracts in one conditional update. So staff
 * never write a figure they read earlier: a delta is applied by the database to what is on hand now
 * (and refused if it would go below zero), and a set replaces the figure only while it still is the
 * one the editor showed. Either way a unit taken by a checkout in between is neither lost nor given back.
 */
export async function addStock(db: Executor, id: number, delta: number): Promise<"done" | "untracked" | "short" | "missing"> {
  const result = await db
    .updateTable("products")
    .set((eb) => ({ stock: eb("stock", "+", delta) }))
    .where("id", "=", id)
    .where("stock", "is not", null)
    .where("stock", ">=", -delta)
    .executeTakeFirst();
  if (result.numUpdatedRows > 0n) return "done";
  const row = await db.selectFrom("products").select("stock").where("id", "=", id).executeTakeFirst();
  if (!row) return "missing";
  return row.stock === null ? "untracked" : "short";
}

export async function setStockIf(db: Executor, id: number, to: number | null, expected: number | null): Promise<boolean> {
  const result = await db
    .updateTable("products")
    .set({ stock: to })
    .where("id", "=", id)
    .where("stock", expected === null ? "is" : "=", expected)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteProductRow(db: Executor, id: number): Promise<void> {
  await db.updateTable("products").set({ parent_id: null, visible_individually: 1 }).where("parent_id", "=", id).execute();
  await db.deleteFrom("products").where("id", "=", id).execute();
}

export async function archiveProductRow(db: Executor, id: number, now: string): Promise<void> {
  await db.updateTable("products").set({ archived: 1, updated_at: now }).where("id", "=", id).execute();
}
