import type { MigrationDb } from "./helpers.ts";

/**
 * Issue 11's e-invoice: every line of a Croatian e-invoice names its product's KPD 2025 code
 * (BT-158, rule HR-BR-25). The product keeps the code staff give it; the order line freezes the
 * code it had when the order was placed, so a later edit of the product never changes an issued
 * invoice. Nullable: a product without one still sells, only its e-invoice waits for staff.
 */
export function classificationCodesMigration() {
  return {
    async up(db: MigrationDb) {
      await db.schema.alterTable("products").addColumn("classification_code", "varchar(8)").execute();
      await db.schema.alterTable("order_lines").addColumn("classification_code", "varchar(8)").execute();
    },
  };
}
