import type { ProductFormat } from "@shop/contracts";
import type { Executor } from "@shop/db";

/** Single lookups of the catalog; the views are built by the read-only repositories beside it (product-cards, product-list, …). */

export async function productFormatOf(db: Executor, id: number): Promise<ProductFormat | undefined> {
  const row = await db.selectFrom("products").select("format").where("id", "=", id).executeTakeFirst();
  return row?.format;
}

/** Bundles on sale with a page of their own that contain the product, by id. */
export async function bundlesContaining(db: Executor, partId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("bundle_parts as b")
    .innerJoin("products as p", "p.id", "b.bundle_id")
    .select("p.id")
    .where("b.part_id", "=", partId)
    .where("p.archived", "=", 0)
    .where("p.visible_individually", "=", 1)
    .groupBy("p.id")
    .orderBy("p.id")
    .execute();
  return rows.map((r) => r.id);
}

export async function hasConfigurablePart(db: Executor, bundleId: number): Promise<boolean> {
  const row = await db
    .selectFrom("bundle_parts as b")
    .innerJoin("products as part", "part.id", "b.part_id")
    .select("b.id")
    .where("b.bundle_id", "=", bundleId)
    .where("part.format", "=", "configurable")
    .executeTakeFirst();
  return row !== undefined;
}
