import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDb, type Db } from "@shop/db";
import { integrityProblems } from "@shop/db/backup.ts";
import { placeOrder } from "@shop/platform/modules/orders/orders.fixtures.ts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgDumpLine, pgRestoreLine } from "./backup.ts";
import { runCli } from "./cli.test-support.ts";
import { platformOf } from "./platform.test-support.ts";
import { createTestShop, type TestShop } from "./testing.ts";

/** `npm run backup` and `npm run restore` on real SQLite files, the shop running while it is backed up. */

const SECRET = "s".repeat(40);
const dir = mkdtempSync(join(tmpdir(), "shop-backup-"));
const live = join(dir, "shop.sqlite");
const restored = join(dir, "restored.sqlite");
let shop: TestShop;
let orderNumber: string;
let backupFile: string;

beforeAll(async () => {
  shop = await createTestShop({ DATABASE_URL: `sqlite:${live}`, SEED: "demo" });
  const product = await shop.db.db.selectFrom("products").select("id").where("sku", "=", "NJ-STAKLO-500").executeTakeFirstOrThrow();
  orderNumber = (await placeOrder(platformOf(shop), product.id, { email: "backup@example.hr" })).number;
});

afterAll(async () => {
  await shop?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function tables(db: Db): Promise<string[]> {
  const rows = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`.execute(db.db);
  return rows.rows.map((r) => r.name);
}

async function rowCounts(db: Db, names: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of names) {
    const row = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(name)}`.execute(db.db);
    counts[name] = Number(row.rows[0]?.n);
  }
  return counts;
}

/** Rows a running shop does not change on its own (its jobs may deliver a receipt meanwhile). */
async function content(db: Db) {
  return {
    users: await db.db.selectFrom("users").selectAll().orderBy("id").execute(),
    orders: await db.db
      .selectFrom("orders")
      .select(["id", "number", "code", "email", "customer", "total_cents", "vat"])
      .orderBy("id")
      .execute(),
    lines: await db.db.selectFrom("order_lines").selectAll().orderBy("id").execute(),
    pages: await db.db.selectFrom("post_translations").selectAll().orderBy("id").execute(),
  };
}

describe("npm run backup on SQLite", () => {
  it("copies the running shop into a dated file, checks it, and the copy restored into a new file holds the same data", async () => {
    const run = await runCli(["backup", "--dir", join(dir, "backups")], { DATABASE_URL: `sqlite:${live}`, SECRET });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const written = run.stdout.match(
      /^Backup written: (.+\/shop-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sqlite) \((\d+\.\d) MiB\), integrity check ok\.\n$/,
    );
    expect(written).not.toBeNull();
    backupFile = written?.[1] as string;
    expect(backupFile.startsWith(join(dir, "backups"))).toBe(true);
    expect(statSync(backupFile).size / 1024 ** 2).toBeCloseTo(Number(written?.[2]), 1);

    const restore = await runCli(["restore", backupFile], { DATABASE_URL: `sqlite:${restored}`, SECRET });
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`to ${restored}`);
    expect(existsSync(`${restored}.before-restore`)).toBe(false);

    const copy = createDb(`sqlite:${restored}`);
    try {
      const names = await tables(shop.db);
      expect(names).toContain("orders");
      expect(await tables(copy)).toEqual(names);
      expect(await rowCounts(copy, names)).toEqual(await rowCounts(shop.db, names));
      const copied = await content(copy);
      expect(copied).toEqual(await content(shop.db));
      expect(copied.orders.map((o) => o.number)).toContain(orderNumber);
      expect(copied.users.map((u) => u.email)).toEqual(expect.arrayContaining(["admin@autopraonica.local", "kupac@autopraonica.local"]));
    } finally {
      await copy.destroy();
    }
  });

  it("puts the copy in backups beside the database without --dir; names an unknown option and an in-memory database", async () => {
    const run = await runCli(["backup"], { DATABASE_URL: `sqlite:${restored}`, SECRET });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^Backup written: ${join(dir, "backups")}/restored-`));
    expect((await runCli(["backup", "--bogus"], { DATABASE_URL: `sqlite:${restored}`, SECRET })).stderr).toContain("'--bogus'");
    const memory = await runCli(["backup"], { DATABASE_URL: "sqlite::memory:", SECRET });
    expect(memory.code).toBe(1);
    expect(memory.stderr).toBe("DATABASE_URL names an in-memory database: there is no file to back up or restore.\n");
  });
});

async function customerName(file: string): Promise<string | undefined> {
  const db = createDb(`sqlite:${file}`);
  try {
    const row = await db.db.selectFrom("users").select("first_name").where("email", "=", "kupac@autopraonica.local").executeTakeFirst();
    return row?.first_name;
  } finally {
    await db.destroy();
  }
}

describe("npm run restore on SQLite", () => {
  it("refuses while the shop runs on the database, and changes nothing", async () => {
    const before = readFileSync(live);
    const run = await runCli(["restore", backupFile], { DATABASE_URL: `sqlite:${live}`, SECRET });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`${live} is in use: stop the shop before restoring.\n`);
    expect(existsSync(`${live}.before-restore`)).toBe(false);
    expect(readFileSync(live).equals(before)).toBe(true);
    expect(await shop.db.db.selectFrom("orders").select("number").where("number", "=", orderNumber).executeTakeFirst()).toBeDefined();
  });

  it("finds a corrupted backup in the integrity check and restores nothing from it", async () => {
    const corrupted = join(dir, "corrupted.sqlite");
    copyFileSync(backupFile, corrupted);
    // Garbage over pages in the middle of the file: the header still says SQLite, the b-trees do not hold.
    const bytes = readFileSync(corrupted);
    bytes.fill(0x5a, 16 * 4096, 24 * 4096);
    writeFileSync(corrupted, bytes);
    expect(integrityProblems(corrupted).length).toBeGreaterThan(0);
    expect(integrityProblems(backupFile)).toEqual([]);

    const before = readFileSync(restored);
    const run = await runCli(["restore", corrupted], { DATABASE_URL: `sqlite:${restored}`, SECRET });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^${corrupted} is not a sound backup, nothing restored: `));
    expect(readFileSync(restored).equals(before)).toBe(true);
    expect(existsSync(`${restored}.before-restore`)).toBe(false);
  });

  it("refuses a file that is no shop's database", async () => {
    const other = join(dir, "other.sqlite");
    const db = createDb(`sqlite:${other}`);
    await sql`CREATE TABLE notes (x integer)`.execute(db.db);
    await db.destroy();
    const run = await runCli(["restore", other], { DATABASE_URL: `sqlite:${restored}`, SECRET });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("it holds no shop");
  });

  it("keeps the database it replaces as .before-restore, and never overwrites that copy", async () => {
    const db = createDb(`sqlite:${restored}`);
    await db.db.updateTable("users").set({ first_name: "Promijenjeno" }).where("email", "=", "kupac@autopraonica.local").execute();
    await db.destroy();

    const run = await runCli(["restore", backupFile], { DATABASE_URL: `sqlite:${restored}`, SECRET });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`kept as ${restored}.before-restore`);
    expect(await customerName(restored)).toBe("Marko");
    expect(await customerName(`${restored}.before-restore`)).toBe("Promijenjeno");
    const kept = readFileSync(`${restored}.before-restore`);

    const again = await runCli(["restore", backupFile], { DATABASE_URL: `sqlite:${restored}`, SECRET });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`${restored}.before-restore exists from an earlier restore`);
    expect(readFileSync(`${restored}.before-restore`).equals(kept)).toBe(true);
  });
});

describe("backup and restore on PostgreSQL", () => {
  const url = "postgres://shop:geheim@db.example:5432/shop";

  it("print pg_dump's and pg_restore's lines with the URL left to the shell, never its password", async () => {
    const dump = await runCli(["backup", "--dir", "/var/backups/shop"], { DATABASE_URL: url, SECRET });
    expect(dump.code).toBe(0);
    const file = dump.stdout.match(/--file=(\/var\/backups\/shop\/shop-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.dump) /)?.[1] as string;
    expect(dump.stdout).toContain(`  mkdir -p /var/backups/shop && ${pgDumpLine(file)}\n`);
    const load = await runCli(["restore", file], { DATABASE_URL: url, SECRET });
    expect(load.code).toBe(0);
    expect(load.stdout).toContain(`  ${pgRestoreLine(file)}\n`);
    for (const out of [dump.stdout, load.stdout]) {
      expect(out).toContain('"$DATABASE_URL"');
      expect(out).not.toContain("geheim");
    }
  });
});
