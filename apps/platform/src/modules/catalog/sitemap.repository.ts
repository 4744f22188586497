import type { Locale } from "@shop/contracts";
import type { Executor } from "@shop/db";

/** The shop as /sitemap.xml lists it: products with a page of their own and the categories. */

/** Every translation (in the given languages) of every product with a page of its own, and its first picture. */
export function productPages(db: Executor, languages: readonly Locale[]) {
  return db
    .selectFrom("products as p")
    .innerJoin("product_translations as t", "t.product_id", "p.id")
    .select((eb) => [
      "p.id",
      "p.updated_at",
      "t.language_code",
      "t.slug",
      eb
        .selectFrom("product_media as m")
        .select("m.src")
        .whereRef("m.product_id", "=", "p.id")
        .orderBy("m.position")
        .orderBy("m.id")
        .limit(1)
        .as("image_src"),
    ])
    .where("p.archived", "=", 0)
    .where("p.visible_individually", "=", 1)
    .where("t.language_code", "in", [...languages])
    .where("t.slug", "!=", "")
    .orderBy("p.id")
    .execute();
}

/** Every translation (in the given languages) of every product category, with its image. */
export function categoryPages(db: Executor, languages: readonly Locale[]) {
  return db
    .selectFrom("product_categories as c")
    .innerJoin("product_category_translations as t", "t.category_id", "c.id")
    .select(["c.id", "c.created_at", "c.image_src", "t.language_code", "t.slug"])
    .where("t.language_code", "in", [...languages])
    .orderBy("c.position")
    .orderBy("c.id")
    .execute();
}
