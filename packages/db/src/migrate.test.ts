import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createDb } from "./create-db.ts";
import { MigrationError, migrateToLatest } from "./migrate.ts";
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
});
