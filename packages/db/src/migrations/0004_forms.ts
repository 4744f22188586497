import { type Dialect, type MigrationDb, withId } from "./helpers.ts";

/** Forms, submissions, newsletter subscriptions, e-mail confirmations and used captcha challenges. */
export function formsMigration(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await withId(db.schema.createTable("forms"), dialect)
        .addColumn("slug", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("type", "varchar(32)", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("send_email_to", "varchar(254)")
        .addColumn("goal_type", "varchar(16)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable("form_translations"), dialect)
        .addColumn("form_id", "integer", (c) => c.notNull().references("forms.id").onDelete("cascade"))
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("title", "varchar(200)", (c) => c.notNull())
        .addColumn("description", "text")
        .addColumn("submit_label", "varchar(80)", (c) => c.notNull())
        .addColumn("success_message", "varchar(500)", (c) => c.notNull())
        .addColumn("goal", "varchar(500)")
        .addColumn("fields", "text", (c) => c.notNull())
        .addUniqueConstraint("form_translations_form_lang", ["form_id", "language_code"])
        .execute();

      // Submissions outlive a deleted definition: they are what the business received.
      await withId(db.schema.createTable("form_submissions"), dialect)
        .addColumn("form_id", "integer", (c) => c.references("forms.id").onDelete("set null"))
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("email", "varchar(254)")
        .addColumn("consent_ids", "text", (c) => c.notNull())
        .addColumn("confirmed_at", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("form_submissions_form_idx").on("form_submissions").column("form_id").execute();

      await withId(db.schema.createTable("newsletter_subscriptions"), dialect)
        .addColumn("email", "varchar(254)", (c) => c.notNull().unique())
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("consent_ids", "text", (c) => c.notNull())
        .addColumn("confirmed_at", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable("email_confirmations"), dialect)
        .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("email", "varchar(254)", (c) => c.notNull())
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("goal_type", "varchar(16)", (c) => c.notNull())
        .addColumn("goal", "varchar(500)", (c) => c.notNull())
        .addColumn("submission_id", "integer", (c) => c.references("form_submissions.id").onDelete("cascade"))
        .addColumn("subscription_id", "integer", (c) => c.references("newsletter_subscriptions.id").onDelete("cascade"))
        .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
        .addColumn("used_at", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("email_confirmations_subscription_idx").on("email_confirmations").column("subscription_id").execute();

      await withId(db.schema.createTable("captcha_solutions"), dialect)
        .addColumn("challenge_id", "varchar(128)", (c) => c.notNull().unique())
        .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("captcha_solutions_expires_idx").on("captcha_solutions").column("expires_at").execute();
    },
  };
}
