/**
 * `npm run bench:pages` (issue 26): Lighthouse on the pages a visitor meets first, as a visitor meets
 * them. The built shop runs with its page cache on; Lighthouse (its defaults: mobile, simulated
 * throttling) drives the journeys' Chromium; each page is loaded once to warm it, then measured
 * BENCH_PAGES_RUNS times (default 3) as a first visit (no cookies; the cart with one product in it).
 * Prints the median of every figure against its target and writes the medians and each run's
 * figures as JSON to the temp directory. A target missed is a FAIL in the table, not an exit code:
 * only a bench that could not measure exits non-zero.
 */
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COOKIE, DEFAULT_LOCALE, localizedPath, SYSTEM_ROUTES } from "@shop/contracts";
import { chooseChromium } from "../../e2e/src/support/browser.ts";
import { GLASS } from "../../e2e/src/support/cart.ts";
import { apiCall, type ShopProcess, startShop } from "../../e2e/src/support/server.ts";
import { runBench } from "./bench-process.ts";
import { type Browser, launchChromium, measurePage, type RunResult, warmUp } from "./lighthouse-run.ts";
import { medians, type PageMeasurement, shortfallLines, table, verdicts } from "./pages-report.ts";

const RUNS = Number(process.env.BENCH_PAGES_RUNS ?? 3);

interface PageToMeasure {
  name: string;
  path: string;
  indexable: boolean;
  /** Measured with one product in the cart (an empty cart page shows little). */
  withCart?: boolean;
}

/** The demo's pages (packages/db/src/seed): the car-care category, its shampoo, the newest post. */
const PAGES: PageToMeasure[] = [
  { name: "home", path: localizedPath("content", DEFAULT_LOCALE), indexable: true },
  { name: "category", path: localizedPath("shop", DEFAULT_LOCALE, { slug: "njega-vozila" }), indexable: true },
  { name: "product", path: localizedPath("product", DEFAULT_LOCALE, { slug: "auto-sampon" }), indexable: true },
  { name: "blog post", path: localizedPath("content", DEFAULT_LOCALE, { slug: "zimska-sol-i-podvozje" }), indexable: true },
  { name: "cart", path: localizedPath("cart", DEFAULT_LOCALE), indexable: false, withCart: true },
];

/** The glass cleaner the journeys put in the cart (tests/e2e/src/support/cart.ts). */
const CART_PRODUCT_SLUG = "sredstvo-za-stakla";

interface CookieParam {
  name: string;
  value: string;
  url: string;
  httpOnly: boolean;
}

/**
 * One product into a new cart through the storefront's own form post (as a browser without
 * JavaScript sends it), and the cart session cookies it answers with, for the browser to carry.
 */
async function cartCookies(shop: ShopProcess): Promise<CookieParam[]> {
  const product = await apiCall<{ id: number }>(shop, "GET", `/v1/product/web/get?slug=${CART_PRODUCT_SLUG}`);
  const res = await fetch(`${shop.baseUrl}${SYSTEM_ROUTES.cartAction}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: shop.baseUrl, "sec-fetch-site": "same-origin" },
    body: new URLSearchParams({ intent: "add", productId: String(product.id), qty: "1" }),
  });
  await res.arrayBuffer();
  const wanted: string[] = [COOKIE.cartId, COOKIE.protectCode, COOKIE.locale];
  const cookies = res.headers.getSetCookie().flatMap((header): CookieParam[] => {
    const [pair = "", ...attributes] = header.split(";");
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq).trim();
    if (eq < 0 || !wanted.includes(name)) return [];
    const httpOnly = attributes.some((a) => a.trim().toLowerCase() === "httponly");
    return [{ name, value: pair.slice(eq + 1).trim(), url: shop.baseUrl, httpOnly }];
  });
  // The cart page must show the product, or the bench would measure an empty cart.
  const header = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const page = await fetch(`${shop.baseUrl}${localizedPath("cart", DEFAULT_LOCALE)}`, { headers: { cookie: header } });
  if (res.status >= 400 || !(await page.text()).includes(GLASS)) {
    throw new Error(`adding ${CART_PRODUCT_SLUG} to the cart failed (HTTP ${res.status}, cookies: ${header || "none"})`);
  }
  return cookies;
}

/** Every run starts as a first visit: no cookies but the cart's, when the page is measured with one. */
async function freshVisit(browser: Browser, cookies: CookieParam[]): Promise<void> {
  await browser.send("Storage.clearCookies");
  if (cookies.length > 0) await browser.send("Storage.setCookies", { cookies });
}

const cleanups: (() => Promise<void> | void)[] = [];

async function main() {
  if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`BENCH_PAGES_RUNS must be 1 or more (got ${process.env.BENCH_PAGES_RUNS})`);
  const chromium = await chooseChromium();
  const shop = await startShop({ pageCache: "on", env: { LOG: "json" } });
  cleanups.push(() => shop.stop());
  const browser = await launchChromium(chromium);
  cleanups.push(() => browser.close());
  process.stdout.write(`Pages bench: Lighthouse on ${shop.baseUrl} (PAGE_CACHE=on), ${RUNS} run(s) per page after one warm-up load.\n`);

  const measured: PageMeasurement[] = [];
  let last: RunResult | undefined;
  for (const page of PAGES) {
    const url = `${shop.baseUrl}${page.path}`;
    const cookies = page.withCart ? await cartCookies(shop) : [];
    await freshVisit(browser, cookies);
    await warmUp(url, browser.port);
    const results: RunResult[] = [];
    for (let i = 1; i <= RUNS; i++) {
      await freshVisit(browser, cookies);
      last = await measurePage(url, browser.port);
      results.push(last);
      const f = last.figures;
      process.stdout.write(
        `  ${page.name} ${page.path}: run ${i}/${RUNS}: performance ${f.performance}, LCP ${(f.lcpMs / 1000).toFixed(2)} s, ` +
          `TBT ${Math.round(f.tbtMs)} ms (Lighthouse's CPU benchmark index ${Math.round(last.benchmarkIndex)})\n`,
      );
    }
    const shortfalls = [...new Map(results.flatMap((r) => r.shortfalls).map((s) => [`${s.category}/${s.id}`, s])).values()];
    measured.push({ ...page, runs: results.map((r) => r.figures), shortfalls });
  }
  if (!last) throw new Error("no page was measured");

  process.stdout.write(
    `\nLighthouse ${last.lighthouseVersion}, form factor ${last.formFactor}, throttling ${last.throttlingMethod}; ` +
      `Chromium from ${chromium.source} (${chromium.path}), ${last.userAgent}\n` +
      `Median of ${RUNS} run(s) per page. Sizes: gzip = bodies as sent to a gzip-only browser; ` +
      `transferred = what Chromium received (brotli where served, headers included); 1 KB = 1024 bytes.\n\n`,
  );
  process.stdout.write(`${table(measured)}\n`);
  const why = shortfallLines(measured);
  if (why.length > 0) process.stdout.write(`\nAudits below full marks (in any run):\n${why.join("\n")}\n`);

  const file = join(tmpdir(), `bench-pages-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  const report = {
    lighthouseVersion: last.lighthouseVersion,
    formFactor: last.formFactor,
    throttlingMethod: last.throttlingMethod,
    chromium: { source: chromium.source, path: chromium.path, userAgent: last.userAgent },
    runs: RUNS,
    pages: measured.map((page) => ({
      name: page.name,
      path: page.path,
      median: medians(page.runs),
      verdicts: verdicts(page).map(({ metric, value, target, result }) => ({ metric, value, target, result })),
      shortfalls: page.shortfalls,
      runs: page.runs,
    })),
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`\nMedians and every run's figures: ${file}\n`);
}

async function cleanup() {
  // Each stopped on its own: a browser that will not close still lets the shop stop.
  await Promise.allSettled(cleanups.splice(0).map(async (stop) => stop()));
}

await runBench("bench:pages could not measure", main, cleanup);
