import { type Dialect, type MigrationDb, withId } from "./helpers.ts";

/**
 * Issue 12's page templates: a named, ordered set of blocks a new page starts from. The blocks are
 * one JSON list (`[{ id, template, data }]`, data null for a block that starts empty), read and
 * written whole like a page's components; the name is unique so editors can tell them apart.
 */
export function pageTemplatesMigration(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await withId(db.schema.createTable("page_templates"), dialect)
        .addColumn("name", "varchar(120)", (c) => c.notNull().unique())
        .addColumn("description", "varchar(500)", (c) => c.notNull().defaultTo(""))
        .addColumn("blocks", "text", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();
    },
  };
}
