import type { Database, Executor } from "@shop/db";
import type { Insertable, Selectable } from "kysely";

export type ReceiptRow = Selectable<Database["receipts"]>;

/**
 * The next receipt number of a premise and device in a year, from the same table and upsert as the
 * order numbers: taken in the transaction that places or pays the order, so a rollback gives it back.
 */
export async function nextReceiptSequence(db: Executor, name: string, year: number): Promise<number> {
  const row = await db
    .insertInto("document_sequences")
    .values({ name, year, last_value: 1 })
    .onConflict((oc) => oc.columns(["name", "year"]).doUpdateSet((eb) => ({ last_value: eb("document_sequences.last_value", "+", 1) })))
    .returning("last_value")
    .executeTakeFirstOrThrow();
  return row.last_value;
}

export async function insertReceipt(db: Executor, values: Insertable<Database["receipts"]>): Promise<ReceiptRow> {
  return db.insertInto("receipts").values(values).returningAll().executeTakeFirstOrThrow();
}

/** The order's sale receipt (its stornos aside). */
export function receiptOfOrder(db: Executor, orderId: number): Promise<ReceiptRow | undefined> {
  return db.selectFrom("receipts").selectAll().where("order_id", "=", orderId).where("storno_of", "is", null).executeTakeFirst();
}

export function receiptById(db: Executor, id: number): Promise<ReceiptRow | undefined> {
  return db.selectFrom("receipts").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The stornos of a receipt, oldest first. */
export function stornosOf(db: Executor, receiptId: number): Promise<ReceiptRow[]> {
  return db.selectFrom("receipts").selectAll().where("storno_of", "=", receiptId).orderBy("id").execute();
}

/** Marks the receipt as one staff were alerted about; false when it already was (the alert is raised once). */
export async function markAlerted(db: Executor, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable("receipts")
    .set({ alerted_at: now })
    .where("id", "=", id)
    .where("alerted_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Pending receipts whose next try is due and that no delivery holds, oldest first. */
export async function dueReceiptIds(db: Executor, now: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom("receipts")
    .select("id")
    .where("status", "=", "pending_delivery")
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now)]))
    .orderBy("next_attempt_at")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Takes a due receipt for one delivery (a conditional update): undefined when another instance was first. */
export function claimReceipt(db: Executor, id: number, now: string, leaseUntil: string): Promise<ReceiptRow | undefined> {
  return db
    .updateTable("receipts")
    .set((eb) => ({ claimed_until: leaseUntil, attempts: eb("attempts", "+", 1), updated_at: now }))
    .where("id", "=", id)
    .where("status", "=", "pending_delivery")
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now)]))
    .returningAll()
    .executeTakeFirst();
}

/** Ends the delivery this instance holds (`leaseUntil`): with the JIR, or with the error and the next try. */
export async function settleDelivery(
  db: Executor,
  id: number,
  leaseUntil: string,
  outcome: { jir: string; deliveredAt: string } | { error: string; nextAttemptAt: string },
  now: string,
): Promise<boolean> {
  const values =
    "jir" in outcome
      ? { status: "delivered" as const, jir: outcome.jir, delivered_at: outcome.deliveredAt, last_error: null }
      : { last_error: outcome.error, next_attempt_at: outcome.nextAttemptAt };
  const result = await db
    .updateTable("receipts")
    .set({ ...values, claimed_until: null, updated_at: now })
    .where("id", "=", id)
    .where("status", "=", "pending_delivery")
    .where("claimed_until", "=", leaseUntil)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
