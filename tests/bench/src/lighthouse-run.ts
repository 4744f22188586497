/**
 * Lighthouse in the journeys' Chromium (tests/e2e/src/support/browser.ts): one browser for the
 * whole page bench, driven over its DevTools port; the figures of one run read from Lighthouse's
 * own result (category scores, metrics, and the network records of the page load).
 */
import { get } from "node:http";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { CHROMIUM_ARGS, type ChromiumChoice } from "../../e2e/src/support/browser.ts";

/** The four categories the bench reports; their ids in Lighthouse's result. */
export const CATEGORIES = {
  performance: "performance",
  accessibility: "accessibility",
  bestPractices: "best-practices",
  seo: "seo",
} as const;
export type Category = keyof typeof CATEGORIES;

/**
 * One Lighthouse run of one page: scores 0-100, times in ms, sizes in KB (1024 bytes). "Gzip" is
 * each file's body as the shop sends it to a browser that takes only gzip (the unit of the
 * targets); "transferred" is what Chromium received (brotli where the shop has it, headers included).
 */
export interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsGzipKb: number;
  jsTransferredKb: number;
  scriptRequests: number;
  cssGzipKb: number;
  cssTransferredKb: number;
  /** The stylesheets that block the first paint (Lighthouse's render-blocking insight) and their gzip bytes. */
  renderBlockingStylesheets: number;
  firstPaintCssGzipKb: number;
}

/** An audit of a scored category below full marks: why a score is under 100. */
export interface Shortfall {
  category: Category;
  id: string;
  title: string;
  /** The first column's texts of the audit's table, where they are texts (e.g. the kinds of issues logged). */
  items: string[];
}

export interface RunResult {
  figures: RunFigures;
  shortfalls: Shortfall[];
  /** The environment Lighthouse saw (for the printout and the JSON). */
  lighthouseVersion: string;
  userAgent: string;
  formFactor: string;
  throttlingMethod: string;
  benchmarkIndex: number;
}

export interface Browser {
  port: number;
  /** One DevTools command to the browser itself (not a page), e.g. Storage.setCookies. */
  send(method: string, params?: object): Promise<unknown>;
  close(): void;
}

/**
 * Starts the chosen Chromium with the journeys' flags plus headless mode (`--headless=new`: a full
 * Chromium needs it without a display; the packaged headless shell takes it as given) and opens
 * one DevTools connection to the browser.
 */
export async function launchChromium(choice: ChromiumChoice): Promise<Browser> {
  const chrome = await chromeLauncher.launch({
    chromePath: choice.path,
    chromeFlags: [...CHROMIUM_ARGS, "--headless=new"],
    logLevel: "silent",
    // The bench stops the browser itself, together with the shop.
    handleSIGINT: false,
  });
  try {
    const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { webSocketDebuggerUrl: string };
    const socket = new WebSocket(version.webSocketDebuggerUrl);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener("open", () => resolve(), { once: true });
      socket.addEventListener("error", () => reject(new Error("no DevTools connection to Chromium")), { once: true });
    });
    const pending = new Map<number, (answer: { result?: unknown; error?: { message: string } }) => void>();
    socket.addEventListener("message", (event) => {
      const answer = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
      if (answer.id !== undefined) pending.get(answer.id)?.(answer);
    });
    let nextId = 0;
    return {
      port: chrome.port,
      send(method, params = {}) {
        const id = ++nextId;
        return new Promise((resolve, reject) => {
          pending.set(id, (answer) => {
            pending.delete(id);
            if (answer.error) reject(new Error(`${method}: ${answer.error.message}`));
            else resolve(answer.result);
          });
          socket.send(JSON.stringify({ id, method, params }));
        });
      },
      close() {
        socket.close();
        chrome.kill();
      },
    };
  } catch (error) {
    chrome.kill();
    throw error;
  }
}

/** Lighthouse's own defaults stand (mobile, simulated throttling); only the reporting is narrowed. */
function flags(port: number, extra: Flags): Flags {
  return { port, output: "json", logLevel: "error", ...extra };
}

/** Runs Lighthouse once; anything that keeps it from measuring the page (an error page included) throws. */
async function run(url: string, port: number, extra: Flags): Promise<Result> {
  const result = await lighthouse(url, flags(port, extra));
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const document = networkRequests(lhr).find((r) => r.resourceType === "Document" && r.url === lhr.mainDocumentUrl);
  if (document?.statusCode !== 200) throw new Error(`${url} answered ${document?.statusCode ?? "nothing"} in Chromium`);
  return lhr;
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
  statusCode?: number;
}

function networkRequests(lhr: Result): NetworkRequest[] {
  const details = lhr.audits["network-requests"]?.details;
  return details?.type === "table" ? (details.items as unknown as NetworkRequest[]) : [];
}

/** One load of the page in the same mobile emulation, so the server has rendered and sized what the runs ask for. */
export async function warmUp(url: string, port: number): Promise<void> {
  await run(url, port, { onlyAudits: ["network-requests"] });
}

const KB = 1024;

/** The body's length as the shop sends it with `Accept-Encoding: gzip` (node:http leaves it compressed). */
function gzipBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
      let length = 0;
      res.on("data", (chunk: Buffer) => {
        length += chunk.length;
      });
      res.on("end", () => (res.statusCode === 200 ? resolve(length) : reject(new Error(`${url} answered ${res.statusCode}`))));
      res.on("error", reject);
    }).on("error", reject);
  });
}

async function gzipKb(list: NetworkRequest[]): Promise<number> {
  const sizes = await Promise.all(list.map((r) => gzipBytes(r.url)));
  return sizes.reduce((sum, size) => sum + size, 0) / KB;
}

const withoutFragment = (url: string) => url.split("#")[0];

export async function measurePage(url: string, port: number): Promise<RunResult> {
  const lhr = await run(url, port, { onlyCategories: Object.values(CATEGORIES) });
  const score = (category: Category) => {
    const value = lhr.categories[CATEGORIES[category]]?.score;
    if (typeof value !== "number") throw new Error(`Lighthouse gave ${url} no ${category} score`);
    return Math.round(value * 100);
  };
  const metric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== "number") throw new Error(`Lighthouse gave ${url} no ${id}`);
    return value;
  };
  const requests = networkRequests(lhr);
  const ofType = (type: string) => requests.filter((r) => r.resourceType === type);
  const transferredKb = (list: NetworkRequest[]) => list.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / KB;
  const stylesheets = ofType("Stylesheet");
  const blocking = lhr.audits["render-blocking-insight"]?.details;
  // The insight's URLs can carry a bare '#'.
  const blockingUrls = new Set(blocking?.type === "table" ? blocking.items.map((item) => withoutFragment(String(item.url))) : []);
  const blockingSheets = stylesheets.filter((r) => blockingUrls.has(withoutFragment(r.url)));
  const scripts = ofType("Script");
  return {
    figures: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("bestPractices"),
      seo: score("seo"),
      fcpMs: metric("first-contentful-paint"),
      lcpMs: metric("largest-contentful-paint"),
      tbtMs: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
      jsGzipKb: await gzipKb(scripts),
      jsTransferredKb: transferredKb(scripts),
      scriptRequests: scripts.length,
      cssGzipKb: await gzipKb(stylesheets),
      cssTransferredKb: transferredKb(stylesheets),
      renderBlockingStylesheets: blockingSheets.length,
      firstPaintCssGzipKb: await gzipKb(blockingSheets),
    },
    shortfalls: shortfalls(lhr),
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment.hostUserAgent,
    formFactor: lhr.configSettings.formFactor,
    throttlingMethod: lhr.configSettings.throttlingMethod,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** The weighted audits below full marks in the categories scored as all-or-nothing targets. */
function shortfalls(lhr: Result): Shortfall[] {
  const found: Shortfall[] = [];
  for (const category of ["accessibility", "bestPractices", "seo"] as const) {
    for (const ref of lhr.categories[CATEGORIES[category]]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && typeof audit.score === "number" && audit.score < 1) {
        found.push({ category, id: ref.id, title: audit.title, items: tableTexts(audit.details) });
      }
    }
  }
  return found;
}

function tableTexts(details: Result["audits"][string]["details"]): string[] {
  if (details?.type !== "table") return [];
  const key = details.headings[0]?.key;
  const texts = details.items.map((item) => (key ? item[key] : undefined)).filter((v): v is string => typeof v === "string");
  return [...new Set(texts)];
}
