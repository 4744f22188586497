/**
 * `npm run bench`: the shop's throughput next to a bare node:http server on this machine.
 * Everything runs on loopback; every child process is stopped on the way out, also on errors.
 * The bench prints; it never fails the build (only a crash exits non-zero).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import autocannon, { type Instance, type Result } from "autocannon";
import { type ShopProcess, startShop } from "../../e2e/src/support/server.ts";

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
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 3_000);
      await exited;
      clearTimeout(timer);
    }
  };
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
  const shop = await startShop({ pageCache, env: { LOG: "json" } });
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

async function fire(url: string, duration: number, headers: Record<string, string>): Promise<Result> {
  current = autocannon({ url, connections: CONNECTIONS, duration, timeout: 10, headers });
  try {
    return await current;
  } finally {
    current = null;
  }
}

/** Checks the target answers as expected, warms it up for WARMUP_S, then measures for DURATION_S. */
async function measure(scenario: string, url: string, opts: { headers?: Record<string, string>; expectCacheHit?: boolean } = {}) {
  const headers = opts.headers ?? {};
  const probe = await fetch(url, { headers });
  await probe.arrayBuffer();
  if (probe.status !== 200) throw new Error(`${scenario}: ${url} answered ${probe.status}`);
  if (WARMUP_S > 0) await fire(url, WARMUP_S, headers);
  if (opts.expectCacheHit) {
    const again = await fetch(url, { headers });
    await again.arrayBuffer();
    if (again.headers.get("x-page-cache") !== "hit") process.stdout.write(`  note: ${scenario} did not report X-Page-Cache: hit\n`);
  }
  process.stdout.write(`  ${scenario}: ${DURATION_S} s, ${CONNECTIONS} connections ...\n`);
  const r = await fire(url, DURATION_S, headers);
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
  const api = await measure("API GET /api/v1/option/filter", `${cached.baseUrl}/api/v1/option/filter`, {
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
  const cachedPeak = cachedRss.peakMb();
  cachedRss.stop();
  rows.push(
    { ...home, rssMb: cachedPeak },
    { ...api, rssMb: cachedPeak },
    { ...content, rssMb: cachedPeak },
    { ...search, rssMb: cachedPeak },
  );
  await cached.stop();

  const uncached = await launchShop("off");
  const uncachedRss = sampleRss(uncached.pid);
  const page = await measure("home '/' uncached (PAGE_CACHE=off)", `${uncached.baseUrl}/`);
  const uncachedPeak = uncachedRss.peakMb();
  uncachedRss.stop();
  rows.push({ ...page, rssMb: uncachedPeak });
  await uncached.stop();

  printTable(rows, bareRow.rps);

  const pct = (rps: number) => (100 * rps) / bareRow.rps;
  const peak = Math.max(cachedPeak ?? 0, uncachedPeak ?? 0);
  const targets: [string, boolean][] = [
    [`home cached >= 30 % of bare req/s (${fmt(pct(home.rps), 1)} %)`, pct(home.rps) >= 30],
    [`home cached p99 < 100 ms (${fmt(home.p99, 1)} ms)`, home.p99 < 100],
    [
      `content page cached >= 30 % of bare req/s, p99 < 100 ms (${fmt(pct(content.rps), 1)} %, ${fmt(content.p99, 1)} ms)`,
      pct(content.rps) >= 30 && content.p99 < 100,
    ],
    [`shop peak RSS < 300 MB (${fmt(peak)} MB)`, peak > 0 && peak < 300],
    [`home uncached >= 1.5 % of bare req/s (${fmt(pct(page.rps), 1)} %)`, pct(page.rps) >= 1.5],
    ["no non-2xx answers or errors", rows.every((r) => r.bad === 0)],
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

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void cleanup().then(() => process.exit(130));
  });
}

try {
  await main();
} catch (err) {
  process.exitCode = 1;
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
} finally {
  await cleanup();
}
