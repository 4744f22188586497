import type { Executor } from "@shop/db";

/** What category views (web/category/get, web/category/filter) and tag views (web/tag/filter) are built from. */

export interface CategoryRow {
  id: number;
  parent_id: number | null;
  position: number;
  image_src: string | null;
  sort_default: string | null;
}

export function categoryRows(db: Executor): Promise<CategoryRow[]> {
  return db.selectFrom("product_categories").select(["id", "parent_id", "position", "image_src", "sort_default"]).execute();
}

/** Every category's translations, all languages (the language switch needs each slug). */
export function categoryTranslationRows(db: Executor) {
  return db.selectFrom("product_category_translations").select(["category_id", "language_code", "name", "slug", "description"]).execute();
}

/** Which products sit directly in which category: only those a visitor can find (visible, not archived). */
export function listedProductLinks(db: Executor) {
  return db
    .selectFrom("product_category_links as l")
    .innerJoin("products as p", "p.id", "l.product_id")
    .select(["l.category_id", "l.product_id"])
    .where("p.visible_individually", "=", 1)
    .where("p.archived", "=", 0)
    .execute();
}

/** Categories with this slug in any language. */
export async function categoryIdsBySlug(db: Executor, slug: string): Promise<number[]> {
  const rows = await db
    .selectFrom("product_category_translations")
    .select("category_id")
    .where("slug", "=", slug)
    .orderBy("category_id")
    .execute();
  return rows.map((r) => r.category_id);
}

/** A category's sort default (a SORT_OPTIONS id), or null when it has none or does not exist. */
export async function categorySortDefault(db: Executor, id: number): Promise<string | null> {
  const row = await db.selectFrom("product_categories").select("sort_default").where("id", "=", id).executeTakeFirst();
  return row?.sort_default ?? null;
}

/** Tag translations in the given languages, of every tag or of the tag with this slug (any language). */
export function tagTranslationRows(db: Executor, languages: readonly string[], slug?: string) {
  let q = db
    .selectFrom("product_tag_translations")
    .select(["tag_id", "language_code", "name", "slug"])
    .where("language_code", "in", [...languages]);
  if (slug !== undefined) {
    q = q.where("tag_id", "in", (eb) => eb.selectFrom("product_tag_translations").select("tag_id").where("slug", "=", slug));
  }
  return q.orderBy("tag_id").execute();
}
