import type { Dialect, MigrationDb } from "./helpers.ts";

/** Terms, post types, post-term links, translations links, redirects and failed requests. */
export function cmsMigration(_dialect: Dialect) {
  return {
    async up(_db: MigrationDb) {},
  };
}
