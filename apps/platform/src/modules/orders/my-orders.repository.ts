import type { Executor } from "@shop/db";
import type { OrderRow } from "./orders.repository.ts";

/** The customer's orders, read by the customer (SPEC §2 Profile: order count, my orders). */

export async function countUserOrders(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest first; the id breaks ties of orders placed in the same millisecond. */
export function pageOfUserOrders(db: Executor, userId: number, limit: number, offset: number): Promise<OrderRow[]> {
  return db
    .selectFrom("orders")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The order with this code when it is the user's; another user's answers like a missing one. */
export function findUserOrder(db: Executor, userId: number, code: string): Promise<OrderRow | undefined> {
  return db.selectFrom("orders").selectAll().where("code", "=", code).where("user_id", "=", userId).executeTakeFirst();
}
