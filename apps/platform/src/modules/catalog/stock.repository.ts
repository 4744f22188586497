import type { Executor } from "@shop/db";

/**
 * Takes `qty` units of a stock-kept product if that many are on hand, in one conditional update:
 * two orders racing for the last unit cannot both get it. "untracked": the product keeps no stock
 * (services, vouchers); "short": not enough (or no such product).
 */
export async function takeStock(db: Executor, productId: number, qty: number): Promise<"taken" | "untracked" | "short"> {
  const result = await db
    .updateTable("products")
    .set((eb) => ({ stock: eb("stock", "-", qty) }))
    .where("id", "=", productId)
    .where("stock", "is not", null)
    .where("stock", ">=", qty)
    .executeTakeFirst();
  if (result.numUpdatedRows > 0n) return "taken";
  const row = await db.selectFrom("products").select("stock").where("id", "=", productId).executeTakeFirst();
  return row !== undefined && row.stock === null ? "untracked" : "short";
}

/** Gives units back (a cancelled or expired order); products that keep no stock stay so. */
export async function returnStock(db: Executor, productId: number, qty: number): Promise<void> {
  await db
    .updateTable("products")
    .set((eb) => ({ stock: eb("stock", "+", qty) }))
    .where("id", "=", productId)
    .where("stock", "is not", null)
    .execute();
}

export async function stockOf(db: Executor, productId: number): Promise<number | null> {
  const row = await db.selectFrom("products").select("stock").where("id", "=", productId).executeTakeFirst();
  return row?.stock ?? null;
}
