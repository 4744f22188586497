import type { Database, Executor } from "@shop/db";
import type { Insertable, Selectable } from "kysely";

/** What the order's payment method pays: the total less a gift voucher's part. */
export const toPayOf = (order: Pick<OrderRow, "total_cents" | "voucher_cents">) => order.total_cents - order.voucher_cents;

export type OrderRow = Selectable<Database["orders"]>;
export type OrderLineRow = Selectable<Database["order_lines"]>;
export type AttemptRow = Selectable<Database["payment_attempts"]>;
export type HistoryRow = Selectable<Database["order_history"]>;

export function findOrderByCart(db: Executor, cartId: number): Promise<OrderRow | undefined> {
  return db.selectFrom("orders").selectAll().where("cart_id", "=", cartId).executeTakeFirst();
}

export function findOrderByKey(db: Executor, key: string): Promise<OrderRow | undefined> {
  return db.selectFrom("orders").selectAll().where("idempotency_key", "=", key).executeTakeFirst();
}

export function findOrderByCode(db: Executor, code: string): Promise<OrderRow | undefined> {
  return db.selectFrom("orders").selectAll().where("code", "=", code).executeTakeFirst();
}

/**
 * The next number of a yearly sequence (order numbers 2026-000001 …), taken inside the order's
 * transaction: a rolled-back order gives its number back, so numbers have no gaps.
 */
export async function nextInSequence(db: Executor, name: string, year: number): Promise<number> {
  const row = await db
    .insertInto("document_sequences")
    .values({ name, year, last_value: 1 })
    .onConflict((oc) => oc.columns(["name", "year"]).doUpdateSet((eb) => ({ last_value: eb("document_sequences.last_value", "+", 1) })))
    .returning("last_value")
    .executeTakeFirstOrThrow();
  return row.last_value;
}

export async function insertOrder(db: Executor, values: Insertable<Database["orders"]>): Promise<number> {
  const row = await db.insertInto("orders").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function insertOrderLines(db: Executor, rows: Insertable<Database["order_lines"]>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto("order_lines").values(rows).execute();
}

export function orderLines(db: Executor, orderId: number): Promise<OrderLineRow[]> {
  return db.selectFrom("order_lines").selectAll().where("order_id", "=", orderId).orderBy("position").execute();
}

export async function insertReservations(db: Executor, rows: Insertable<Database["stock_reservations"]>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto("stock_reservations").values(rows).execute();
}

/** Moves the order's reservations in one state to another; answers the rows moved (what to give back). */
export function moveReservations(
  db: Executor,
  orderId: number,
  from: "held" | "committed",
  to: "committed" | "released",
  now: string,
): Promise<{ product_id: number; qty: number }[]> {
  return db
    .updateTable("stock_reservations")
    .set({ status: to, updated_at: now })
    .where("order_id", "=", orderId)
    .where("status", "=", from)
    .returning(["product_id", "qty"])
    .execute();
}

export async function insertCouponUse(db: Executor, values: Insertable<Database["coupon_uses"]>): Promise<void> {
  await db.insertInto("coupon_uses").values(values).execute();
}

export async function activeCouponUses(db: Executor, couponId: number, customerKey: string): Promise<number> {
  const row = await db
    .selectFrom("coupon_uses")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("coupon_id", "=", couponId)
    .where("customer_key", "=", customerKey)
    .where("released_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Gives the order's coupon use back once; answers the coupon whose count to lower, or null. */
export async function releaseCouponUse(db: Executor, orderId: number, now: string): Promise<number | null> {
  const row = await db
    .updateTable("coupon_uses")
    .set({ released_at: now })
    .where("order_id", "=", orderId)
    .where("released_at", "is", null)
    .returning("coupon_id")
    .executeTakeFirst();
  return row?.coupon_id ?? null;
}

export async function insertHistory(db: Executor, rows: Insertable<Database["order_history"]>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto("order_history").values(rows).execute();
}

export function orderHistory(db: Executor, orderId: number): Promise<HistoryRow[]> {
  return db.selectFrom("order_history").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
}

type StatusColumn = "status" | "payment_status" | "fulfilment_status";

/**
 * The guarded transition: moves one status column of the order only from one of `from`. The row
 * count decides whether the caller's side effects run, so two racing writers cannot both win.
 */
export async function moveOrderStatus(
  db: Executor,
  orderId: number,
  column: StatusColumn,
  from: readonly string[],
  to: string,
  now: string,
): Promise<boolean> {
  if (from.length === 0) return false;
  const result = await db
    .updateTable("orders")
    .set({ [column]: to, updated_at: now })
    .where("id", "=", orderId)
    .where(column, "in", from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertAttempt(db: Executor, values: Insertable<Database["payment_attempts"]>): Promise<number> {
  const row = await db.insertInto("payment_attempts").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export function attemptsOf(db: Executor, orderId: number): Promise<AttemptRow[]> {
  return db.selectFrom("payment_attempts").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
}

export function findAttemptByNumber(db: Executor, providerOrderNumber: string): Promise<AttemptRow | undefined> {
  return db.selectFrom("payment_attempts").selectAll().where("provider_order_number", "=", providerOrderNumber).executeTakeFirst();
}

export async function moveAttemptStatus(
  db: Executor,
  attemptId: number,
  from: readonly string[],
  to: string,
  now: string,
  evidence: { approval_code?: string | null; transaction_id?: string | null } = {},
): Promise<boolean> {
  if (from.length === 0) return false;
  const result = await db
    .updateTable("payment_attempts")
    .set({ status: to, updated_at: now, ...evidence })
    .where("id", "=", attemptId)
    .where("status", "in", from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Keeps the wallet payment opened for an attempt; false when another request kept one first. */
export async function keepWalletSecret(db: Executor, attemptId: number, secret: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("payment_attempts")
    .set({ wallet_secret: secret, updated_at: now })
    .where("id", "=", attemptId)
    .where("wallet_secret", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Unpaid orders whose time is up, oldest first. */
export function expiredOrderIds(db: Executor, now: string, limit: number): Promise<{ id: number }[]> {
  return db
    .selectFrom("orders")
    .select("id")
    .where("status", "=", "pending_payment")
    .where("expires_at", "is not", null)
    .where("expires_at", "<", now)
    .orderBy("expires_at")
    .limit(limit)
    .execute();
}

export function findOrderById(db: Executor, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertAlert(db: Executor, values: Insertable<Database["order_alerts"]>): Promise<void> {
  await db.insertInto("order_alerts").values(values).execute();
}

/** Card attempts still waiting after `before`: the reconciliation job asks the provider about them. */
export function staleAttempts(db: Executor, providers: readonly string[], before: string, limit: number): Promise<AttemptRow[]> {
  return db
    .selectFrom("payment_attempts")
    .selectAll()
    .where("provider", "in", providers)
    .where("status", "=", "initiated")
    .where("created_at", "<", before)
    .orderBy("created_at")
    .limit(limit)
    .execute();
}

/** The attempt that waits for a bank transfer to the order of this number (there is one: transfers are not tried again). */
export function transferAttemptOf(db: Executor, orderNumber: string): Promise<AttemptRow | undefined> {
  return db
    .selectFrom("payment_attempts")
    .innerJoin("orders", "orders.id", "payment_attempts.order_id")
    .selectAll("payment_attempts")
    .where("orders.number", "=", orderNumber)
    .where("orders.payment_kind", "=", "bank_transfer")
    .where("payment_attempts.provider", "=", "bank_transfer")
    .orderBy("payment_attempts.id", "desc")
    .executeTakeFirst();
}

/**
 * Takes `amountCents` of a paid attempt for a refund (a conditional update): never more than was
 * paid minus what earlier refunds took, so of two refunds racing for the same money one gets none.
 * The attempt becomes refunded once all of it is, else partially refunded. Undefined: not that much left.
 */
export function takeRefund(db: Executor, attemptId: number, amountCents: number, now: string): Promise<AttemptRow | undefined> {
  return db
    .updateTable("payment_attempts")
    .set((eb) => ({
      refunded_cents: eb("refunded_cents", "+", amountCents),
      status: eb
        .case()
        .when(eb("refunded_cents", "+", amountCents), "=", eb.ref("amount_cents"))
        .then("refunded")
        .else("partially_refunded")
        .end(),
      updated_at: now,
    }))
    .where("id", "=", attemptId)
    .where("status", "in", ["paid", "partially_refunded"])
    .where((eb) => eb(eb("refunded_cents", "+", amountCents), "<=", eb.ref("amount_cents")))
    .returningAll()
    .executeTakeFirst();
}

export async function insertRefund(db: Executor, values: Insertable<Database["order_refunds"]>): Promise<number> {
  const row = await db.insertInto("order_refunds").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export function refundsOf(db: Executor, orderId: number) {
  return db.selectFrom("order_refunds").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
}
