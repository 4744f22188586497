import type { MigrationDb } from "./helpers.ts";

/**
 * A customer's default delivery and billing address (issue 11: the profile sets them, the checkout
 * starts from the delivery one). Plain ids: deleting an address clears them in the same change.
 * The same SQL on both dialects.
 */
export function defaultAddressesMigration() {
  return {
    async up(db: MigrationDb) {
      // One column per statement: SQLite's ALTER TABLE adds one at a time.
      await db.schema.alterTable("users").addColumn("default_delivery_address_id", "integer").execute();
      await db.schema.alterTable("users").addColumn("default_billing_address_id", "integer").execute();
    },
  };
}
