import { type Dialect, type MigrationDb, withId } from "./helpers.ts";

/**
 * Account security (issue 9): a per-user time before which access tokens no longer count, the time
 * a refresh token was rotated (its grace window), the new address an e-mail change token is bound
 * to, and the membership cards actually issued, each to its holder.
 */
export function accountSecurityMigration(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      // One column per statement: SQLite's ALTER TABLE adds one at a time.
      await db.schema.alterTable("users").addColumn("tokens_valid_after", "varchar(32)").execute();
      await db.schema.alterTable("refresh_tokens").addColumn("rotated_at", "varchar(32)").execute();
      await db.schema.alterTable("user_tokens").addColumn("new_email", "varchar(254)").execute();

      await withId(db.schema.createTable("membership_cards"), dialect)
        .addColumn("barcode", "varchar(32)", (c) => c.notNull().unique())
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("issued_at", "varchar(32)", (c) => c.notNull())
        .addColumn("revoked_at", "varchar(32)")
        .execute();
      await db.schema.createIndex("membership_cards_user_idx").on("membership_cards").column("user_id").execute();
    },
  };
}
