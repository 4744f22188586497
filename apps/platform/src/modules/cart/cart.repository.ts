import type { Database, Executor } from "@shop/db";
import { type Insertable, type Selectable, sql, type Updateable } from "kysely";

export type CartRow = Selectable<Database["carts"]>;
export type LineRow = Selectable<Database["cart_items"]>;
export type CouponRow = Selectable<Database["coupons"]>;
export type RequestKeyRow = Selectable<Database["cart_request_keys"]>;

export function findCart(db: Executor, id: number): Promise<CartRow | undefined> {
  return db.selectFrom("carts").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Touches an open cart inside a write transaction and returns it. On PostgreSQL the update holds the
 * row lock until commit, so two writes to one cart run one after the other (SQLite has one writer
 * anyway); a logged-in caller becomes the owner of an ownerless cart (abandoned-cart lookup).
 */
export function touchOpenCart(db: Executor, id: number, userId: number | null, now: string): Promise<CartRow | undefined> {
  return db
    .updateTable("carts")
    .set((eb) => ({
      updated_at: now,
      version: eb("version", "+", 1),
      user_id: userId === null ? eb.ref("user_id") : eb.fn.coalesce("user_id", eb.val(userId)),
    }))
    .where("id", "=", id)
    .where("ordered_at", "is", null)
    .returningAll()
    .executeTakeFirst();
}

export function linesOf(db: Executor, cartId: number): Promise<LineRow[]> {
  return db.selectFrom("cart_items").selectAll().where("cart_id", "=", cartId).orderBy("id").execute();
}

/** Codes compare case-insensitively (customers type them as they like). */
export function findCouponByCode(db: Executor, code: string): Promise<CouponRow | undefined> {
  return db.selectFrom("coupons").selectAll().where(sql<string>`lower(code)`, "=", code.toLowerCase()).executeTakeFirst();
}

/** The user's newest open cart that has lines. */
export function newestAbandonedCart(db: Executor, userId: number): Promise<{ id: number } | undefined> {
  return db
    .selectFrom("carts")
    .select("carts.id")
    .where("carts.user_id", "=", userId)
    .where("carts.ordered_at", "is", null)
    .where((eb) => eb.exists(eb.selectFrom("cart_items").select("cart_items.id").whereRef("cart_items.cart_id", "=", "carts.id")))
    .orderBy("carts.updated_at", "desc")
    .orderBy("carts.id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export function insertCart(db: Executor, values: Insertable<Database["carts"]>): Promise<{ id: number }> {
  return db.insertInto("carts").values(values).returning("id").executeTakeFirstOrThrow();
}

export async function updateCart(db: Executor, id: number, set: Updateable<Database["carts"]>): Promise<void> {
  await db.updateTable("carts").set(set).where("id", "=", id).execute();
}

export function insertLine(db: Executor, values: Insertable<Database["cart_items"]>): Promise<{ id: number }> {
  return db.insertInto("cart_items").values(values).returning("id").executeTakeFirstOrThrow();
}

export async function updateLine(
  db: Executor,
  id: number,
  set: Pick<Updateable<Database["cart_items"]>, "qty" | "options">,
): Promise<void> {
  await db.updateTable("cart_items").set(set).where("id", "=", id).execute();
}

/** Lines of one cart only: an item id of another cart deletes nothing. */
export async function deleteLines(db: Executor, cartId: number, itemId?: number): Promise<void> {
  let query = db.deleteFrom("cart_items").where("cart_id", "=", cartId);
  if (itemId !== undefined) query = query.where("id", "=", itemId);
  await query.execute();
}

/**
 * Counts one more order on the coupon if its total limit allows, in one conditional update: twenty
 * orders racing for a coupon of limit 1 give one discount. False: used up.
 */
export async function claimCouponUse(db: Executor, couponId: number): Promise<boolean> {
  const result = await db
    .updateTable("coupons")
    .set((eb) => ({ used_count: eb("used_count", "+", 1) }))
    .where("id", "=", couponId)
    .where((eb) => eb.or([eb("usage_limit", "is", null), eb("used_count", "<", eb.ref("usage_limit"))]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function returnCouponUse(db: Executor, couponId: number): Promise<void> {
  await db
    .updateTable("coupons")
    .set((eb) => ({ used_count: eb("used_count", "-", 1) }))
    .where("id", "=", couponId)
    .where("used_count", ">", 0)
    .execute();
}

/** Closes the cart: it became an order and opens nothing any more (its request keys can answer nothing either). */
export async function closeCart(db: Executor, cartId: number, now: string): Promise<void> {
  await db.updateTable("carts").set({ ordered_at: now, updated_at: now }).where("id", "=", cartId).execute();
  await db.deleteFrom("cart_request_keys").where("cart_id", "=", cartId).execute();
}

/**
 * Claims an Idempotency-Key for this cart: false when the cart already has it. On PostgreSQL the
 * insert of a key another transaction claimed waits for that transaction: after its commit this one
 * does nothing (and finds its answer), after its rollback it claims the key itself.
 */
export async function claimRequestKey(
  db: Executor,
  row: Pick<RequestKeyRow, "cart_id" | "request_key" | "request_hash" | "created_at">,
): Promise<boolean> {
  const claimed = await db
    .insertInto("cart_request_keys")
    .values({ ...row, answer: null })
    .onConflict((oc) => oc.columns(["cart_id", "request_key"]).doNothing())
    .returning("cart_id")
    .executeTakeFirst();
  return claimed !== undefined;
}

export function findRequestKey(db: Executor, cartId: number, key: string): Promise<RequestKeyRow | undefined> {
  return db.selectFrom("cart_request_keys").selectAll().where("cart_id", "=", cartId).where("request_key", "=", key).executeTakeFirst();
}

export async function saveRequestAnswer(db: Executor, cartId: number, key: string, answer: string): Promise<void> {
  await db.updateTable("cart_request_keys").set({ answer }).where("cart_id", "=", cartId).where("request_key", "=", key).execute();
}

export async function releaseRequestKey(db: Executor, cartId: number, key: string): Promise<void> {
  await db.deleteFrom("cart_request_keys").where("cart_id", "=", cartId).where("request_key", "=", key).execute();
}

/** Keys claimed before `before` go (by the index on their time): a retry comes within seconds, not a day. */
export async function deleteRequestKeysBefore(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom("cart_request_keys").where("created_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The user's carts stop naming them: open ones go with their lines; closed ones stay (their order
 * points at them) without the checkout's addresses, e-mail, card or instructions.
 */
export async function forgetCartsOf(db: Executor, userId: number, now: string): Promise<void> {
  const open = db.selectFrom("carts").select("id").where("user_id", "=", userId).where("ordered_at", "is", null);
  // Stored answers hold the checkout's e-mail and addresses.
  await db
    .deleteFrom("cart_request_keys")
    .where("cart_id", "in", db.selectFrom("carts").select("id").where("user_id", "=", userId))
    .execute();
  await db.deleteFrom("cart_items").where("cart_id", "in", open).execute();
  await db.deleteFrom("carts").where("user_id", "=", userId).where("ordered_at", "is", null).execute();
  await db
    .updateTable("carts")
    .set({ user_id: null, guest_email: null, checkout: "{}", member_card: null, instructions: "", updated_at: now })
    .where("user_id", "=", userId)
    .execute();
}
