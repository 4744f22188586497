import { DatabaseSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import { type Kysely, sql } from "kysely";
import type { Database } from "./schema.ts";

/** How long a start waits for another process migrating the same file before it gives up, saying so. */
export const SQLITE_MIGRATION_WAIT_MS = 60_000;
const RETRY_MS = 50;
const SQLITE_BUSY = 5;

/** The lock beside a SQLite file: an empty database of its own, never written. */
export const migrationLockFile = (databaseFile: string) => `${databaseFile}-migration-lock`;

/**
 * Holds the migrations of one SQLite file to one process at a time; the returned function lets go.
 * Kysely's migrator locks only on PostgreSQL (an advisory lock): on SQLite it counts on the one
 * connection, which another process does not share. The lock cannot be the shop's own file: the
 * migrations need its write lock themselves, and one (0020) runs a transaction of its own. So it is
 * an exclusive transaction on an empty file beside it, which the system lets go of when the process
 * ends, even killed. Waited for by polling, not by SQLite's busy timeout, which would block the event loop.
 */
export async function lockSqliteMigrations(db: Kysely<Database>, waitMs = SQLITE_MIGRATION_WAIT_MS): Promise<() => void> {
  const { rows } = await sql<{ name: string; file: string }>`PRAGMA database_list`.execute(db);
  const file = rows.find((r) => r.name === "main")?.file;
  // In memory: no other process can reach it.
  if (!file) return () => undefined;
  const lock = new DatabaseSync(migrationLockFile(file));
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      lock.exec("BEGIN EXCLUSIVE");
      return () => lock.close();
    } catch (err) {
      const busy = (err as { errcode?: number }).errcode === SQLITE_BUSY;
      if (!busy || Date.now() >= until) {
        lock.close();
        throw new Error(
          busy
            ? `another process has been migrating ${file} for ${waitMs / 1000} s; start again once it has finished`
            : `${migrationLockFile(file)} cannot be locked (${err instanceof Error ? err.message : String(err)})`,
        );
      }
      await sleep(RETRY_MS);
    }
  }
}
