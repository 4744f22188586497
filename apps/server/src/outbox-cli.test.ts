import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { placeOrder } from "@shop/platform/modules/orders/orders.fixtures.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./cli.test-support.ts";
import { platformOf } from "./platform.test-support.ts";
import { createTestShop, type TestShop } from "./testing.ts";

/** `npm run outbox` on the database of a running shop without SMTP, whose orders wrote their confirmations. */

const dir = mkdtempSync(join(tmpdir(), "shop-outbox-"));
const env = { DATABASE_URL: `sqlite:${join(dir, "shop.sqlite")}`, SECRET: "s".repeat(40) };
let shop: TestShop;
let first: string;
let second: string;

beforeAll(async () => {
  shop = await createTestShop({ ...env, SEED: "demo" });
  const product = await shop.db.db.selectFrom("products").select("id").where("sku", "=", "NJ-STAKLO-500").executeTakeFirstOrThrow();
  const p = platformOf(shop);
  first = (await placeOrder(p, product.id, { email: "prva@example.hr" })).number;
  second = (await placeOrder(p, product.id, { email: "druga@example.hr", language: "en" })).number;
});

afterAll(async () => {
  await shop?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The listed rows (after the header) as their cells. */
const rows = (stdout: string) =>
  stdout
    .split("\n")
    .slice(1)
    .filter((line) => /^\d+ /.test(line))
    .map((line) => line.split(/ {2,}/));

describe("npm run outbox", () => {
  it("lists the mails an order wrote, newest first: id, time, status, to, subject", async () => {
    const run = await runCli(["outbox"], env);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n")[0]).toMatch(/^id +time +status +to +subject$/);
    const listed = rows(run.stdout);
    const toSecond = listed.findIndex((r) => r[3] === "druga@example.hr" && r[4]?.includes(second));
    const toFirst = listed.findIndex((r) => r[3] === "prva@example.hr" && r[4]?.includes(first));
    expect(toSecond).toBeGreaterThan(-1);
    expect(toFirst).toBeGreaterThan(toSecond);
    // No SMTP_URL: the mail is kept for people to read here.
    expect(listed[toSecond]?.[2]).toBe("kept");
    expect(Number.isNaN(Date.parse(listed[toSecond]?.[1] ?? ""))).toBe(false);
  });

  it("prints one mail's text with --show, and says when there is no such mail", async () => {
    const list = rows((await runCli(["outbox"], env)).stdout);
    const id = list.find((r) => r[3] === "prva@example.hr")?.[0] as string;
    const run = await runCli(["outbox", "--show", id], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^Mail ${id}\n`));
    expect(run.stdout).toContain("To:       prva@example.hr\n");
    expect(run.stdout).toMatch(/Status: +kept, 0 attempt\(s\)/);
    // The body follows the headers after a blank line, and names the order.
    const body = run.stdout.slice(run.stdout.indexOf("\n\n") + 2);
    expect(body).toContain(first);

    const missing = await runCli(["outbox", "--show", "999999"], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe("The outbox holds no mail 999999.\n");
  });

  it("shows as many as --limit says, and refuses a limit that is no count", async () => {
    const run = await runCli(["outbox", "--limit", "1"], env);
    expect(run.code).toBe(0);
    expect(rows(run.stdout)).toHaveLength(1);
    expect(rows(run.stdout)[0]?.[3]).toBe("druga@example.hr");
    expect(run.stdout).toContain("--limit <n> for more");
    for (const bad of ["0", "many", "2x"]) {
      const refused = await runCli(["outbox", "--limit", bad], env);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toBe("--limit and --show take a whole number above 0.\n");
    }
  });
});
