import { type Dialect, type MigrationDb, now, withId } from "./helpers.ts";

/** Terms, post types, post-term links, post meta, master components, redirects and failed requests. */
export function cmsMigration(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await withId(db.schema.createTable("post_types"), dialect)
        .addColumn("slug", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      // The two types the product itself relies on (pages and blog posts) exist in every database.
      await db
        .insertInto("post_types")
        .values([
          { slug: "page", created_at: now() },
          { slug: "post", created_at: now() },
        ])
        .execute();

      await withId(db.schema.createTable("post_type_translations"), dialect)
        .addColumn("post_type_id", "integer", (c) => c.notNull().references("post_types.id").onDelete("cascade"))
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("title", "varchar(120)", (c) => c.notNull())
        .addUniqueConstraint("post_type_translations_type_lang", ["post_type_id", "language_code"])
        .execute();

      await withId(db.schema.createTable("terms"), dialect)
        .addColumn("term_type", "varchar(32)", (c) => c.notNull())
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable("term_translations"), dialect)
        .addColumn("term_id", "integer", (c) => c.notNull().references("terms.id").onDelete("cascade"))
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("slug", "varchar(200)", (c) => c.notNull())
        .addColumn("title", "varchar(200)", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addUniqueConstraint("term_translations_slug_lang", ["language_code", "slug"])
        .addUniqueConstraint("term_translations_term_lang", ["term_id", "language_code"])
        .execute();

      await db.schema
        .createTable("post_terms")
        .addColumn("post_id", "integer", (c) => c.notNull().references("posts.id").onDelete("cascade"))
        .addColumn("term_id", "integer", (c) => c.notNull().references("terms.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("post_terms_pk", ["post_id", "term_id"])
        .execute();
      await db.schema.createIndex("post_terms_term_idx").on("post_terms").column("term_id").execute();

      await withId(db.schema.createTable("post_meta"), dialect)
        .addColumn("post_id", "integer", (c) => c.notNull().references("posts.id").onDelete("cascade"))
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("excerpt", "text", (c) => c.notNull())
        .addColumn("image", "text")
        .addUniqueConstraint("post_meta_post_lang", ["post_id", "language_code"])
        .execute();

      // Post lists filter by type and status and sort by publication date.
      await db.schema.createIndex("posts_type_status_published_idx").on("posts").columns(["post_type", "status", "published_at"]).execute();

      await withId(db.schema.createTable("master_components"), dialect)
        .addColumn("template", "varchar(40)", (c) => c.notNull())
        .addColumn("title", "varchar(120)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable("master_component_translations"), dialect)
        .addColumn("master_id", "integer", (c) => c.notNull().references("master_components.id").onDelete("cascade"))
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("data", "text", (c) => c.notNull())
        .addUniqueConstraint("master_component_translations_lang", ["master_id", "language_code"])
        .execute();

      await withId(db.schema.createTable("redirects"), dialect)
        .addColumn("from_path", "varchar(500)", (c) => c.notNull().unique())
        .addColumn("to_path", "varchar(500)", (c) => c.notNull())
        .addColumn("status", "integer", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable("failed_requests"), dialect)
        .addColumn("path", "varchar(500)", (c) => c.notNull().unique())
        .addColumn("hits", "integer", (c) => c.notNull())
        .addColumn("first_seen_at", "varchar(32)", (c) => c.notNull())
        .addColumn("last_seen_at", "varchar(32)", (c) => c.notNull())
        .execute();
    },
  };
}
