import { type Dialect, type MigrationDb, withId } from "./helpers.ts";

export function coreMigration(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await withId(db.schema.createTable("users"), dialect)
        .addColumn("email", "varchar(254)", (c) => c.notNull().unique())
        .addColumn("username", "varchar(254)", (c) => c.notNull())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("first_name", "varchar(75)", (c) => c.notNull())
        .addColumn("last_name", "varchar(75)", (c) => c.notNull())
        .addColumn("company_name", "varchar(120)")
        .addColumn("member_card_barcode", "varchar(64)")
        .addColumn("is_backoffice", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("language", "varchar(3)", (c) => c.notNull().defaultTo("hr"))
        .addColumn("email_verified_at", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable("addresses"), dialect)
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("type", "varchar(16)", (c) => c.notNull())
        .addColumn("first_name", "varchar(75)", (c) => c.notNull())
        .addColumn("last_name", "varchar(75)", (c) => c.notNull())
        .addColumn("contact_email", "varchar(254)", (c) => c.notNull())
        .addColumn("contact_phone", "varchar(40)", (c) => c.notNull())
        .addColumn("country", "varchar(75)", (c) => c.notNull())
        .addColumn("region", "varchar(75)")
        .addColumn("city", "varchar(75)", (c) => c.notNull())
        .addColumn("street", "varchar(75)", (c) => c.notNull())
        .addColumn("house_number", "varchar(15)", (c) => c.notNull())
        .addColumn("zip_code", "varchar(25)", (c) => c.notNull())
        .addColumn("company_name", "varchar(120)")
        .addColumn("company_oib", "varchar(11)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("addresses_user_idx").on("addresses").column("user_id").execute();

      await withId(db.schema.createTable("refresh_tokens"), dialect)
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("family", "varchar(64)", (c) => c.notNull())
        .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
        .addColumn("revoked_at", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("refresh_tokens_family_idx").on("refresh_tokens").column("family").execute();

      await withId(db.schema.createTable("user_tokens"), dialect)
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("purpose", "varchar(16)", (c) => c.notNull())
        .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
        .addColumn("used_at", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable("sites"), dialect)
        .addColumn("name", "varchar(120)", (c) => c.notNull())
        .addColumn("url", "varchar(253)", (c) => c.notNull())
        .addColumn("api_key", "varchar(120)", (c) => c.notNull().unique())
        .addColumn("default_language", "varchar(3)", (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable("cms_options"), dialect)
        .addColumn("key", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("media_id", "integer")
        .execute();

      await db.schema
        .createTable("languages")
        .addColumn("id", "integer", (c) => c.notNull())
        .addColumn("code", "varchar(3)", (c) => c.notNull())
        .addColumn("code2", "varchar(2)", (c) => c.notNull())
        .addColumn("name", "varchar(80)", (c) => c.notNull())
        .addColumn("name_hrv", "varchar(80)", (c) => c.notNull())
        .addColumn("name_eng", "varchar(80)", (c) => c.notNull())
        .addColumn("name_ger", "varchar(80)", (c) => c.notNull())
        .addColumn("name_srp", "varchar(80)", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("countries")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("iso", "varchar(3)", (c) => c.notNull())
        .addColumn("code", "varchar(2)", (c) => c.notNull().unique())
        .addColumn("name_hr", "varchar(80)", (c) => c.notNull())
        .addColumn("name_en", "varchar(80)", (c) => c.notNull())
        .addColumn("name_de", "varchar(80)", (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable("outbox"), dialect)
        .addColumn("to_address", "varchar(254)", (c) => c.notNull())
        .addColumn("subject", "varchar(200)", (c) => c.notNull())
        .addColumn("text_body", "text", (c) => c.notNull())
        .addColumn("html_body", "text")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable("navigations"), dialect)
        .addColumn("handle", "varchar(32)", (c) => c.notNull())
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addUniqueConstraint("navigations_handle_lang", ["handle", "language_code"])
        .execute();

      await withId(db.schema.createTable("navigation_items"), dialect)
        .addColumn("navigation_id", "integer", (c) => c.notNull().references("navigations.id").onDelete("cascade"))
        .addColumn("parent_id", "integer", (c) => c.references("navigation_items.id").onDelete("cascade"))
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("type", "varchar(16)", (c) => c.notNull())
        .addColumn("title", "varchar(120)", (c) => c.notNull())
        .addColumn("url", "varchar(500)")
        .execute();

      await withId(db.schema.createTable("elements"), dialect)
        .addColumn("handler", "varchar(32)", (c) => c.notNull())
        .addColumn("variant", "varchar(16)", (c) => c.notNull())
        .addColumn("title", "varchar(120)", (c) => c.notNull())
        .addColumn("type", "varchar(32)", (c) => c.notNull())
        .addColumn("slug", "varchar(120)", (c) => c.notNull())
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("options", "text", (c) => c.notNull())
        .addColumn("meta", "text", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addUniqueConstraint("elements_handler_variant_lang", ["handler", "variant", "language_code"])
        .execute();

      await withId(db.schema.createTable("posts"), dialect)
        .addColumn("post_type", "varchar(32)", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("published_at", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable("post_translations"), dialect)
        .addColumn("post_id", "integer", (c) => c.notNull().references("posts.id").onDelete("cascade"))
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("slug", "varchar(200)", (c) => c.notNull())
        .addColumn("title", "varchar(200)", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("components", "text", (c) => c.notNull())
        .addUniqueConstraint("post_translations_slug_lang", ["language_code", "slug"])
        .addUniqueConstraint("post_translations_post_lang", ["post_id", "language_code"])
        .execute();
    },
  };
}
