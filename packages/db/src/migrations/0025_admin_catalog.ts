import type { MigrationDb } from "./helpers.ts";

/**
 * Issue 12's product editor picks images from the media library: each gallery row remembers the
 * media it was made from, so the editor shows the same picks again (rows seeded as plain paths
 * keep null). The media's removal leaves the copied path in place. Membership cards issued by staff
 * may run until a date (null: until revoked).
 */
export function adminCatalogMigration() {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .alterTable("product_media")
        .addColumn("media_id", "integer", (c) => c.references("media.id").onDelete("set null"))
        .execute();
      await db.schema.alterTable("membership_cards").addColumn("valid_until", "varchar(32)").execute();
    },
  };
}
