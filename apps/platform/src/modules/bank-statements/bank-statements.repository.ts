import type { Executor } from "@shop/db";
import type { StatementEntry } from "./statement-entry.ts";

export type LineOutcome = "paid" | "already_paid" | "amount_mismatch" | "no_order" | "not_payable" | "no_reference";

export async function insertImport(
  db: Executor,
  values: { fileName: string; format: string; userId: number | null; now: string },
): Promise<number> {
  const row = await db
    .insertInto("bank_statement_imports")
    .values({ file_name: values.fileName, format: values.format, imported_by: values.userId, imported_at: values.now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Keeps a payment read from a statement; undefined when its key was imported before (the unique
 * key decides when two imports of one file race).
 */
export async function insertLine(db: Executor, importId: number, entry: StatementEntry, now: string): Promise<number | undefined> {
  const row = await db
    .insertInto("bank_statement_lines")
    .values({
      import_id: importId,
      entry_key: entry.key.slice(0, 200),
      booked_on: entry.bookedOn,
      amount_cents: entry.amountCents,
      currency: entry.currency.slice(0, 3),
      model: entry.model,
      reference: entry.reference?.slice(0, 40) ?? null,
      payer: entry.payer?.slice(0, 200) ?? null,
      description: entry.description,
      order_id: null,
      outcome: "no_reference",
      resolved_at: null,
      created_at: now,
    })
    .onConflict((oc) => oc.column("entry_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

export async function setOutcome(db: Executor, lineId: number, outcome: LineOutcome, orderId: number | null): Promise<void> {
  await db.updateTable("bank_statement_lines").set({ outcome, order_id: orderId }).where("id", "=", lineId).execute();
}

const lineColumns = [
  "bank_statement_lines.id",
  "booked_on",
  "amount_cents",
  "bank_statement_lines.currency",
  "model",
  "reference",
  "payer",
  "description",
  "outcome",
  "resolved_at",
  "orders.code as order_code",
  "orders.number as order_number",
] as const;

export function linesOfImport(db: Executor, importId: number) {
  return db
    .selectFrom("bank_statement_lines")
    .leftJoin("orders", "orders.id", "bank_statement_lines.order_id")
    .select(lineColumns)
    .where("import_id", "=", importId)
    .orderBy("bank_statement_lines.id")
    .execute();
}

/** Payments that paid no order and that nobody has dealt with yet, oldest first. */
export async function openLines(db: Executor, page: { offset: number; limit: number }) {
  const base = db.selectFrom("bank_statement_lines").where("outcome", "!=", "paid").where("resolved_at", "is", null);
  const [rows, count] = await Promise.all([
    base
      .leftJoin("orders", "orders.id", "bank_statement_lines.order_id")
      .select(lineColumns)
      .orderBy("booked_on")
      .orderBy("bank_statement_lines.id")
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Marks an open line dealt with; false when there is no such open line. */
export async function resolveLine(db: Executor, lineId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable("bank_statement_lines")
    .set({ resolved_at: now })
    .where("id", "=", lineId)
    .where("outcome", "!=", "paid")
    .where("resolved_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
