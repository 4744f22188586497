import { sql } from "kysely";
import { RECEIPT_PAYMENT_METHODS, RECEIPT_STATUSES } from "./0017_receipts.ts";
import { type Dialect, type MigrationDb, withId } from "./helpers.ts";

const oneOf = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

/** A sale receipt is not negative; a storno (cancellation) receipt is, and names the receipt it cancels. */
const AMOUNTS = sql`sequence > 0 and attempts >= 0 and ((storno_of is null and total_cents >= 0) or (storno_of is not null and total_cents < 0))`;

/** The receipts table as 0017 made it, with the storno reference and the staff alert of a late delivery. */
function createReceipts(db: MigrationDb, dialect: Dialect, name: string) {
  return withId(db.schema.createTable(name), dialect)
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("oib", "varchar(11)", (c) => c.notNull())
    .addColumn("operator_oib", "varchar(11)", (c) => c.notNull())
    .addColumn("vat_registered", "integer", (c) => c.notNull())
    .addColumn("premise", "varchar(20)", (c) => c.notNull())
    .addColumn("device", "varchar(20)", (c) => c.notNull())
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("sequence", "integer", (c) => c.notNull())
    .addColumn("issued_at", "varchar(32)", (c) => c.notNull())
    .addColumn("total_cents", "integer", (c) => c.notNull())
    .addColumn("vat", "text", (c) => c.notNull())
    .addColumn("payment_method", "varchar(1)", (c) => c.notNull())
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
    .addColumn("storno_of", "integer", (c) => c.references("receipts.id"))
    .addColumn("alerted_at", "varchar(32)")
    .addUniqueConstraint("receipts_number", ["premise", "device", "year", "sequence"])
    .addCheckConstraint("receipts_status", oneOf("status", RECEIPT_STATUSES))
    .addCheckConstraint("receipts_payment_method", oneOf("payment_method", RECEIPT_PAYMENT_METHODS))
    .addCheckConstraint("receipts_delivered", sql`(status = 'delivered') = (jir is not null)`)
    .addCheckConstraint("receipts_amounts", AMOUNTS);
}

/** 0017's columns, copied into the rebuilt table. */
const RECEIPT_COLUMNS = sql.raw(
  "id, order_id, oib, operator_oib, vat_registered, premise, device, year, sequence, issued_at, total_cents, vat, payment_method, " +
    "buyer_oib, zki, jir, status, attempts, next_attempt_at, claimed_until, last_error, delivered_at, created_at, updated_at",
);

/**
 * Refunds and their storno receipts (reference D1: a cancellation is a new receipt with negative
 * amounts, numbered from the same sequence, referencing the one it cancels). An order now has one
 * sale receipt and any number of stornos: the unique order_id becomes a partial unique index, and
 * a storno's total is negative. `alerted_at` marks a receipt staff were alerted about (CIS did not
 * accept it in time, or refused it), so the alert is raised once. SQLite cannot drop a constraint:
 * its table is rebuilt the way SQLite documents, foreign keys off around the copy.
 */
export function stornoRefundsMigration(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      if (dialect === "postgres") {
        await db.schema.alterTable("receipts").dropConstraint("receipts_order_id_key").execute();
        await db.schema.alterTable("receipts").dropConstraint("receipts_amounts").execute();
        await db.schema
          .alterTable("receipts")
          .addColumn("storno_of", "integer", (c) => c.references("receipts.id"))
          .execute();
        await db.schema.alterTable("receipts").addColumn("alerted_at", "varchar(32)").execute();
        await db.schema.alterTable("receipts").addCheckConstraint("receipts_amounts", AMOUNTS).execute();
      } else {
        await sql`PRAGMA foreign_keys = OFF`.execute(db);
        await sql`BEGIN`.execute(db);
        try {
          await createReceipts(db, dialect, "receipts_next").execute();
          await sql`INSERT INTO receipts_next (${RECEIPT_COLUMNS}) SELECT ${RECEIPT_COLUMNS} FROM receipts`.execute(db);
          await db.schema.dropTable("receipts").execute();
          await db.schema.alterTable("receipts_next").renameTo("receipts").execute();
          await db.schema.createIndex("receipts_due_idx").on("receipts").columns(["status", "next_attempt_at"]).execute();
          const broken = await sql`PRAGMA foreign_key_check`.execute(db);
          if (broken.rows.length > 0) throw new Error(`receipts rebuilt with broken references: ${JSON.stringify(broken.rows)}`);
          await sql`COMMIT`.execute(db);
        } catch (error) {
          await sql`ROLLBACK`.execute(db);
          throw error;
        } finally {
          await sql`PRAGMA foreign_keys = ON`.execute(db);
        }
      }
      await db.schema
        .createIndex("receipts_sale_of_order")
        .on("receipts")
        .column("order_id")
        .unique()
        .where(sql.ref("storno_of"), "is", null)
        .execute();
      await db.schema.createIndex("receipts_order_idx").on("receipts").column("order_id").execute();

      await withId(db.schema.createTable("order_refunds"), dialect)
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
        .addColumn("attempt_id", "integer", (c) => c.notNull().references("payment_attempts.id"))
        .addColumn("amount_cents", "integer", (c) => c.notNull())
        /** The storno receipt; null where the shop does not fiscalise. */
        .addColumn("receipt_id", "integer", (c) => c.references("receipts.id"))
        .addColumn("actor", "varchar(40)", (c) => c.notNull())
        .addColumn("reason", "varchar(200)", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addCheckConstraint("order_refunds_amount", sql`amount_cents > 0`)
        .execute();
      await db.schema.createIndex("order_refunds_order_idx").on("order_refunds").column("order_id").execute();
    },
  };
}
