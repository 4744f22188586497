import { type Dialect, type MigrationDb, withId } from "./helpers.ts";

/**
 * Issue 11's social login: which account an OpenID Connect provider's subject signs in to. The
 * subject, not the e-mail, finds the account on later logins, so a changed e-mail on either side
 * keeps the link; one subject of one provider belongs to one account.
 */
export function socialLoginsMigration(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await withId(db.schema.createTable("social_logins"), dialect)
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("provider", "varchar(40)", (c) => c.notNull())
        .addColumn("subject", "varchar(255)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("last_login_at", "varchar(32)", (c) => c.notNull())
        .addUniqueConstraint("social_logins_provider_subject_key", ["provider", "subject"])
        .execute();
      await db.schema.createIndex("social_logins_user_idx").on("social_logins").column("user_id").execute();
    },
  };
}
