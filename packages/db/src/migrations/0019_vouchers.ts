import { sql } from "kysely";
import { type Dialect, type MigrationDb, withId } from "./helpers.ts";

/**
 * Gift vouchers (issue 11 item 6): one row per voucher unit bought, issued when its order is paid,
 * with a code and a balance that orders spend; one use row per order that spends it (released when
 * that order is cancelled unpaid). The checks keep a balance between 0 and its value whatever
 * a racing update tries, and (order_line_id, unit) issues each unit once. The cart remembers the
 * code it applies, like its coupon, and an order the part a voucher paid (its payment method pays
 * the rest: the card attempt, the HUB-3 slip).
 */
export function vouchersMigration(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await withId(db.schema.createTable("vouchers"), dialect)
        .addColumn("code", "varchar(16)", (c) => c.notNull().unique())
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
        .addColumn("order_line_id", "integer", (c) => c.notNull().references("order_lines.id"))
        .addColumn("unit", "integer", (c) => c.notNull())
        .addColumn("value_cents", "integer", (c) => c.notNull())
        .addColumn("balance_cents", "integer", (c) => c.notNull())
        .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .addUniqueConstraint("vouchers_unit", ["order_line_id", "unit"])
        .addCheckConstraint("vouchers_balance", sql`value_cents > 0 and balance_cents >= 0 and balance_cents <= value_cents`)
        .execute();
      await db.schema.createIndex("vouchers_order_idx").on("vouchers").column("order_id").execute();

      await withId(db.schema.createTable("voucher_uses"), dialect)
        .addColumn("voucher_id", "integer", (c) => c.notNull().references("vouchers.id"))
        // One voucher per order.
        .addColumn("order_id", "integer", (c) => c.notNull().unique().references("orders.id"))
        .addColumn("amount_cents", "integer", (c) => c.notNull())
        .addColumn("released_at", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addCheckConstraint("voucher_uses_amount", sql`amount_cents > 0`)
        .execute();
      await db.schema.createIndex("voucher_uses_voucher_idx").on("voucher_uses").column("voucher_id").execute();

      await db.schema.alterTable("carts").addColumn("voucher_code", "varchar(16)").execute();
      await db.schema
        .alterTable("orders")
        .addColumn("voucher_cents", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("orders").addColumn("voucher_code", "varchar(16)").execute();
    },
  };
}
