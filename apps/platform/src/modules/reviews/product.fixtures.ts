import type { Database } from "@shop/db";
import type { Kysely } from "kysely";

/** Test-only: a product straight into the catalog tables, with what the review, wishlist and search tests need. */

export interface FixtureTranslation {
  lang: string;
  name: string;
  slug: string;
  shortDescription?: string;
  description?: string;
}

export interface FixtureProduct {
  translations?: FixtureTranslation[];
  archived?: boolean;
  visibleIndividually?: boolean;
  retailCents?: number;
  /** Image paths in gallery order. */
  media?: string[];
  createdAt?: string;
}

let seq = 0;

export async function insertProduct(db: Kysely<Database>, product: FixtureProduct = {}): Promise<number> {
  const n = ++seq;
  const now = product.createdAt ?? new Date().toISOString();
  const row = await db
    .insertInto("products")
    .values({
      sku: `TEST-${process.pid}-${n}-${Math.random().toString(36).slice(2, 8)}`,
      format: "simple",
      parent_id: null,
      visible_individually: product.visibleIndividually === false ? 0 : 1,
      archived: product.archived ? 1 : 0,
      featured: 0,
      category_priority: 0,
      retail_cents: product.retailCents ?? 999,
      discount_cents: null,
      discount_from: null,
      discount_to: null,
      membership_cents: null,
      vat_rate: 25,
      stock: null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const translations = product.translations ?? [{ lang: "hr", name: `Proizvod ${n}`, slug: `proizvod-${row.id}-${n}` }];
  for (const t of translations) {
    await db
      .insertInto("product_translations")
      .values({
        product_id: row.id,
        language_code: t.lang,
        name: t.name,
        slug: t.slug,
        short_description: t.shortDescription ?? "",
        description: t.description ?? "",
      })
      .execute();
  }
  for (const [position, src] of (product.media ?? []).entries()) {
    await db.insertInto("product_media").values({ product_id: row.id, position, src, width: 800, height: 800, alt: "" }).execute();
  }
  return row.id;
}

export interface FixtureCategoryTranslation {
  lang: string;
  name: string;
  slug: string;
  description?: string;
}

export async function insertCategory(
  db: Kysely<Database>,
  category: { translations: FixtureCategoryTranslation[]; imageSrc?: string | null; position?: number },
): Promise<number> {
  const row = await db
    .insertInto("product_categories")
    .values({
      parent_id: null,
      position: category.position ?? 0,
      image_src: category.imageSrc ?? null,
      sort_default: null,
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const t of category.translations) {
    await db
      .insertInto("product_category_translations")
      .values({ category_id: row.id, language_code: t.lang, name: t.name, slug: t.slug, description: t.description ?? "" })
      .execute();
  }
  return row.id;
}
