import type { Kysely } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import { coreMigration } from "./migrations/0001_core.ts";
import type { Dialect } from "./migrations/helpers.ts";
import type { Database } from "./schema.ts";

function provider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return { "0001_core": coreMigration(dialect) };
    },
  };
}

export class MigrationError extends Error {}

/** Applies every pending migration; throws MigrationError naming the one that failed. */
export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
  const migrator = new Migrator({ db, provider: provider(dialect) });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === "Error");
  if (error || failed) {
    const name = failed?.migrationName ?? "unknown";
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`Migration ${name} failed: ${reason}`);
  }
  return results.filter((r) => r.status === "Success").map((r) => r.migrationName);
}
