import type { Executor } from "@shop/db";

/** What may be added: a product that exists and is still sold. Removing needs neither. */
export async function isWishableProduct(db: Executor, productId: number): Promise<boolean> {
  const row = await db.selectFrom("products").select("id").where("id", "=", productId).where("archived", "=", 0).executeTakeFirst();
  return row !== undefined;
}

/** Adds once: a second add (a double click, a parallel request) meets the unique pair and changes nothing. */
export async function addItem(db: Executor, userId: number, productId: number): Promise<void> {
  await db
    .insertInto("wishlist_items")
    .values({ user_id: userId, product_id: productId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(["user_id", "product_id"]).doNothing())
    .execute();
}

/** Whether there was something to remove. */
export async function removeItem(db: Executor, userId: number, productId: number): Promise<boolean> {
  const result = await db.deleteFrom("wishlist_items").where("user_id", "=", userId).where("product_id", "=", productId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countItems(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom("wishlist_items")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  // count() is a string on PostgreSQL.
  return Number(row.n);
}

/** Newest first: what was just added is what the customer looks for. */
export function pageItems(db: Executor, userId: number, offset: number, limit: number) {
  return db
    .selectFrom("wishlist_items")
    .select(["id", "product_id"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .offset(offset)
    .limit(limit)
    .execute();
}

/** The whole wishlist for the data export, oldest first. */
export function allItemsOf(db: Executor, userId: number) {
  return db.selectFrom("wishlist_items").select(["product_id", "created_at"]).where("user_id", "=", userId).orderBy("id").execute();
}

export async function deleteAllOf(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom("wishlist_items").where("user_id", "=", userId).execute();
}
