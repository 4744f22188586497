import { sql } from "kysely";
import { type Dialect, type MigrationDb, withId } from "./helpers.ts";

/** Media library rows and their named sizes. */
export function mediaMigration(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await withId(db.schema.createTable("media"), dialect)
        .addColumn("drive_id", "varchar(36)", (c) => c.notNull().unique())
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("title", "varchar(200)", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("path", "varchar(300)", (c) => c.notNull().unique())
        .addColumn("extension", "varchar(16)", (c) => c.notNull())
        .addColumn("mime", "varchar(100)", (c) => c.notNull())
        .addColumn("access", "varchar(16)", (c) => c.notNull().defaultTo("public").check(sql`access in ('public', 'private')`))
        .addColumn("original_name", "varchar(255)", (c) => c.notNull())
        .addColumn("hash", "varchar(64)", (c) => c.notNull())
        .addColumn("width", "integer")
        .addColumn("height", "integer")
        .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("media_created_idx").on("media").column("created_at").execute();

      await withId(db.schema.createTable("media_options"), dialect)
        .addColumn("key", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("value", "varchar(200)", (c) => c.notNull())
        .addColumn("auto_resize", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("x", "integer", (c) => c.notNull())
        .addColumn("y", "integer")
        .execute();
    },
  };
}
