import type { Database, Executor } from "@shop/db";
import type { Insertable, Selectable } from "kysely";

export type VoucherRow = Selectable<Database["vouchers"]>;

export function findVoucherByCode(db: Executor, code: string): Promise<VoucherRow | undefined> {
  return db.selectFrom("vouchers").selectAll().where("code", "=", code).executeTakeFirst();
}

export function vouchersOfOrder(db: Executor, orderId: number): Promise<VoucherRow[]> {
  return db.selectFrom("vouchers").selectAll().where("order_id", "=", orderId).orderBy("order_line_id").orderBy("unit").execute();
}

export async function insertVouchers(db: Executor, values: Insertable<Database["vouchers"]>[]): Promise<void> {
  if (values.length > 0) await db.insertInto("vouchers").values(values).execute();
}

/**
 * Takes `amount` off the balance if the voucher still has it and has not expired, in one
 * conditional update: twenty orders racing for one voucher never spend more than it holds.
 */
export async function takeBalance(db: Executor, voucherId: number, amount: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable("vouchers")
    .set((eb) => ({ balance_cents: eb("balance_cents", "-", amount), updated_at: now }))
    .where("id", "=", voucherId)
    .where("balance_cents", ">=", amount)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function giveBalance(db: Executor, voucherId: number, amount: number, now: string): Promise<void> {
  await db
    .updateTable("vouchers")
    .set((eb) => ({ balance_cents: eb("balance_cents", "+", amount), updated_at: now }))
    .where("id", "=", voucherId)
    .execute();
}

export async function insertUse(db: Executor, values: Insertable<Database["voucher_uses"]>): Promise<void> {
  await db.insertInto("voucher_uses").values(values).execute();
}

/** Marks the order's use released if it was not yet: the row count decides, so the amount goes back once. */
export function releaseUse(db: Executor, orderId: number, now: string) {
  return db
    .updateTable("voucher_uses")
    .set({ released_at: now })
    .where("order_id", "=", orderId)
    .where("released_at", "is", null)
    .returning(["voucher_id", "amount_cents"])
    .executeTakeFirst();
}

/** The order's use of a voucher, with the voucher's code. */
export function useOfOrder(db: Executor, orderId: number) {
  return db
    .selectFrom("voucher_uses")
    .innerJoin("vouchers", "vouchers.id", "voucher_uses.voucher_id")
    .select(["vouchers.code", "voucher_uses.amount_cents", "voucher_uses.released_at"])
    .where("voucher_uses.order_id", "=", orderId)
    .executeTakeFirst();
}
