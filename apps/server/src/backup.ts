import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, extname, join, resolve } from "node:path";
import { closeForRestore, copySqlite, DatabaseInUse, integrityProblems } from "@shop/db/backup.ts";

/** A backup or restore that cannot go on; its message is for the operator (the CLI prints it and exits 1). */
export class BackupError extends Error {}

/** The SQLite file of a `sqlite:` DATABASE_URL; undefined for PostgreSQL. */
function sqliteFileOf(url: string): string | undefined {
  if (!url.startsWith("sqlite:")) return undefined;
  const file = url.slice("sqlite:".length);
  if (file === ":memory:" || file === "")
    throw new BackupError("DATABASE_URL names an in-memory database: there is no file to back up or restore.");
  return file;
}

/** Where backups go without --dir: `backups` beside the SQLite file (./data/backups by default). */
export function defaultBackupDir(databaseUrl: string): string {
  const file = sqliteFileOf(databaseUrl);
  return file ? join(dirname(file), "backups") : join("data", "backups");
}

/** `shop-2026-11-26T17-05-00Z.sqlite`: the database's name and the UTC time, sortable, without characters file systems refuse. */
export function backupName(databaseUrl: string, now: Date, extension: string): string {
  const file = sqliteFileOf(databaseUrl);
  const stem = file ? basename(file, extname(file)) : "shop";
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replaceAll(":", "-");
  return `${stem}-${stamp}${extension}`;
}

/**
 * PostgreSQL's backup is pg_dump's: printed, not run, because the pg_dump that fits is the one
 * matching the server's version, wherever the operator runs it (a cron job, the database host).
 * `"$DATABASE_URL"` stays a shell variable so the password is never printed.
 */
export const pgDumpLine = (file: string) => `pg_dump --format=custom --file=${shellWord(file)} "$DATABASE_URL"`;
export const pgRestoreLine = (file: string) =>
  `pg_restore --clean --if-exists --no-owner --single-transaction --dbname="$DATABASE_URL" ${shellWord(file)}`;

/** A path as one shell word: as it is when it holds only safe characters, else in single quotes. */
function shellWord(path: string): string {
  return /^[\w./=@:+-]+$/.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`;
}

const size = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 ** 2 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 ** 2).toFixed(1)} MiB`;

/** Copies a SQLite database into a new dated file in `dir` and checks the copy; a copy that fails the check is removed. Answers what to print. */
export function backup(databaseUrl: string, dir: string, now = new Date()): string {
  const source = sqliteFileOf(databaseUrl);
  if (!source) {
    const file = join(dir, backupName(databaseUrl, now, ".dump"));
    return `PostgreSQL is backed up with pg_dump (of the server's version), with DATABASE_URL set as for the shop:\n  mkdir -p ${shellWord(dir)} && ${pgDumpLine(file)}\n`;
  }
  mkdirSync(dir, { recursive: true });
  const target = resolve(dir, backupName(databaseUrl, now, ".sqlite"));
  if (existsSync(target)) throw new BackupError(`${target} exists already.`);
  try {
    copySqlite(source, target);
  } catch (err) {
    rmSync(target, { force: true });
    throw new BackupError(`The backup of ${resolve(source)} failed: ${(err as Error).message}`);
  }
  const problems = integrityProblems(target);
  if (problems.length) {
    rmSync(target, { force: true });
    throw new BackupError(`The copy failed its integrity check and was removed: ${problems.slice(0, 5).join("; ")}`);
  }
  return `Backup written: ${target} (${size(statSync(target).size)}), integrity check ok.\n`;
}

/**
 * Puts a SQLite backup in place of the configured database: the backup is checked first, the shop
 * must not be running on the database, and the database it replaces is kept as `<file>.before-restore`.
 */
export function restore(databaseUrl: string, backupFile: string): string {
  const target = sqliteFileOf(databaseUrl);
  if (!target) {
    return `PostgreSQL is restored with pg_restore, every instance of the shop stopped, with DATABASE_URL set as for the shop:\n  ${pgRestoreLine(backupFile)}\n`;
  }
  const problems = integrityProblems(backupFile);
  if (problems.length)
    throw new BackupError(`${resolve(backupFile)} is not a sound backup, nothing restored: ${problems.slice(0, 5).join("; ")}`);
  const kept = `${target}.before-restore`;
  const replacing = existsSync(target);
  if (replacing) {
    // Never overwrite the one copy of what an earlier restore replaced.
    if (existsSync(kept)) throw new BackupError(`${resolve(kept)} exists from an earlier restore: move it away first.`);
    try {
      closeForRestore(target);
    } catch (err) {
      throw err instanceof DatabaseInUse ? new BackupError(err.message) : err;
    }
  }
  // Copied beside the database first, so the database is replaced by a rename, never half-written.
  const incoming = `${target}.restoring`;
  copyFileSync(backupFile, incoming);
  if (replacing) renameSync(target, kept);
  renameSync(incoming, target);
  const before = replacing ? `; the database it replaced is kept as ${resolve(kept)}` : "";
  return `Restored ${resolve(backupFile)} to ${resolve(target)}${before}.\n`;
}
