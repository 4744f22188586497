import { type Dialect, type MigrationDb, withId } from "./helpers.ts";

/** Consents, their texts per language, where they are shown, and the consent log. */
export function consentsMigration(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await withId(db.schema.createTable("consents"), dialect)
        .addColumn("unique_number", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable("consent_translations"), dialect)
        .addColumn("consent_id", "integer", (c) => c.notNull().references("consents.id").onDelete("cascade"))
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("display_name", "text", (c) => c.notNull())
        .addUniqueConstraint("consent_translations_consent_lang", ["consent_id", "language_code"])
        .execute();

      await withId(db.schema.createTable("consent_assignments"), dialect)
        .addColumn("assigned_to", "varchar(64)", (c) => c.notNull())
        .addColumn("consent_id", "integer", (c) => c.notNull().references("consents.id").onDelete("cascade"))
        .addColumn("required", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("position", "integer", (c) => c.notNull())
        .addUniqueConstraint("consent_assignments_place_consent", ["assigned_to", "consent_id"])
        .execute();

      // The log is evidence: a consent that has been logged cannot be deleted (no cascade).
      await withId(db.schema.createTable("consent_log"), dialect)
        .addColumn("consent_id", "integer", (c) => c.notNull().references("consents.id"))
        .addColumn("consent_version", "integer", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("status_timestamp", "varchar(32)", (c) => c.notNull())
        .addColumn("source_type", "varchar(32)", (c) => c.notNull())
        .addColumn("user_type", "varchar(16)", (c) => c.notNull())
        .addColumn("email", "varchar(254)")
        .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("ip_hash", "varchar(64)", (c) => c.notNull())
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("consent_log_consent_idx").on("consent_log").column("consent_id").execute();
      await db.schema.createIndex("consent_log_email_idx").on("consent_log").column("email").execute();
      await db.schema.createIndex("consent_log_user_idx").on("consent_log").column("user_id").execute();
    },
  };
}
