import { type Dialect, type MigrationDb, withId } from "./helpers.ts";

/** Events (one row, a translation per language) and comments on posts. */
export function eventsMigration(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await withId(db.schema.createTable("events"), dialect)
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("starts_at", "varchar(32)", (c) => c.notNull())
        .addColumn("ends_at", "varchar(32)", (c) => c.notNull())
        .addColumn("image_src", "varchar(1000)")
        .addColumn("image_width", "integer")
        .addColumn("image_height", "integer")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("events_status_starts_idx").on("events").columns(["status", "starts_at"]).execute();

      await withId(db.schema.createTable("event_translations"), dialect)
        .addColumn("event_id", "integer", (c) => c.notNull().references("events.id").onDelete("cascade"))
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("slug", "varchar(200)", (c) => c.notNull())
        .addColumn("title", "varchar(200)", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("location_name", "varchar(200)", (c) => c.notNull())
        .addColumn("location_address", "varchar(300)", (c) => c.notNull())
        .addColumn("image_alt", "varchar(300)", (c) => c.notNull())
        .addUniqueConstraint("event_translations_event_lang", ["event_id", "language_code"])
        .execute();

      await withId(db.schema.createTable("comments"), dialect)
        .addColumn("post_id", "integer", (c) => c.notNull().references("posts.id").onDelete("cascade"))
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("single_author", "integer")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("comments_post_idx").on("comments").columns(["post_id", "published", "created_at"]).execute();
      await db.schema.createIndex("comments_user_idx").on("comments").columns(["user_id", "post_id"]).execute();
      await db.schema.createIndex("comments_single_author_uq").on("comments").columns(["post_id", "single_author"]).unique().execute();
    },
  };
}
