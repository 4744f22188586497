import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "./create-db.ts";
import { nodeSqliteDialect } from "./node-sqlite-dialect.ts";
import type { Database } from "./schema.ts";
import { assertWritable, DatabaseNotWritable } from "./writable.ts";

const dir = mkdtempSync(join(tmpdir(), "shop-writable-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("asking at start whether the database takes writes", () => {
  it("passes for a database that does", async () => {
    const handle = createDb(`sqlite:${join(dir, "rw.sqlite")}`);
    await expect(assertWritable(handle.db)).resolves.toBeUndefined();
    await handle.destroy();
  });

  it("refuses a database that can only be read, with SQLite's reason", async () => {
    const file = join(dir, "ro.sqlite");
    new DatabaseSync(file).close();
    const db = new Kysely<Database>({ dialect: nodeSqliteDialect(new DatabaseSync(file, { readOnly: true })) });
    await expect(assertWritable(db)).rejects.toThrow(DatabaseNotWritable);
    await expect(assertWritable(db)).rejects.toThrow(/readonly/i);
    await db.destroy();
  });
});
