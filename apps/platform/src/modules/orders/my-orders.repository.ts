import type { Database, Executor } from "@shop/db";
import type { ExpressionBuilder } from "kysely";
import type { OrderRow } from "./orders.repository.ts";

/** The customer's orders, read by the customer (SPEC §2 Profile: order count, my orders). */

/**
 * Whose orders: those placed logged in to the account, and those a guest placed with the e-mail
 * the account has confirmed (a guest who registers later sees the earlier orders).
 */
export interface OrderOwner {
  userId: number;
  /** Only once confirmed; null otherwise. */
  verifiedEmail: string | null;
}

const ownedBy = (owner: OrderOwner) => (eb: ExpressionBuilder<Database, "orders">) =>
  owner.verifiedEmail === null
    ? eb("user_id", "=", owner.userId)
    : eb.or([
        eb("user_id", "=", owner.userId),
        eb.and([eb("user_id", "is", null), eb(eb.fn("lower", ["email"]), "=", owner.verifiedEmail.toLowerCase())]),
      ]);

export async function countUserOrders(db: Executor, owner: OrderOwner): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .where(ownedBy(owner))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest first; the id breaks ties of orders placed in the same millisecond. */
export function pageOfUserOrders(db: Executor, owner: OrderOwner, limit: number, offset: number): Promise<OrderRow[]> {
  return db
    .selectFrom("orders")
    .selectAll()
    .where(ownedBy(owner))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The order with this code when it is the owner's; another customer's answers like a missing one. */
export function findUserOrder(db: Executor, owner: OrderOwner, code: string): Promise<OrderRow | undefined> {
  return db.selectFrom("orders").selectAll().where("code", "=", code).where(ownedBy(owner)).executeTakeFirst();
}

/** Every order of the owner, oldest first (the data export; the account's deletion anonymises them). */
export function allUserOrders(db: Executor, owner: OrderOwner): Promise<OrderRow[]> {
  return db.selectFrom("orders").selectAll().where(ownedBy(owner)).orderBy("id").execute();
}

export async function anonymiseOrder(
  db: Executor,
  orderId: number,
  change: { email: string; customer: string; searchText: string; now: string },
): Promise<void> {
  await db
    .updateTable("orders")
    .set({
      user_id: null,
      email: change.email,
      customer: change.customer,
      search_text: change.searchText,
      note: "",
      member_card: null,
      updated_at: change.now,
    })
    .where("id", "=", orderId)
    .execute();
}

/**
 * The coupon uses and history of the orders stop naming the customer (their account or e-mail);
 * what staff did keeps their name.
 */
export async function anonymiseOrderTrail(
  db: Executor,
  orderIds: readonly number[],
  change: { customerKey: string; accountActor: string; actor: string },
): Promise<void> {
  if (orderIds.length === 0) return;
  await db.updateTable("coupon_uses").set({ customer_key: change.customerKey }).where("order_id", "in", orderIds).execute();
  await db
    .updateTable("order_history")
    .set({ actor: change.actor })
    .where("order_id", "in", orderIds)
    .where("actor", "=", change.accountActor)
    .execute();
}
