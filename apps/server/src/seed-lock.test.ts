import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDb, migrateToLatest } from "@shop/db";
import { verifyPassword } from "@shop/platform/auth/password.ts";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "./cli.test-support.ts";

/**
 * Two first starts at once seed once: two `npm run seed` processes on one fresh database (a SQLite
 * file, and the PostgreSQL of TEST_DATABASE_URL when the run has one, in a database of its own).
 */

const SECRET = "s".repeat(40);
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** A fresh, migrated database and the DATABASE_URL that reaches it. */
async function freshDatabase(): Promise<string> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (!pgUrl) {
    const dir = mkdtempSync(join(tmpdir(), "shop-seed-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    return `sqlite:${join(dir, "shop.sqlite")}`;
  }
  // A database of its own: the migrator looks for its tables by name in every schema of one.
  const name = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const drop = new pg.Client({ connectionString: pgUrl });
    await drop.connect();
    await drop.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await drop.end();
  });
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

describe("the seed", () => {
  it("seeds once when two seeds start at once on one fresh database; the other finds the data and does nothing", async () => {
    const url = await freshDatabase();
    // Migrated first: the seed's lock is under test, not the migrations'.
    const handle = createDb(url);
    await migrateToLatest(handle.db, handle.dialect);
    try {
      const runs = await Promise.all([runCli(["seed"], { DATABASE_URL: url, SECRET }), runCli(["seed"], { DATABASE_URL: url, SECRET })]);
      expect(runs.map((r) => r.stderr)).toEqual(["", ""]);
      expect(runs.map((r) => r.code)).toEqual([0, 0]);
      const outputs = runs.map((r) => r.stdout.split("\n")[0]).sort();
      expect(outputs).toEqual(["Demo data created.", "The database already has a site; nothing seeded."]);

      expect(await handle.db.selectFrom("sites").select("id").execute()).toHaveLength(1);
      const users = await handle.db.selectFrom("users").select(["email", "password_hash"]).orderBy("email").execute();
      expect(users.map((u) => u.email)).toEqual(["admin@autopraonica.local", "kupac@autopraonica.local"]);
      // The printed password is the one that holds: the seed that said so wrote the users.
      const seeded = runs.find((r) => r.stdout.startsWith("Demo data created."))?.stdout ?? "";
      const printed = seeded.match(/administrator {2}admin@autopraonica\.local {2}(\S+)/)?.[1] ?? "";
      expect(await verifyPassword(printed, users[0]?.password_hash ?? "")).toBe(true);
    } finally {
      await handle.destroy();
    }
  });

  it("two first starts on one new database both migrate and start: one seeds, the other waits for the migrations and finds the data", async () => {
    const url = await freshDatabase();
    const runs = await Promise.all([runCli(["seed"], { DATABASE_URL: url, SECRET }), runCli(["seed"], { DATABASE_URL: url, SECRET })]);
    expect(runs.map((r) => r.stderr)).toEqual(["", ""]);
    expect(runs.map((r) => r.code)).toEqual([0, 0]);
    expect(runs.map((r) => r.stdout.split("\n")[0]).sort()).toEqual([
      "Demo data created.",
      "The database already has a site; nothing seeded.",
    ]);
    const handle = createDb(url);
    try {
      // Migrated whole: a third start has nothing left to apply.
      expect(await migrateToLatest(handle.db, handle.dialect)).toEqual([]);
    } finally {
      await handle.destroy();
    }
  });

  it("SEED=site: two at once make one site under a key of its own, without users or the demo's made-up activity", async () => {
    const url = await freshDatabase();
    const handle = createDb(url);
    await migrateToLatest(handle.db, handle.dialect);
    try {
      const env = { DATABASE_URL: url, SECRET, PUBLIC_URL: "https://shop.example.hr", PAYMENT_PROVIDER: "none", FISCAL: "none" };
      const runs = await Promise.all([runCli(["seed", "--site"], env), runCli(["seed", "--site"], env)]);
      expect(runs.map((r) => r.stderr)).toEqual(["", ""]);
      const outputs = runs.map((r) => r.stdout.split("\n")[0]).sort();
      expect(outputs).toEqual([
        "The database already has a site; nothing seeded.",
        "The shop's site was created without users: add its administrator with npm run create-admin -- <email>.",
      ]);
      const sites = await handle.db.selectFrom("sites").select(["api_key", "url"]).execute();
      expect(sites).toHaveLength(1);
      expect(sites[0]?.url).toBe("https://shop.example.hr");
      // Not the demo's key, which anyone reading the code knows, nor the one held while seeding.
      expect(sites[0]?.api_key).not.toMatch(/demo|seeding/);
      expect(sites[0]?.api_key.length).toBeGreaterThanOrEqual(32);
      expect(await handle.db.selectFrom("users").select("id").execute()).toEqual([]);
      for (const table of ["reviews", "comments", "coupons", "membership_cards"] as const) {
        expect(await handle.db.selectFrom(table).select("id").execute(), table).toEqual([]);
      }
      const pages = await handle.db.selectFrom("posts").select("id").where("post_type", "=", "page").execute();
      expect(pages.length).toBeGreaterThan(5);
      expect((await handle.db.selectFrom("products").select("id").execute()).length).toBeGreaterThan(5);
    } finally {
      await handle.destroy();
    }
  });
});
