import { type Dialect, type MigrationDb, withId } from "./helpers.ts";

/**
 * Issue 12's back office. A staff account (`is_backoffice`) gets a role: `administrator` (every
 * scope, the staff and the audit log) or `staff` with the scopes in `staff_scopes` (names joined by
 * commas: a handful of fixed words, read with the user on every request). Staff who existed before
 * were all-powerful, so they become administrators. `audit_log` keeps who changed what in the back
 * office and when; it belongs to the audit module.
 */
export function staffAndAuditMigration(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      // One column per statement: SQLite's ALTER TABLE adds one at a time.
      await db.schema.alterTable("users").addColumn("staff_role", "varchar(20)").execute();
      await db.schema
        .alterTable("users")
        .addColumn("staff_scopes", "varchar(100)", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.updateTable("users").set({ staff_role: "administrator" }).where("is_backoffice", "=", 1).execute();

      await withId(db.schema.createTable("audit_log"), dialect)
        // No foreign key: the row must outlive the account (the e-mail is kept beside it).
        .addColumn("user_id", "integer")
        .addColumn("user_email", "varchar(255)", (c) => c.notNull())
        .addColumn("entity", "varchar(60)", (c) => c.notNull())
        .addColumn("entity_id", "varchar(100)")
        .addColumn("action", "varchar(120)", (c) => c.notNull())
        .addColumn("before_json", "text")
        .addColumn("after_json", "text")
        .addColumn("request_id", "varchar(64)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("audit_log_created_idx").on("audit_log").columns(["created_at", "id"]).execute();
      await db.schema.createIndex("audit_log_entity_idx").on("audit_log").columns(["entity", "created_at"]).execute();
      await db.schema.createIndex("audit_log_user_idx").on("audit_log").columns(["user_id", "created_at"]).execute();
      await db.schema.createIndex("audit_log_request_idx").on("audit_log").column("request_id").execute();
    },
  };
}
