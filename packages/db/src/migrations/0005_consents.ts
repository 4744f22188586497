import type { Dialect, MigrationDb } from "./helpers.ts";

/** Consents and the consent log. */
export function consentsMigration(_dialect: Dialect) {
  return {
    async up(_db: MigrationDb) {},
  };
}
