import { type Dialect, type MigrationDb, withId } from "./helpers.ts";

/**
 * Issue 13's media library (ADR 26): title, description and alt text per language, and a focal point
 * (percent of the width and height) that the cropped named sizes keep in view. The Croatian texts of
 * existing rows become their hr translation; media.title stays the Croatian title (the name in URLs).
 */
export function mediaLibraryMigration(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await withId(db.schema.createTable("media_translations"), dialect)
        .addColumn("media_id", "integer", (c) => c.notNull().references("media.id").onDelete("cascade"))
        .addColumn("language_code", "varchar(8)", (c) => c.notNull())
        .addColumn("title", "varchar(200)", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("alt", "varchar(500)", (c) => c.notNull())
        .addUniqueConstraint("media_translations_media_language", ["media_id", "language_code"])
        .execute();
      await db.schema
        .alterTable("media")
        .addColumn("focal_x", "integer", (c) => c.notNull().defaultTo(50))
        .execute();
      await db.schema
        .alterTable("media")
        .addColumn("focal_y", "integer", (c) => c.notNull().defaultTo(50))
        .execute();
      await db
        .insertInto("media_translations")
        .columns(["media_id", "language_code", "title", "description", "alt"])
        .expression((eb) =>
          eb.selectFrom("media").select(["id", eb.val("hr").as("language_code"), "title", "description", eb.val("").as("alt")]),
        )
        .execute();
    },
  };
}
