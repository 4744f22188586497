import { type Dialect, type MigrationDb, withId } from "./helpers.ts";

/**
 * The guest of SPEC §3/§6 (found by the guestUser cookie), whose
 * last address step prefills the next checkout. The cookie holds a random token; the row keeps only
 * its hash, so neither a stolen database nor a guessed number opens anyone's addresses. And each
 * branch's opening hours (JSON, Monday first), for the confirmation and the success page: unknown
 * (null) for branches that exist already, until staff enter them.
 */
export function checkoutExtrasMigration(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await withId(db.schema.createTable("guests"), dialect)
        .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("email", "varchar(254)", (c) => c.notNull())
        .addColumn("details", "text", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("last_used_at", "varchar(32)", (c) => c.notNull())
        .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
        .execute();
      // Expired guests are deleted by time.
      await db.schema.createIndex("guests_expires_idx").on("guests").column("expires_at").execute();

      await db.schema.alterTable("branches").addColumn("opening_hours", "text").execute();
    },
  };
}
