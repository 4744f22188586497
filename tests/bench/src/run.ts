/**
 * `npm run bench`: the shop's throughput next to a bare node:http server on this machine.
 * Everything runs on loopback; every child process is stopped on the way out, also on errors.
 * The bench prints; it never fails the build (only a crash exits non-zero).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import autocannon, { type Instance, type RequestStep, type Result } from "autocannon";
import { freshDatabase } from "../../e2e/src/support/postgres.ts";
import { type ShopProcess, startShop, stopChild } from "../../e2e/src/support/server.ts";
import { runBench } from "./bench-process.ts";
import { ordersListFigure, ordersListReport } from "./orders-list.ts";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Row {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  /** non-2xx / socket errors / timeouts, for the table. */
  badDetail: string;
  kbPerResponse: number;
  rssMb: number | null;
}

const cleanups: (() => Promise<void>)[] = [];
let current: Instance | null = null;

/** A bare node:http server in its own process (like the shop), answering one fixed 2 KB HTML page. */
const BARE_SERVER = `
import { createServer } from "node:http";
const filler = "<p>Autopraonica Zagreb - pranje, poliranje i njega vozila.</p>\\n".repeat(64);
const body = Buffer.from(("<!DOCTYPE html><html lang=\\"hr\\"><head><meta charset=\\"utf-8\\"><title>Bare</title></head><body>" + filler).slice(0, 2048 - 14) + "</body></html>");
const server = createServer((req, res) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
  res.end(body);
});
server.listen(0, "127.0.0.1", () => process.stdout.write("listening " + server.address().port + " " + body.length + "\\n"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
`;

async function startBare(): Promise<{ url: string; bytes: number; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ["--input-type=module", "-e", BARE_SERVER], { stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = () => stopChild(child, exited, 3_000);
  process.once("exit", () => child.kill("SIGKILL"));
  cleanups.push(stop);
  const line = await new Promise<string>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error("bare server did not start in 10 s")), 10_000);
    child.stdout?.setEncoding("utf8");
    child.stdout?.on("data", (chunk: string) => {
      out += chunk;
      if (out.includes("\n")) {
        clearTimeout(timer);
        resolve(out);
      }
    });
    child.once("exit", () => {
      clearTimeout(timer);
      reject(new Error("bare server exited"));
    });
  });
  const [, port, bytes] = /listening (\d+) (\d+)/.exec(line) ?? [];
  return { url: `http://127.0.0.1:${port}/`, bytes: Number(bytes), stop };
}

async function launchShop(pageCache: "on" | "off"): Promise<ShopProcess> {
  // As `npm start` serves: one JSON log line per request.
  const shop = await startShop({ pageCache, env: { LOG: "json", TRUST_PROXY: "true" } });
  cleanups.push(() => shop.stop());
  return shop;
}

/** Reads a /proc/<pid>/status field in kB (Linux); null elsewhere. */
function procStatusKb(pid: number, field: "VmRSS" | "VmHWM"): number | null {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** Polls VmRSS every 200 ms; peak() also consults the kernel's high-water mark VmHWM. */
function sampleRss(pid: number): { peakMb(): number | null; stop(): void } {
  let peakKb = procStatusKb(pid, "VmRSS") ?? 0;
  const timer = setInterval(() => {
    peakKb = Math.max(peakKb, procStatusKb(pid, "VmRSS") ?? 0);
  }, 200);
  timer.unref();
  return {
    peakMb() {
      const kb = Math.max(peakKb, procStatusKb(pid, "VmHWM") ?? 0);
      return kb > 0 ? kb / 1024 : null;
    },
    stop: () => clearInterval(timer),
  };
}

interface Load {
  /** Instead of BENCH_CONNECTIONS. */
  connections?: number;
  headers?: Record<string, string>;
  method?: string;
  body?: string;
  /** A per-connection sequence instead of one repeated request. */
  requests?: () => RequestStep[];
}

async function fire(url: string, duration: number, load: Load): Promise<Result> {
  const { headers = {}, method = "GET", body, requests } = load;
  // autocannon takes a key that is present but undefined as the value itself: pass only what is set.
  current = autocannon({
    url,
    connections: load.connections ?? CONNECTIONS,
    duration,
    timeout: 10,
    headers,
    method,
    ...(body === undefined ? {} : { body }),
    ...(requests ? { requests: requests() } : {}),
  });
  try {
    return await current;
  } finally {
    current = null;
  }
}

/** Checks the target answers as expected, warms it up for WARMUP_S, then measures for DURATION_S. */
async function measure(scenario: string, url: string, opts: Load & { expectCacheHit?: boolean } = {}) {
  const headers = opts.headers ?? {};
  if (!opts.requests) {
    const probe = await fetch(url, { headers, method: opts.method, body: opts.body });
    await probe.arrayBuffer();
    if (probe.status !== 200) throw new Error(`${scenario}: ${url} answered ${probe.status}`);
  }
  if (WARMUP_S > 0) await fire(url, WARMUP_S, opts);
  if (opts.expectCacheHit) {
    const again = await fetch(url, { headers });
    await again.arrayBuffer();
    if (again.headers.get("x-page-cache") !== "hit") process.stdout.write(`  note: ${scenario} did not report X-Page-Cache: hit\n`);
  }
  process.stdout.write(`  ${scenario}: ${DURATION_S} s, ${opts.connections ?? CONNECTIONS} connections ...\n`);
  const r = await fire(url, DURATION_S, opts);
  return {
    scenario,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors + r.timeouts,
    badDetail: `${r.non2xx}/${r.errors}/${r.timeouts}`,
    kbPerResponse: r.requests.total > 0 ? r.throughput.total / r.requests.total / 1024 : 0,
  };
}

/**
 * A blog post's page to measure: the newest post from POST /api/v1/post/filterStandard when it
 * answers one that renders, else the contact page (a content page all the same).
 */
async function contentPagePath(baseUrl: string): Promise<string> {
  try {
    const res = await fetch(`${baseUrl}/api/v1/post/filterStandard`, {
      method: "POST",
      headers: { "content-type": "application/json", apiKey: DEMO_API_KEY },
      body: JSON.stringify({ limit: 1 }),
    });
    const body = (await res.json()) as { data?: { records?: { slug?: unknown }[] } };
    const slug = res.ok ? body.data?.records?.[0]?.slug : undefined;
    if (typeof slug === "string" && slug) {
      const path = `/${encodeURIComponent(slug)}`;
      const page = await fetch(`${baseUrl}${path}`);
      await page.arrayBuffer();
      if (page.status === 200) return path;
    }
  } catch {
    // No post list yet: the fallback below.
  }
  return "/kontakt";
}

const API_HEADERS = { apiKey: DEMO_API_KEY, "content-type": "application/json" };

async function api<T>(baseUrl: string, path: string, body?: unknown, method = body === undefined ? "GET" : "POST"): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: API_HEADERS,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json.data;
}

const CHECKOUT_SCENARIO = "API checkout: cart, add, address, pickup, transfer, order";
const CHECKOUT_CONNECTIONS = 20;

/** The demo's car-care category and its configurable shampoo: what the shop scenarios load. */
const BENCH_CATEGORY = "njega-vozila";
const BENCH_PRODUCT = "auto-sampon";

async function filterBody(baseUrl: string): Promise<string> {
  const { records } = await api<{ records: { id: number }[] }>(baseUrl, "/v1/product/web/category/filter", { slug: BENCH_CATEGORY });
  const category = records[0];
  if (!category) throw new Error(`demo category ${BENCH_CATEGORY} is missing`);
  return JSON.stringify({
    filters: [
      { key: "archived", value: false },
      { key: "categories", value: [category.id] },
    ],
    sort: { param: "id", order: "desc" },
    limit: 12,
    page: 1,
  });
}

/**
 * Cart writes as many visitors make them: each sequence opens a cart session, adds a product and
 * sets the line back to one unit, from its own client address (the shop runs with TRUST_PROXY), so
 * the per-address and per-cart write limits meet the load of a real shop, not of one client.
 */
async function cartSequence(baseUrl: string): Promise<() => RequestStep[]> {
  const product = await api<{ id: number }>(baseUrl, "/v1/product/web/get?slug=poklon-bon-20");
  let visitor = 0;
  const json = (body: string) => JSON.parse(body) as { data?: Record<string, unknown> };
  return () => [
    {
      method: "GET",
      path: "/api/v2/cart/getNewCartSession",
      setupRequest(req, context) {
        visitor++;
        // An address of the benchmarking range (RFC 2544) per visitor: only ever a header value, never a destination.
        context.address = `198.18.${(visitor >> 8) & 255}.${visitor & 255}`;
        return { ...req, headers: { ...API_HEADERS, "x-forwarded-for": context.address as string } };
      },
      onResponse(_status, body, context) {
        context.session = json(body).data;
      },
    },
    {
      method: "POST",
      path: "/api/v2/cart/addItem",
      setupRequest(req, context) {
        const headers = { ...API_HEADERS, "x-forwarded-for": context.address as string };
        return { ...req, headers, body: JSON.stringify({ ...(context.session as object), productId: product.id, qty: 1 }) };
      },
      onResponse(_status, body, context) {
        const items = json(body).data?.items as { itemId: number; productId: number }[] | undefined;
        context.itemId = items?.find((item) => item.productId === product.id)?.itemId;
      },
    },
    {
      method: "PATCH",
      path: "/api/v2/cart/updateItem",
      setupRequest(req, context) {
        const headers = { ...API_HEADERS, "x-forwarded-for": context.address as string };
        return { ...req, headers, body: JSON.stringify({ ...(context.session as object), itemId: context.itemId, qty: 1 }) };
      },
    },
  ];
}

/**
 * A whole guest checkout per sequence, as the checkout page makes it: a new cart, the wash programme
 * (no stock limit, so every order can succeed), the address, pickup at the first branch, bank
 * transfer, the order. Each visitor from its own client address, like the cart scenario.
 */
async function checkoutSequence(baseUrl: string): Promise<() => RequestStep[]> {
  const product = await api<{ id: number }>(baseUrl, "/v1/product/web/get?slug=osnovno-pranje");
  const probe = await api<{ cartId: number; protectCode: string }>(baseUrl, "/v2/cart/getNewCartSession");
  const address = {
    firstName: "Ivana",
    lastName: "Babić",
    contactEmail: "bench@example.hr",
    contactPhone: "+385 91 555 0101",
    country: "HR",
    city: "Zagreb",
    street: "Ilica",
    houseNumber: "1",
    zipCode: "10000",
  };
  await api(baseUrl, "/v2/cart/addItem", { ...probe, productId: product.id, qty: 1 });
  await api(baseUrl, "/v2/checkout/saveAddresses", { ...probe, email: address.contactEmail, delivery: address }, "PUT");
  const delivery = await api<{ methods: { id: number; options: { id: number }[] }[] }>(
    baseUrl,
    "/v2/delivery/getApplicableDeliveryMethods",
    probe,
  );
  const pickup = delivery.methods.find((m) => m.options.length > 0);
  if (!pickup) throw new Error("the demo shop offers no pickup");
  await api(baseUrl, "/v2/delivery/saveDeliveryMethod", { ...probe, deliveryMethodId: pickup.id, branchId: pickup.options[0]?.id }, "PUT");
  const payments = await api<{ id: number; kind: string }[]>(baseUrl, "/v2/payment/getApplicablePaymentMethods", probe);
  const transfer = payments.find((m) => m.kind === "bank_transfer");
  if (!transfer) throw new Error("the demo shop offers no bank transfer");
  const { records } = await api<{ records: { id: number; required: boolean }[] }>(baseUrl, "/v1/web/consent/filter", {
    assigned_to: "checkout",
  });
  const consents = records.filter((c) => c.required).map((c) => c.id);
  await api(baseUrl, "/v2/payment/savePaymentMethod", { ...probe, paymentMethodId: transfer.id }, "PUT");
  // The probe goes the whole way once, so a refusal shows here with its reason, not as a count.
  await api(baseUrl, "/v2/order/create", { ...probe, consents });

  let visitor = 0;
  const json = (body: string) => JSON.parse(body) as { data?: Record<string, unknown> };
  const headersOf = (context: Record<string, unknown>) => ({ ...API_HEADERS, "x-forwarded-for": context.address as string });
  const step = (method: string, path: string, body: (session: object) => object): RequestStep => ({
    method,
    path,
    setupRequest(req, context) {
      return { ...req, headers: headersOf(context), body: JSON.stringify(body(context.session as object)) };
    },
  });
  return () => [
    {
      method: "GET",
      path: "/api/v2/cart/getNewCartSession",
      setupRequest(req, context) {
        visitor++;
        // An address of the benchmarking range (RFC 2544) per visitor: only ever a header value, never a destination.
        context.address = `198.19.${(visitor >> 8) & 255}.${visitor & 255}`;
        return { ...req, headers: headersOf(context) };
      },
      onResponse(_status, body, context) {
        context.session = json(body).data;
      },
    },
    step("POST", "/api/v2/cart/addItem", (s) => ({ ...s, productId: product.id, qty: 1 })),
    step("PUT", "/api/v2/checkout/saveAddresses", (s) => ({ ...s, email: address.contactEmail, delivery: address })),
    step("PUT", "/api/v2/delivery/saveDeliveryMethod", (s) => ({ ...s, deliveryMethodId: pickup.id, branchId: pickup.options[0]?.id })),
    step("PUT", "/api/v2/payment/savePaymentMethod", (s) => ({ ...s, paymentMethodId: transfer.id })),
    step("POST", "/api/v2/order/create", (s) => ({ ...s, consents })),
  ];
}

/** Gzipped bytes of every script a page loads (module scripts and modulepreloads). */
async function pageJsGzipKb(baseUrl: string, path: string): Promise<number> {
  const html = await (await fetch(`${baseUrl}${path}`)).text();
  const srcs = new Set(
    [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((m) => m[1] as string),
  );
  let bytes = 0;
  for (const src of srcs) bytes += gzipSync(Buffer.from(await (await fetch(new URL(src, baseUrl))).arrayBuffer())).length;
  return bytes / 1024;
}

function fmt(n: number | null, digits = 0): string {
  return n === null || !Number.isFinite(n) ? "n/a" : n.toFixed(digits);
}

function printTable(rows: Row[], bareRps: number) {
  const header = ["scenario", "req/s", "p50 ms", "p99 ms", "% of bare", "peak RSS MB", "KB/resp", "non-2xx/err/timeout"];
  const lines = rows.map((r) => [
    r.scenario,
    fmt(r.rps),
    fmt(r.p50, 1),
    fmt(r.p99, 1),
    `${fmt((100 * r.rps) / bareRps, 1)} %`,
    r.rssMb === null ? "-" : fmt(r.rssMb),
    fmt(r.kbPerResponse, 1),
    r.badDetail,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? "").length)));
  const row = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ");
  process.stdout.write(`\n${row(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}\n${lines.map(row).join("\n")}\n`);
}

async function main() {
  process.stdout.write(`Bench: ${DURATION_S} s per scenario after a ${WARMUP_S} s warm-up, ${CONNECTIONS} connections, loopback only.\n`);
  const rows: Row[] = [];

  const bare = await startBare();
  const bareRow = await measure(`bare node:http ${bare.bytes} B page`, bare.url);
  rows.push({ ...bareRow, rssMb: null });
  await bare.stop();

  const cached = await launchShop("on");
  const cachedRss = sampleRss(cached.pid);
  const home = await measure("home '/' cached (PAGE_CACHE=on)", `${cached.baseUrl}/`, { expectCacheHit: true });
  const apiRow = await measure("API GET /api/v1/option/filter", `${cached.baseUrl}/api/v1/option/filter`, {
    headers: { apiKey: DEMO_API_KEY },
  });
  const contentPath = await contentPagePath(cached.baseUrl);
  const content = await measure(`content page '${contentPath}' cached`, `${cached.baseUrl}${contentPath}`, { expectCacheHit: true });
  const search = await measure(
    "API GET /api/v1/search?query=pranje&category=pages",
    `${cached.baseUrl}/api/v1/search?query=pranje&category=pages`,
    {
      headers: { apiKey: DEMO_API_KEY },
    },
  );
  const categoryPath = `/shop/${BENCH_CATEGORY}`;
  const productPath = `/product/${BENCH_PRODUCT}`;
  const category = await measure(`category page '${categoryPath}' cached`, `${cached.baseUrl}${categoryPath}`, { expectCacheHit: true });
  const product = await measure(`product page '${productPath}' cached`, `${cached.baseUrl}${productPath}`, { expectCacheHit: true });
  const filter = await measure("API POST /api/v1/product/web/filter (12 of a category)", `${cached.baseUrl}/api/v1/product/web/filter`, {
    method: "POST",
    headers: API_HEADERS,
    body: await filterBody(cached.baseUrl),
  });
  const cart = await measure("API cart getNewCartSession + addItem + updateItem", `${cached.baseUrl}/api/v2/cart/addItem`, {
    requests: await cartSequence(cached.baseUrl),
  });
  const checkout = await measure(CHECKOUT_SCENARIO, `${cached.baseUrl}/api/v2/order/create`, {
    connections: CHECKOUT_CONNECTIONS,
    requests: await checkoutSequence(cached.baseUrl),
  });
  // Each sequence is six requests; one completed checkout per sequence.
  const checkoutsPerS = checkout.rps / 6;
  const productJsKb = await pageJsGzipKb(cached.baseUrl, productPath);
  const cachedPeak = cachedRss.peakMb();
  cachedRss.stop();
  rows.push(...[home, apiRow, content, search, category, product, filter, cart, checkout].map((r) => ({ ...r, rssMb: cachedPeak })));
  await cached.stop();

  const uncached = await launchShop("off");
  const uncachedRss = sampleRss(uncached.pid);
  const page = await measure("home '/' uncached (PAGE_CACHE=off)", `${uncached.baseUrl}/`);
  const categoryUncached = await measure(`category page '${categoryPath}' uncached`, `${uncached.baseUrl}${categoryPath}`);
  const productUncached = await measure(`product page '${productPath}' uncached`, `${uncached.baseUrl}${productPath}`);
  const uncachedPeak = uncachedRss.peakMb();
  uncachedRss.stop();
  rows.push(...[page, categoryUncached, productUncached].map((r) => ({ ...r, rssMb: uncachedPeak })));
  await uncached.stop();

  // The same checkout on PostgreSQL when a database is given (as the tests take it).
  const pgUrl = process.env.TEST_DATABASE_URL;
  let pgCheckout: Awaited<ReturnType<typeof measure>> | null = null;
  if (pgUrl) {
    const database = await freshDatabase(pgUrl, `shop_bench_${process.pid}`);
    cleanups.push(() => database.drop());
    const pg = await startShop({ pageCache: "on", env: { LOG: "json", TRUST_PROXY: "true", DATABASE_URL: database.url } });
    cleanups.push(() => pg.stop());
    const pgRss = sampleRss(pg.pid);
    pgCheckout = await measure(`${CHECKOUT_SCENARIO} (PostgreSQL)`, `${pg.baseUrl}/api/v2/order/create`, {
      connections: CHECKOUT_CONNECTIONS,
      requests: await checkoutSequence(pg.baseUrl),
    });
    rows.push({ ...pgCheckout, rssMb: pgRss.peakMb() });
    pgRss.stop();
    await pg.stop();
  }

  // Issue 12: the back office's orders list with 100,000 orders, on each database.
  const ordersList = [ordersListReport(await ordersListFigure("SQLite"))];
  if (pgUrl) ordersList.push(ordersListReport(await ordersListFigure("PostgreSQL", pgUrl)));

  printTable(rows, bareRow.rps);
  process.stdout.write(
    `\nCompleted checkouts (six requests each, ${CHECKOUT_CONNECTIONS} connections): SQLite ${fmt(checkout.rps / 6)}/s` +
      (pgCheckout
        ? `, PostgreSQL ${fmt(pgCheckout.rps / 6)}/s (p99 ${fmt(pgCheckout.p99, 1)} ms)`
        : ", PostgreSQL: set TEST_DATABASE_URL") +
      "\n",
  );

  for (const report of ordersList) process.stdout.write(`\n${report.lines.join("\n")}\n`);

  const pct = (rps: number) => (100 * rps) / bareRow.rps;
  const peak = Math.max(cachedPeak ?? 0, uncachedPeak ?? 0);
  const targets: [string, boolean][] = [
    [`home cached >= 30 % of bare req/s (${fmt(pct(home.rps), 1)} %)`, pct(home.rps) >= 30],
    [`home cached p99 < 100 ms (${fmt(home.p99, 1)} ms)`, home.p99 < 100],
    [
      `content page cached >= 30 % of bare req/s, p99 < 100 ms (${fmt(pct(content.rps), 1)} %, ${fmt(content.p99, 1)} ms)`,
      pct(content.rps) >= 30 && content.p99 < 100,
    ],
    ...[category, product].map((r): [string, boolean] => [
      `${r.scenario} >= 30 % of bare req/s, p99 < 100 ms (${fmt(pct(r.rps), 1)} %, ${fmt(r.p99, 1)} ms)`,
      pct(r.rps) >= 30 && r.p99 < 100,
    ]),
    ...[categoryUncached, productUncached].map((r): [string, boolean] => [
      `${r.scenario} >= 1.5 % of bare req/s (${fmt(pct(r.rps), 2)} %)`,
      pct(r.rps) >= 1.5,
    ]),
    [
      `checkouts >= 200/s with p99 < 250 ms (${fmt(checkoutsPerS)}/s, ${fmt(checkout.p99, 1)} ms)`,
      checkoutsPerS >= 200 && checkout.p99 < 250,
    ],
    [`product web/filter >= 4 % of bare req/s (${fmt(pct(filter.rps), 2)} %)`, pct(filter.rps) >= 4],
    [`product page JavaScript <= 100 KB gzipped (${fmt(productJsKb, 1)} KB)`, productJsKb <= 100],
    [`shop peak RSS < 300 MB (${fmt(peak)} MB)`, peak > 0 && peak < 300],
    [`home uncached >= 1.5 % of bare req/s (${fmt(pct(page.rps), 1)} %)`, pct(page.rps) >= 1.5],
    ["no non-2xx answers or errors", rows.every((r) => r.bad === 0)],
    ...ordersList.flatMap((report) => report.targets),
  ];
  process.stdout.write("\nTargets\n");
  for (const [label, ok] of targets) process.stdout.write(`  ${ok ? "PASS" : "FAIL"}  ${label}\n`);
}

async function cleanup() {
  current?.stop();
  await Promise.allSettled(cleanups.map((stop) => stop()));
}

// autocannon's per-request timer (retimer) reschedules with `timeout - elapsed`, which goes negative
// on a loaded machine; Node then warns and uses 1 ms. Harmless: keep every other warning.
process.removeAllListeners("warning");
process.on("warning", (warning) => {
  if (warning.name !== "TimeoutNegativeWarning") process.stderr.write(`${warning.name}: ${warning.message}\n`);
});

await runBench("bench failed", main, cleanup);
