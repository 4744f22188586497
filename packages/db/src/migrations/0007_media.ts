import type { Dialect, MigrationDb } from "./helpers.ts";

/** Media library rows and their generated sizes. */
export function mediaMigration(_dialect: Dialect) {
  return {
    async up(_db: MigrationDb) {},
  };
}
