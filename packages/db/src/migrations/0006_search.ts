import type { Dialect, MigrationDb } from "./helpers.ts";

/** The full-text search index. */
export function searchMigration(_dialect: Dialect) {
  return {
    async up(_db: MigrationDb) {},
  };
}
