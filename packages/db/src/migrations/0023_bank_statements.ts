import { type Dialect, type MigrationDb, withId } from "./helpers.ts";

/**
 * Issue 12's bank statement import: each imported file, and each incoming payment read from it with
 * what became of it. A line's key is the bank's own id of the payment (or a digest of the line),
 * unique, so a file imported twice, or two statements that overlap, settle nothing twice.
 */
export function bankStatementsMigration(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await withId(db.schema.createTable("bank_statement_imports"), dialect)
        .addColumn("file_name", "varchar(255)", (c) => c.notNull())
        .addColumn("format", "varchar(16)", (c) => c.notNull())
        .addColumn("imported_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("imported_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await withId(db.schema.createTable("bank_statement_lines"), dialect)
        .addColumn("import_id", "integer", (c) => c.notNull().references("bank_statement_imports.id"))
        .addColumn("entry_key", "varchar(200)", (c) => c.notNull().unique())
        .addColumn("booked_on", "varchar(10)", (c) => c.notNull())
        .addColumn("amount_cents", "integer", (c) => c.notNull())
        .addColumn("currency", "varchar(3)", (c) => c.notNull())
        .addColumn("model", "varchar(4)")
        .addColumn("reference", "varchar(40)")
        .addColumn("payer", "varchar(200)")
        .addColumn("description", "text")
        .addColumn("order_id", "integer", (c) => c.references("orders.id"))
        /** paid, already_paid, amount_mismatch, no_order, no_reference */
        .addColumn("outcome", "varchar(20)", (c) => c.notNull())
        /** Staff dealt with a line that paid no order (returned the money, booked it by hand). */
        .addColumn("resolved_at", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("bank_statement_lines_import_idx").on("bank_statement_lines").column("import_id").execute();
      await db.schema
        .createIndex("bank_statement_lines_outcome_idx")
        .on("bank_statement_lines")
        .columns(["outcome", "resolved_at"])
        .execute();
    },
  };
}
