import { type Dialect, type MigrationDb, withId } from "./helpers.ts";

/** The shop catalog: categories, tags, attributes, products with their parts and options, reviews and wishlists. */
export function catalogMigration(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      const create = (name: string) => withId(db.schema.createTable(name), dialect);
      await create("product_categories")
        .addColumn("parent_id", "integer", (c) => c.references("product_categories.id").onDelete("set null"))
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("image_src", "varchar(1000)")
        .addColumn("sort_default", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await create("product_category_translations")
        .addColumn("category_id", "integer", (c) => c.notNull().references("product_categories.id").onDelete("cascade"))
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("name", "varchar(200)", (c) => c.notNull())
        .addColumn("slug", "varchar(200)", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
        .addUniqueConstraint("product_category_translations_cat_lang", ["category_id", "language_code"])
        .addUniqueConstraint("product_category_translations_lang_slug", ["language_code", "slug"])
        .execute();

      await create("product_tags")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await create("product_tag_translations")
        .addColumn("tag_id", "integer", (c) => c.notNull().references("product_tags.id").onDelete("cascade"))
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("name", "varchar(200)", (c) => c.notNull())
        .addColumn("slug", "varchar(200)", (c) => c.notNull())
        .addUniqueConstraint("product_tag_translations_tag_lang", ["tag_id", "language_code"])
        .execute();

      await create("attributes")
        .addColumn("code", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("input_type", "varchar(16)", (c) => c.notNull())
        .addColumn("filterable", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("custom_class", "varchar(64)")
        .execute();
      await create("attribute_translations")
        .addColumn("attribute_id", "integer", (c) => c.notNull().references("attributes.id").onDelete("cascade"))
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("label", "varchar(200)", (c) => c.notNull())
        .addUniqueConstraint("attribute_translations_attr_lang", ["attribute_id", "language_code"])
        .execute();
      await create("attribute_values")
        .addColumn("attribute_id", "integer", (c) => c.notNull().references("attributes.id").onDelete("cascade"))
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("swatch", "varchar(1000)")
        .execute();
      await create("attribute_value_translations")
        .addColumn("value_id", "integer", (c) => c.notNull().references("attribute_values.id").onDelete("cascade"))
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("label", "varchar(200)", (c) => c.notNull())
        .addUniqueConstraint("attribute_value_translations_value_lang", ["value_id", "language_code"])
        .execute();

      await create("products")
        .addColumn("sku", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("format", "varchar(16)", (c) => c.notNull())
        .addColumn("parent_id", "integer", (c) => c.references("products.id").onDelete("cascade"))
        .addColumn("visible_individually", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("archived", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("featured", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("category_priority", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("retail_cents", "integer", (c) => c.notNull())
        .addColumn("discount_cents", "integer")
        .addColumn("discount_from", "varchar(32)")
        .addColumn("discount_to", "varchar(32)")
        .addColumn("membership_cents", "integer")
        .addColumn("vat_rate", "integer", (c) => c.notNull().defaultTo(25))
        .addColumn("stock", "integer")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("products_parent_idx").on("products").column("parent_id").execute();
      await db.schema
        .createIndex("products_listing_idx")
        .on("products")
        .columns(["archived", "visible_individually", "featured"])
        .execute();

      await create("product_translations")
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("name", "varchar(200)", (c) => c.notNull())
        .addColumn("slug", "varchar(200)", (c) => c.notNull())
        .addColumn("short_description", "varchar(1000)", (c) => c.notNull().defaultTo(""))
        .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
        .addUniqueConstraint("product_translations_product_lang", ["product_id", "language_code"])
        .addUniqueConstraint("product_translations_lang_slug", ["language_code", "slug"])
        .execute();

      await create("product_media")
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("src", "varchar(1000)", (c) => c.notNull())
        .addColumn("width", "integer", (c) => c.notNull())
        .addColumn("height", "integer", (c) => c.notNull())
        .addColumn("alt", "varchar(300)", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema.createIndex("product_media_product_idx").on("product_media").columns(["product_id", "position"]).execute();

      await create("product_category_links")
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("category_id", "integer", (c) => c.notNull().references("product_categories.id").onDelete("cascade"))
        .addUniqueConstraint("product_category_links_pair", ["product_id", "category_id"])
        .execute();
      await db.schema.createIndex("product_category_links_category_idx").on("product_category_links").column("category_id").execute();

      await create("product_tag_links")
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("tag_id", "integer", (c) => c.notNull().references("product_tags.id").onDelete("cascade"))
        .addUniqueConstraint("product_tag_links_pair", ["product_id", "tag_id"])
        .execute();

      await create("product_attribute_values")
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("attribute_id", "integer", (c) => c.notNull().references("attributes.id").onDelete("cascade"))
        .addColumn("value_id", "integer", (c) => c.references("attribute_values.id").onDelete("cascade"))
        .addColumn("number_value", "real")
        .addColumn("text_value", "varchar(64)")
        .execute();
      await db.schema
        .createIndex("product_attribute_values_product_idx")
        .on("product_attribute_values")
        .columns(["product_id", "attribute_id"])
        .execute();
      await db.schema
        .createIndex("product_attribute_values_attr_idx")
        .on("product_attribute_values")
        .columns(["attribute_id", "value_id"])
        .execute();

      await create("configurable_attributes")
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("attribute_id", "integer", (c) => c.notNull().references("attributes.id").onDelete("cascade"))
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("default_value_id", "integer", (c) => c.references("attribute_values.id").onDelete("set null"))
        .addUniqueConstraint("configurable_attributes_pair", ["product_id", "attribute_id"])
        .execute();

      await create("bundle_parts")
        .addColumn("bundle_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("part_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("qty", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex("bundle_parts_bundle_idx").on("bundle_parts").column("bundle_id").execute();

      await create("custom_options")
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("option_type", "varchar(16)", (c) => c.notNull())
        .addColumn("required", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("price_cents", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("max_length", "integer")
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await create("custom_option_translations")
        .addColumn("option_id", "integer", (c) => c.notNull().references("custom_options.id").onDelete("cascade"))
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("title", "varchar(200)", (c) => c.notNull())
        .addUniqueConstraint("custom_option_translations_option_lang", ["option_id", "language_code"])
        .execute();

      await create("cross_sells")
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("cross_product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint("cross_sells_pair", ["product_id", "cross_product_id"])
        .execute();

      await create("reviews")
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("rating", "integer")
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("published", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("single_author", "integer")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .addUniqueConstraint("reviews_one_per_user", ["product_id", "single_author"])
        .execute();

      await create("wishlist_items")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addUniqueConstraint("wishlist_items_pair", ["user_id", "product_id"])
        .execute();
    },
  };
}
