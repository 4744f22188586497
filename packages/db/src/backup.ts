import { existsSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { pathToFileURL } from "node:url";

/**
 * SQLite's side of backup and restore (ADR 28). The file is the whole database, so these work on
 * files through node:sqlite directly rather than through Kysely and the shop's connection.
 */

/** Another connection has the database open: the shop is running on it. */
export class DatabaseInUse extends Error {}

/**
 * Copies the database into `target` (which must not exist) while the shop runs: `VACUUM INTO`
 * reads one consistent snapshot in a single read transaction, which in WAL mode never blocks the
 * shop's writers, and writes a compact file. (node:sqlite's `backup()` copies pages in steps and
 * starts over whenever the shop writes in between, so on a busy shop it may never finish.)
 */
export function copySqlite(source: string, target: string): void {
  if (!existsSync(source)) throw new Error(`There is no database at ${source}.`);
  const db = new DatabaseSync(source, { readOnly: true, timeout: 5000 });
  try {
    db.prepare("VACUUM INTO ?").run(target);
  } finally {
    db.close();
  }
}

/** What `PRAGMA integrity_check` finds wrong with the file (empty when it is sound), or that it is no database at all. */
export function integrityProblems(file: string): string[] {
  if (!existsSync(file)) return [`${file} does not exist`];
  let db: DatabaseSync | undefined;
  try {
    // Immutable: a backup is one file nobody writes, and opening it so leaves no -wal or -shm beside it.
    const url = pathToFileURL(file);
    url.searchParams.set("immutable", "1");
    db = new DatabaseSync(url, { readOnly: true });
    const rows = db.prepare("PRAGMA integrity_check").all() as { integrity_check: string }[];
    const problems = rows.map((r) => r.integrity_check).filter((line) => line !== "ok");
    if (problems.length) return problems;
    // A sound SQLite file that is not the shop's (no migrations) must not replace the shop.
    const shop = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").get();
    return shop ? [] : ["it holds no shop (no kysely_migration table)"];
  } catch (err) {
    return [(err as Error).message];
  } finally {
    db?.close();
  }
}

/**
 * Makes the database one self-contained file nobody has open, or throws DatabaseInUse: leaving WAL
 * mode needs the only connection, so a running shop (whose connection stays open) makes it fail at
 * once. The WAL's pages are written into the file on the way; the shop turns WAL on again at start.
 */
export function closeForRestore(file: string): void {
  const db = new DatabaseSync(file, { timeout: 0 });
  try {
    db.prepare("PRAGMA journal_mode = DELETE").get();
  } catch (err) {
    if (/locked|busy/i.test((err as Error).message)) throw new DatabaseInUse(`${file} is in use: stop the shop before restoring.`);
    throw err;
  } finally {
    db.close();
  }
}
