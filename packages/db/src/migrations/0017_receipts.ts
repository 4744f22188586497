import { sql } from "kysely";
import { type Dialect, type MigrationDb, withId } from "./helpers.ts";

export const RECEIPT_STATUSES = ["pending_delivery", "delivered"] as const;
export const RECEIPT_PAYMENT_METHODS = ["G", "K", "T", "O"] as const;

const oneOf = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

/**
 * Fiscalised receipts (reference D1): one per order, numbered per premise, device and year without
 * gaps (the number comes from document_sequences in the transaction that places or pays the
 * order), with the ZKI from the start and the JIR once CIS answers. `attempts`, `next_attempt_at`
 * and `claimed_until` let one instance at a time deliver a pending receipt, late (NakDost) after
 * the first attempt. A receipt's sequence name holds the premise and device, longer than order's.
 */
export function receiptsMigration(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      // SQLite does not enforce varchar lengths.
      if (dialect === "postgres") {
        await db.schema
          .alterTable("document_sequences")
          .alterColumn("name", (c) => c.setDataType("varchar(64)"))
          .execute();
      }
      await withId(db.schema.createTable("receipts"), dialect)
        .addColumn("order_id", "integer", (c) => c.notNull().unique().references("orders.id"))
        .addColumn("oib", "varchar(11)", (c) => c.notNull())
        .addColumn("operator_oib", "varchar(11)", (c) => c.notNull())
        .addColumn("vat_registered", "integer", (c) => c.notNull())
        .addColumn("premise", "varchar(20)", (c) => c.notNull())
        .addColumn("device", "varchar(20)", (c) => c.notNull())
        .addColumn("year", "integer", (c) => c.notNull())
        .addColumn("sequence", "integer", (c) => c.notNull())
        .addColumn("issued_at", "varchar(32)", (c) => c.notNull())
        .addColumn("total_cents", "integer", (c) => c.notNull())
        /** JSON: [{ ratePercent, baseCents, vatCents }]. */
        .addColumn("vat", "text", (c) => c.notNull())
        .addColumn("payment_method", "varchar(1)", (c) => c.notNull())
        /** The company buyer's OIB: an R1 receipt. */
        .addColumn("buyer_oib", "varchar(11)")
        .addColumn("zki", "varchar(32)", (c) => c.notNull())
        .addColumn("jir", "varchar(36)")
        .addColumn("status", "varchar(24)", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "varchar(32)", (c) => c.notNull())
        .addColumn("claimed_until", "varchar(32)")
        .addColumn("last_error", "text")
        .addColumn("delivered_at", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .addUniqueConstraint("receipts_number", ["premise", "device", "year", "sequence"])
        .addCheckConstraint("receipts_status", oneOf("status", RECEIPT_STATUSES))
        .addCheckConstraint("receipts_payment_method", oneOf("payment_method", RECEIPT_PAYMENT_METHODS))
        .addCheckConstraint("receipts_delivered", sql`(status = 'delivered') = (jir is not null)`)
        .addCheckConstraint("receipts_amounts", sql`total_cents >= 0 and sequence > 0 and attempts >= 0`)
        .execute();
      // The delivery job reads the due ones.
      await db.schema.createIndex("receipts_due_idx").on("receipts").columns(["status", "next_attempt_at"]).execute();
    },
  };
}
