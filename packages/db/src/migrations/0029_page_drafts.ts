import { type Dialect, type MigrationDb, withId } from "./helpers.ts";

/**
 * Issue 13, in-place editing (ADR 25): per page and language at most one draft beside the published
 * version (post_translations), a revision per publish, and an edit lock. The unique keys are what
 * make a lock take and a draft's first save atomic under races. Versions count saves (drafts),
 * publishes (post_translations) and saves of the layout (elements, navigations), so an edit based
 * on an older one is refused instead of overwriting.
 */
export function pageDraftsMigration(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await withId(db.schema.createTable("post_drafts"), dialect)
        .addColumn("post_id", "integer", (c) => c.notNull().references("posts.id").onDelete("cascade"))
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("slug", "varchar(200)", (c) => c.notNull())
        .addColumn("title", "varchar(200)", (c) => c.notNull())
        .addColumn("components", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("saved_by_id", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("saved_by_name", "varchar(200)")
        .addColumn("saved_at", "varchar(32)", (c) => c.notNull())
        .addUniqueConstraint("post_drafts_post_lang", ["post_id", "language_code"])
        .execute();
      // Slug checks look drafts up by language and slug.
      await db.schema.createIndex("post_drafts_lang_slug_idx").on("post_drafts").columns(["language_code", "slug"]).execute();

      await withId(db.schema.createTable("post_revisions"), dialect)
        .addColumn("post_id", "integer", (c) => c.notNull().references("posts.id").onDelete("cascade"))
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("slug", "varchar(200)", (c) => c.notNull())
        .addColumn("title", "varchar(200)", (c) => c.notNull())
        .addColumn("components", "text", (c) => c.notNull())
        .addColumn("author_id", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("author_name", "varchar(200)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("restored_from", "integer")
        .execute();
      await db.schema.createIndex("post_revisions_post_lang_idx").on("post_revisions").columns(["post_id", "language_code"]).execute();

      await withId(db.schema.createTable("edit_locks"), dialect)
        .addColumn("post_id", "integer", (c) => c.notNull().references("posts.id").onDelete("cascade"))
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("user_name", "varchar(200)", (c) => c.notNull())
        .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
        // Whom a take-over took it from: their next heartbeat or save is told who took it.
        .addColumn("taken_from_id", "integer")
        .addUniqueConstraint("edit_locks_post_lang", ["post_id", "language_code"])
        .execute();

      await db.schema
        .alterTable("post_translations")
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable("post_translations").addColumn("saved_by_name", "varchar(200)").execute();
      await db.schema.alterTable("post_translations").addColumn("saved_at", "varchar(32)").execute();
      await db.schema
        .alterTable("elements")
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable("navigations")
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
    },
  };
}
