import { type Dialect, type MigrationDb, withId } from "./helpers.ts";

/** Carts with their items, and coupons. */
export function cartMigration(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await withId(db.schema.createTable("carts"), dialect)
        .addColumn("protect_hash", "varchar(64)", (c) => c.notNull())
        .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("currency_id", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("coupon_code", "varchar(64)")
        .addColumn("member_card", "varchar(32)")
        .addColumn("delivery_method_id", "integer")
        .addColumn("payment_method_id", "integer")
        .addColumn("options", "text", (c) => c.notNull().defaultTo("{}"))
        .addColumn("instructions", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("guest_email", "varchar(254)")
        .addColumn("ordered_at", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("carts_user_idx").on("carts").columns(["user_id", "ordered_at", "updated_at"]).execute();

      await withId(db.schema.createTable("cart_items"), dialect)
        .addColumn("cart_id", "integer", (c) => c.notNull().references("carts.id").onDelete("cascade"))
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("qty", "integer", (c) => c.notNull())
        .addColumn("options", "text", (c) => c.notNull().defaultTo("{}"))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("cart_items_cart_idx").on("cart_items").column("cart_id").execute();

      await withId(db.schema.createTable("coupons"), dialect)
        .addColumn("code", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("kind", "varchar(16)", (c) => c.notNull())
        .addColumn("value", "integer", (c) => c.notNull())
        .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("valid_from", "varchar(32)")
        .addColumn("valid_to", "varchar(32)")
        .addColumn("min_total_cents", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
