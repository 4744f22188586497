import type { Database } from "@shop/db";
import { seedCatalog } from "@shop/db/seed/catalog.ts";
import type { Kysely } from "kysely";

/** Catalog rows for the API tests: the demo catalog, plus single products and categories made to order. */

export async function seedDemoCatalog(db: Kysely<Database>, customerId: number): Promise<void> {
  const now = new Date().toISOString();
  await seedCatalog({ trx: db, now, users: { adminId: customerId, customerId } });
}

export interface ProductInput {
  sku: string;
  /** hr name; en and de get the same with a suffix. */
  name: string;
  slug: string;
  retailCents: number;
  discountCents?: number | null;
  discountFrom?: string | null;
  discountTo?: string | null;
  membershipCents?: number | null;
  vatRate?: number;
  stock?: number | null;
  categoryIds?: number[];
  archived?: boolean;
}

let made = 0;

export async function insertProduct(db: Kysely<Database>, input: ProductInput): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto("products")
    .values({
      sku: input.sku,
      format: "simple",
      parent_id: null,
      visible_individually: 1,
      archived: input.archived ? 1 : 0,
      featured: 0,
      category_priority: 0,
      retail_cents: input.retailCents,
      discount_cents: input.discountCents ?? null,
      discount_from: input.discountFrom ?? null,
      discount_to: input.discountTo ?? null,
      membership_cents: input.membershipCents ?? null,
      vat_rate: input.vatRate ?? 25,
      stock: input.stock === undefined ? 5 : input.stock,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  made++;
  await db
    .insertInto("product_translations")
    .values(
      (["hr", "en", "de"] as const).map((lang) => ({
        product_id: row.id,
        language_code: lang,
        name: lang === "hr" ? input.name : `${input.name} (${lang})`,
        slug: lang === "hr" ? input.slug : `${input.slug}-${lang}-${made}`,
        short_description: "",
        description: "",
      })),
    )
    .execute();
  for (const categoryId of input.categoryIds ?? []) {
    await db.insertInto("product_category_links").values({ product_id: row.id, category_id: categoryId }).execute();
  }
  return row.id;
}

export async function insertCategory(
  db: Kysely<Database>,
  input: { slug: string; name: string; parentId?: number | null },
): Promise<number> {
  const row = await db
    .insertInto("product_categories")
    .values({ parent_id: input.parentId ?? null, position: 0, image_src: null, sort_default: null, created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("product_category_translations")
    .values(
      (["hr", "en", "de"] as const).map((lang) => ({
        category_id: row.id,
        language_code: lang,
        name: input.name,
        slug: lang === "hr" ? input.slug : `${input.slug}-${lang}`,
        description: "",
      })),
    )
    .execute();
  return row.id;
}
