import type { Dialect, MigrationDb } from "./helpers.ts";

/**
 * Issue 13: the originals of the media library can live in the database (MEDIA_STORE=database, the
 * default on PostgreSQL), so every instance of the shop serves an upload another instance took.
 * One row per storage key; the generated sizes stay a per-instance disk cache.
 */
export function mediaBlobsMigration(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createTable("media_blobs")
        .addColumn("key", "varchar(255)", (c) => c.primaryKey())
        .addColumn("bytes", dialect === "postgres" ? "bytea" : "blob", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
    },
  };
}
