import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createDb } from "./create-db.ts";
import { MigrationError, migrateToLatest } from "./migrate.ts";
import { lockSqliteMigrations, migrationLockFile } from "./sqlite-migration-lock.ts";
import { createTestDb } from "./testing.ts";

describe("migrations", () => {
  it("are idempotent: a second run applies nothing", async () => {
    const handle = await createTestDb();
    try {
      expect(await migrateToLatest(handle.db, handle.dialect)).toEqual([]);
    } finally {
      await handle.destroy();
    }
  });

  it("stop with a message naming the failed migration", async () => {
    const handle = createDb("sqlite::memory:");
    try {
      await sql`CREATE TABLE users (id integer)`.execute(handle.db);
      await expect(migrateToLatest(handle.db, handle.dialect)).rejects.toThrow(MigrationError);
      await expect(migrateToLatest(handle.db, handle.dialect)).rejects.toThrow(/Migration 0001_core failed/);
    } finally {
      await handle.destroy();
    }
  });

  it("keep outbox rows written before delivery existed, and refuse an unknown status", async () => {
    const handle = await createTestDb();
    try {
      const mail = { to_address: "ana@example.hr", subject: "Potvrda", text_body: "Pozdrav", created_at: new Date().toISOString() };
      // A row as the outbox held it before: no status of its own.
      await sql`INSERT INTO outbox (to_address, subject, text_body, created_at) VALUES (${mail.to_address}, ${mail.subject}, ${mail.text_body}, ${mail.created_at})`.execute(
        handle.db,
      );
      expect(await handle.db.selectFrom("outbox").select(["status", "attempts", "next_attempt_at"]).execute()).toEqual([
        { status: "kept", attempts: 0, next_attempt_at: null },
      ]);
      await expect(
        sql`INSERT INTO outbox (to_address, subject, text_body, created_at, status) VALUES ('a@b.hr', 'x', 'y', 'z', 'queued')`.execute(
          handle.db,
        ),
      ).rejects.toThrow();
    } finally {
      await handle.destroy();
    }
  });

  it("turn on foreign keys and WAL for SQLite files", async () => {
    const dir = mkdtempSync(join(tmpdir(), "shop-db-"));
    const handle = createDb(`sqlite:${join(dir, "x.sqlite")}`);
    try {
      const fk = await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(handle.db);
      expect(fk.rows[0]?.foreign_keys).toBe(1);
      const wal = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(handle.db);
      expect(wal.rows[0]?.journal_mode).toBe("wal");
    } finally {
      await handle.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("on a SQLite file, wait while another process migrates it, and say so when that takes too long", async () => {
    const dir = mkdtempSync(join(tmpdir(), "shop-db-"));
    const file = join(dir, "x.sqlite");
    // Another process's migrations, as the lock sees them.
    const other = new DatabaseSync(migrationLockFile(file));
    other.exec("BEGIN EXCLUSIVE");
    const handle = createDb(`sqlite:${file}`);
    try {
      await expect(lockSqliteMigrations(handle.db, 200)).rejects.toThrow(`another process has been migrating ${file} for 0.2 s`);
      let applied: string[] | null = null;
      const migrating = migrateToLatest(handle.db, handle.dialect).then((names) => (applied = names));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(applied).toBeNull();
      other.close();
      await migrating;
      expect(applied).toContain("0001_core");
    } finally {
      if (other.isOpen) other.close();
      await handle.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
