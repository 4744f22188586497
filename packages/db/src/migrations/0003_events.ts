import type { Dialect, MigrationDb } from "./helpers.ts";

/** Events and comments. */
export function eventsMigration(_dialect: Dialect) {
  return {
    async up(_db: MigrationDb) {},
  };
}
