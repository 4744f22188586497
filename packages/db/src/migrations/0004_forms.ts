import type { Dialect, MigrationDb } from "./helpers.ts";

/** Forms, submissions, newsletter subscriptions, e-mail confirmations. */
export function formsMigration(_dialect: Dialect) {
  return {
    async up(_db: MigrationDb) {},
  };
}
