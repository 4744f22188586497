/**
 * Issue 12's figure: the back office's orders list stays under 200 ms server time with 100,000
 * orders in the database. A shop on a fresh database (SQLite, and PostgreSQL when TEST_DATABASE_URL
 * is set) gets one order through the checkout, then BENCH_ORDERS orders in all, bulk-inserted in
 * batches beside it (one transaction, carts with them: an order names its cart), then the
 * platform's list endpoint (POST /api/v1/admin/order/filter, as the admin page calls it) is asked
 * one request at a time on a new loopback connection (server time plus well under a millisecond of
 * loopback): the first page, a later page, a filtered page and searches.
 *
 * Part of `npm run bench` (run.ts); alone: `node tests/bench/src/orders-list.ts [sqlite|postgres]`
 * (after `npm run build`; PostgreSQL with TEST_DATABASE_URL).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { api } from "@shop/contracts/api";
import { createDb } from "@shop/db";
import { seedBenchOrders } from "@shop/db/seed/bench-orders.ts";
import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import pg from "pg";
import { placeTransferOrder } from "../../e2e/src/support/admin-orders.ts";
import { apiLogin, type ShopProcess, startShop } from "../../e2e/src/support/server.ts";

export const ORDERS_LIST_TARGET_MS = 200;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
/** Timed requests per query, after a few untimed ones. */
const RUNS = Number(process.env.BENCH_ORDERS_RUNS ?? 20);
const WARMUP_RUNS = 3;
const DAY_MS = 86_400_000;

/** The seeding script's orders beside the one the checkout placed; answers an e-mail of one of them to search for. */
async function seedOrders(databaseUrl: string, count: number): Promise<string> {
  const { db, dialect, destroy } = createDb(databaseUrl, { poolSize: 1 });
  try {
    return (await seedBenchOrders(db, dialect, count)).sampleEmail;
  } finally {
    await destroy();
  }
}

interface Timing {
  query: string;
  total: number;
  medianMs: number;
  p95Ms: number;
}

/**
 * One POST on a new loopback connection (no keep-alive pool: the shop may have closed an idle one
 * while the seeding kept it busy), timed from sending to the last byte of the answer.
 */
function postTimed(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      url,
      { method: "POST", agent: false, headers: { ...headers, "content-length": Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8"), ms: performance.now() - started }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function timeList(shop: ShopProcess, token: string, query: string, body: Record<string, unknown>): Promise<Timing> {
  const call = async () => {
    const res = await postTimed(
      `${shop.baseUrl}/api${api.adminOrders.list.path}`,
      { "content-type": "application/json", apiKey: DEMO_API_KEY, accessToken: token, language: "hr" },
      JSON.stringify({ limit: 25, ...body }),
    );
    if (res.status !== 200) throw new Error(`orders list (${query}) answered ${res.status}: ${res.text.slice(0, 300)}`);
    return { ms: res.ms, total: (JSON.parse(res.text) as { data: { pagination: { total: number } } }).data.pagination.total };
  };
  for (let i = 0; i < WARMUP_RUNS; i++) await call();
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await call());
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? Number.NaN;
  return { query, total: runs[0]?.total ?? 0, medianMs: at(0.5), p95Ms: at(0.95) };
}

/** A new, empty PostgreSQL database beside the given one, and how to drop it. */
async function freshPostgres(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shop_bench_orders_${process.pid}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`DROP DATABASE IF EXISTS ${name}`);
  await run(`CREATE DATABASE ${name}`);
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return { url: fresh.href, drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface OrdersListResult {
  database: "SQLite" | "PostgreSQL";
  orders: number;
  seedSeconds: number;
  timings: Timing[];
}

/** The figure on one database: seeds, measures, and removes the database again. */
export async function ordersListFigure(database: "SQLite" | "PostgreSQL", pgUrl?: string): Promise<OrdersListResult> {
  let databaseUrl: string;
  let removeDatabase: () => Promise<void>;
  if (database === "PostgreSQL") {
    if (!pgUrl) throw new Error("PostgreSQL needs TEST_DATABASE_URL");
    const fresh = await freshPostgres(pgUrl);
    databaseUrl = fresh.url;
    removeDatabase = fresh.drop;
  } else {
    const dir = mkdtempSync(join(tmpdir(), "shop-bench-orders-"));
    databaseUrl = `sqlite:${join(dir, "shop.sqlite")}`;
    removeDatabase = async () => rmSync(dir, { recursive: true, force: true });
  }
  let shop: ShopProcess | undefined;
  try {
    shop = await startShop({ pageCache: "off", env: { DATABASE_URL: databaseUrl, TRUST_PROXY: "true" } });
    await placeTransferOrder(shop, "predlozak@example.hr");
    const token = await apiLogin(shop, shop.admin, DEMO_API_KEY);
    const started = performance.now();
    const email = await seedOrders(databaseUrl, ORDERS - 1);
    const seedSeconds = (performance.now() - started) / 1000;
    const today = new Date();
    const monthAgo = new Date(today.getTime() - 30 * DAY_MS);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const timings = [
      await timeList(shop, token, "first page", {}),
      await timeList(shop, token, "page 40", { page: 40 }),
      await timeList(shop, token, "filtered: placed, paid by transfer, last 30 days", {
        status: "placed",
        paymentStatus: "paid",
        paymentKind: "bank_transfer",
        from: day(monthAgo),
        to: day(today),
      }),
      await timeList(shop, token, "search by e-mail", { q: email }),
      await timeList(shop, token, "search by surname", { q: "šimunić" }),
      // Too short for a trigram: the search scans (SQLite: the narrow index of migration 0027).
      await timeList(shop, token, "search of two characters", { q: "ab" }),
    ];
    return { database, orders: ORDERS, seedSeconds, timings };
  } finally {
    await shop?.stop();
    await removeDatabase();
  }
}

/** The result as the bench prints it: one line per query, and whether each stays under the target. */
export function ordersListReport(result: OrdersListResult): { lines: string[]; targets: [string, boolean][] } {
  const lines = [
    `Orders list, ${result.database}, ${result.orders.toLocaleString("en")} orders (seeded in ${result.seedSeconds.toFixed(1)} s), ${RUNS} requests each:`,
    ...result.timings.map(
      (t) =>
        `  ${t.query.padEnd(50)} median ${t.medianMs.toFixed(1).padStart(6)} ms, p95 ${t.p95Ms.toFixed(1).padStart(6)} ms (${t.total} found)`,
    ),
  ];
  const worst = Math.max(...result.timings.map((t) => t.p95Ms));
  return {
    lines,
    targets: [
      [
        `orders list with ${result.orders.toLocaleString("en")} orders < ${ORDERS_LIST_TARGET_MS} ms server time, ${result.database} (worst p95 ${worst.toFixed(1)} ms)`,
        worst < ORDERS_LIST_TARGET_MS,
      ],
    ],
  };
}

/** Alone: both databases, or the one named (`sqlite`, `postgres`). */
async function main() {
  const only = process.argv[2];
  const pgUrl = process.env.TEST_DATABASE_URL;
  const results = [];
  if (only !== "postgres") results.push(await ordersListFigure("SQLite"));
  if (only !== "sqlite" && pgUrl) results.push(await ordersListFigure("PostgreSQL", pgUrl));
  for (const result of results) {
    const { lines, targets } = ordersListReport(result);
    process.stdout.write(`${lines.join("\n")}\n`);
    for (const [label, ok] of targets) process.stdout.write(`  ${ok ? "PASS" : "FAIL"}  ${label}\n`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await main();
  } catch (err) {
    process.exitCode = 1;
    process.stderr.write(`orders bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
}
