import { sql } from "kysely";
import { type Dialect, type MigrationDb, withId } from "./helpers.ts";

/** The values each status column may hold (SPEC §4 order states; the transition tables live in the orders module). */
export const ORDER_STATUSES = ["pending_payment", "placed", "completed", "cancelled"] as const;
export const PAYMENT_STATUSES = [
  "initiated",
  "authorized",
  "paid",
  "partially_refunded",
  "refunded",
  "failed",
  "voided",
  "expired",
] as const;
export const FULFILMENT_STATUSES = ["unfulfilled", "ready_for_pickup", "fulfilled"] as const;
export const RESERVATION_STATUSES = ["held", "committed", "released"] as const;

const oneOf = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

/**
 * Checkout and orders: delivery and payment methods with the pickup branches, the checkout data a
 * cart collects, orders with frozen lines, payment attempts, the status history of the three axes,
 * stock reservations, coupon uses and the document number sequence.
 */
export function ordersMigration(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      const create = (name: string) => withId(db.schema.createTable(name), dialect);

      await create("branches")
        .addColumn("code", "varchar(32)", (c) => c.notNull().unique())
        .addColumn("name", "varchar(120)", (c) => c.notNull())
        .addColumn("street", "varchar(120)", (c) => c.notNull())
        .addColumn("zip_code", "varchar(25)", (c) => c.notNull())
        .addColumn("city", "varchar(75)", (c) => c.notNull())
        .addColumn("phone", "varchar(40)", (c) => c.notNull())
        .addColumn("email", "varchar(254)", (c) => c.notNull())
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
        .execute();

      await create("delivery_methods")
        .addColumn("code", "varchar(32)", (c) => c.notNull().unique())
        .addColumn("price_cents", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("vat_rate", "integer", (c) => c.notNull().defaultTo(25))
        .addColumn("needs_branch", "integer", (c) => c.notNull().defaultTo(0))
        /** 'ALL' or a comma list of ISO alpha-2 codes. */
        .addColumn("countries", "varchar(500)", (c) => c.notNull().defaultTo("ALL"))
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
        .addCheckConstraint("delivery_methods_price", sql`price_cents >= 0`)
        .execute();
      await create("delivery_method_translations")
        .addColumn("method_id", "integer", (c) => c.notNull().references("delivery_methods.id").onDelete("cascade"))
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("name", "varchar(120)", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
        .addUniqueConstraint("delivery_method_translations_lang", ["method_id", "language_code"])
        .execute();

      await create("payment_methods")
        .addColumn("code", "varchar(32)", (c) => c.notNull().unique())
        /** How the money comes: at the branch, by bank transfer, by card on the provider's page, or by wallet. */
        .addColumn("kind", "varchar(16)", (c) => c.notNull())
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
        .addCheckConstraint("payment_methods_kind", oneOf("kind", ["branch", "bank_transfer", "card", "wallet"]))
        .execute();
      await create("payment_method_translations")
        .addColumn("method_id", "integer", (c) => c.notNull().references("payment_methods.id").onDelete("cascade"))
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("name", "varchar(120)", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
        .addUniqueConstraint("payment_method_translations_lang", ["method_id", "language_code"])
        .execute();

      // What the checkout collects on the cart before the order: guest details, addresses, company.
      await db.schema
        .alterTable("carts")
        .addColumn("checkout", "text", (c) => c.notNull().defaultTo("{}"))
        .execute();
      await db.schema
        .alterTable("carts")
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema.alterTable("coupons").addColumn("usage_limit", "integer").execute();
      await db.schema.alterTable("coupons").addColumn("per_customer_limit", "integer").execute();
      await db.schema
        .alterTable("coupons")
        .addColumn("used_count", "integer", (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable("document_sequences")
        .addColumn("name", "varchar(32)", (c) => c.notNull())
        .addColumn("year", "integer", (c) => c.notNull())
        .addColumn("last_value", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("document_sequences_pk", ["name", "year"])
        .execute();

      await create("orders")
        /** The public code: random, unguessable (links, the success page). */
        .addColumn("code", "varchar(24)", (c) => c.notNull().unique())
        /** The sequential number of documents and the payment reference, e.g. 2026-000123. */
        .addColumn("number", "varchar(24)", (c) => c.notNull().unique())
        .addColumn("cart_id", "integer", (c) => c.notNull().unique().references("carts.id"))
        .addColumn("cart_version", "integer", (c) => c.notNull())
        .addColumn("idempotency_key", "varchar(100)", (c) => c.unique())
        .addColumn("request_hash", "varchar(64)", (c) => c.notNull())
        .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("email", "varchar(254)", (c) => c.notNull())
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("status", "varchar(24)", (c) => c.notNull())
        .addColumn("payment_status", "varchar(24)", (c) => c.notNull())
        .addColumn("fulfilment_status", "varchar(24)", (c) => c.notNull())
        .addColumn("currency", "varchar(3)", (c) => c.notNull())
        .addColumn("items_cents", "integer", (c) => c.notNull())
        .addColumn("discount_cents", "integer", (c) => c.notNull())
        .addColumn("delivery_cents", "integer", (c) => c.notNull())
        .addColumn("tax_cents", "integer", (c) => c.notNull())
        .addColumn("total_cents", "integer", (c) => c.notNull())
        /** JSON: [{ rate, baseCents, taxCents }] as the receipt will show it. */
        .addColumn("vat", "text", (c) => c.notNull())
        .addColumn("coupon_id", "integer", (c) => c.references("coupons.id").onDelete("set null"))
        .addColumn("coupon_code", "varchar(64)")
        .addColumn("member_card", "varchar(32)")
        .addColumn("delivery_method_id", "integer", (c) => c.references("delivery_methods.id").onDelete("set null"))
        .addColumn("delivery_name", "varchar(120)")
        .addColumn("branch_id", "integer", (c) => c.references("branches.id").onDelete("set null"))
        /** JSON snapshot of the pickup branch (name, address, phone) as the customer saw it. */
        .addColumn("branch", "text")
        .addColumn("payment_method_id", "integer", (c) => c.notNull().references("payment_methods.id"))
        .addColumn("payment_kind", "varchar(16)", (c) => c.notNull())
        .addColumn("payment_name", "varchar(120)", (c) => c.notNull())
        /** JSON: { details, delivery, billing, company } frozen from the checkout. */
        .addColumn("customer", "text", (c) => c.notNull())
        .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("expires_at", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .addCheckConstraint("orders_status", oneOf("status", ORDER_STATUSES))
        .addCheckConstraint("orders_payment_status", oneOf("payment_status", PAYMENT_STATUSES))
        .addCheckConstraint("orders_fulfilment_status", oneOf("fulfilment_status", FULFILMENT_STATUSES))
        .addCheckConstraint(
          "orders_amounts",
          sql`total_cents >= 0 and items_cents >= 0 and discount_cents >= 0 and delivery_cents >= 0 and tax_cents >= 0`,
        )
        .execute();
      await db.schema.createIndex("orders_user_idx").on("orders").columns(["user_id", "created_at"]).execute();
      await db.schema.createIndex("orders_expiry_idx").on("orders").columns(["status", "expires_at"]).execute();

      await create("order_lines")
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("product_id", "integer", (c) => c.references("products.id").onDelete("set null"))
        .addColumn("name", "varchar(200)", (c) => c.notNull())
        .addColumn("sku", "varchar(64)", (c) => c.notNull())
        /** JSON: the chosen variant labels and custom options, in words. */
        .addColumn("options", "text", (c) => c.notNull())
        .addColumn("qty", "integer", (c) => c.notNull())
        .addColumn("unit_cents", "integer", (c) => c.notNull())
        .addColumn("row_cents", "integer", (c) => c.notNull())
        .addColumn("discount_cents", "integer", (c) => c.notNull())
        .addColumn("vat_rate", "integer", (c) => c.notNull())
        .addColumn("tax_cents", "integer", (c) => c.notNull())
        .addCheckConstraint("order_lines_amounts", sql`qty > 0 and unit_cents >= 0 and row_cents >= 0 and discount_cents >= 0`)
        .execute();
      await db.schema.createIndex("order_lines_order_idx").on("order_lines").column("order_id").execute();

      await create("payment_attempts")
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        .addColumn("provider", "varchar(16)", (c) => c.notNull())
        /** The number the provider knows this attempt by: unique, a retry gets a new one. */
        .addColumn("provider_order_number", "varchar(40)", (c) => c.notNull().unique())
        .addColumn("amount_cents", "integer", (c) => c.notNull())
        .addColumn("currency", "varchar(3)", (c) => c.notNull())
        .addColumn("status", "varchar(24)", (c) => c.notNull())
        .addColumn("refunded_cents", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("approval_code", "varchar(64)")
        .addColumn("transaction_id", "varchar(100)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .addCheckConstraint("payment_attempts_status", oneOf("status", PAYMENT_STATUSES))
        .addCheckConstraint("payment_attempts_amounts", sql`amount_cents >= 0 and refunded_cents >= 0 and refunded_cents <= amount_cents`)
        .execute();
      await db.schema.createIndex("payment_attempts_order_idx").on("payment_attempts").columns(["order_id", "status"]).execute();

      await create("order_history")
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        .addColumn("axis", "varchar(16)", (c) => c.notNull())
        .addColumn("from_status", "varchar(24)")
        .addColumn("to_status", "varchar(24)", (c) => c.notNull())
        /** customer, system, provider:<name> or staff:<user id>. */
        .addColumn("actor", "varchar(40)", (c) => c.notNull())
        .addColumn("reason", "varchar(200)", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addCheckConstraint("order_history_axis", oneOf("axis", ["order", "payment", "fulfilment"]))
        .execute();
      await db.schema.createIndex("order_history_order_idx").on("order_history").column("order_id").execute();

      await create("stock_reservations")
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("qty", "integer", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .addCheckConstraint("stock_reservations_status", oneOf("status", RESERVATION_STATUSES))
        .addCheckConstraint("stock_reservations_qty", sql`qty > 0`)
        .execute();
      await db.schema.createIndex("stock_reservations_order_idx").on("stock_reservations").column("order_id").execute();

      // What staff must look at: money that arrived for an order that no longer waits for it.
      await create("order_alerts")
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        .addColumn("kind", "varchar(32)", (c) => c.notNull())
        .addColumn("detail", "text", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("resolved_at", "varchar(32)")
        .execute();

      await create("coupon_uses")
        .addColumn("coupon_id", "integer", (c) => c.notNull().references("coupons.id").onDelete("cascade"))
        .addColumn("order_id", "integer", (c) => c.notNull().unique().references("orders.id").onDelete("cascade"))
        /** user:<id> or the lower-cased e-mail, for the per-customer limit. */
        .addColumn("customer_key", "varchar(260)", (c) => c.notNull())
        .addColumn("released_at", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("coupon_uses_customer_idx").on("coupon_uses").columns(["coupon_id", "customer_key"]).execute();
    },
  };
}
