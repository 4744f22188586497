import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import { afterAll, beforeAll } from "vitest";
import { loadConfig } from "./config.ts";
import { createShopServer, type ShopServer } from "./server.ts";

/**
 * The composed server for tests: the demo shop on a fresh SQLite file of its own, pages and API
 * reached with `shop.app.request()` (no socket). Storefront loaders and actions are tested through
 * it in-process, as a browser would reach them, without starting a browser.
 */
export interface TestShop extends ShopServer {
  /** Posts a form the way a browser on this site does (same origin); a field given a list is repeated (checkboxes). */
  postForm(path: string, fields: Record<string, string | string[]>, cookies?: CookieJar): Promise<Response>;
  /** GETs a page with the jar's cookies. */
  get(path: string, cookies?: CookieJar): Promise<Response>;
  stop(): Promise<void>;
}

export async function createTestShop(
  env: Record<string, string> = {},
  options: { logSink?: (line: string) => void } = {},
): Promise<TestShop> {
  const dir = mkdtempSync(join(tmpdir(), "shop-test-"));
  // The demo shop unless a test says otherwise (a configured database alone would seed nothing).
  const config = loadConfig({
    DATABASE_URL: `sqlite:${join(dir, "shop.sqlite")}`,
    SECRET: "s".repeat(40),
    LOG: "silent",
    SEED: "demo",
    ...env,
  });
  const shop = await createShopServer(config, { logSink: options.logSink ?? (() => {}) });
  const send = async (path: string, init: RequestInit, cookies?: CookieJar) => {
    const headers = new Headers(init.headers);
    if (cookies?.header()) headers.set("cookie", cookies.header());
    const res = await shop.app.request(path, { ...init, headers });
    cookies?.take(res);
    return res;
  };
  return Object.assign(shop, {
    postForm: (path: string, fields: Record<string, string | string[]>, cookies?: CookieJar) =>
      send(
        path,
        {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", "sec-fetch-site": "same-origin" },
          body: formBody(fields),
        },
        cookies,
      ),
    get: (path: string, cookies?: CookieJar) => send(path, {}, cookies),
    async stop() {
      await shop.close();
      rmSync(dir, { recursive: true, force: true });
    },
  });
}

/**
 * The test shop of one test file: started before its tests, stopped after them. What it answers stands
 * for the shop inside the tests (the shop does not exist yet when the file's code runs).
 */
export function useTestShop(env: Record<string, string> = {}): TestShop {
  let shop: TestShop | undefined;
  beforeAll(async () => {
    shop = await createTestShop(env);
  });
  afterAll(() => shop?.stop());
  return new Proxy({} as TestShop, {
    get(_, name) {
      if (!shop) throw new Error("the test shop starts in beforeAll: use it inside the tests");
      const value = Reflect.get(shop, name);
      return typeof value === "function" ? value.bind(shop) : value;
    },
  });
}

/** A call to the platform's API (`/api` + `path`) with the demo's key, as the storefront makes it: the answer's status and data. */
export async function apiCall<T>(
  shop: ShopServer,
  method: string,
  path: string,
  token: string | undefined,
  body?: unknown,
): Promise<{ status: number; data: T }> {
  const res = await shop.app.request(`/api${path}`, {
    method,
    headers: { apiKey: DEMO_API_KEY, "content-type": "application/json", ...(token ? { accessToken: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T };
  return { status: res.status, data: json.data };
}

/** A text as React's server renderer escapes it in the page. */
export const html = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&#x27;");

/** A form's fields as the browser encodes them; a field given a list is repeated (checkboxes). */
export function formBody(fields: Record<string, string | string[]>): string {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  return body.toString();
}

/** A browser's cookies for one site: what answers set, sent back with later requests. */
export class CookieJar {
  readonly #values = new Map<string, string>();

  /** Keeps the cookies an answer sets; one set to expire is dropped. */
  take(res: Response): void {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired) this.#values.delete(name);
      else this.#values.set(name, pair.slice(eq + 1));
    }
  }

  get(name: string): string | undefined {
    const raw = this.#values.get(name);
    return raw === undefined ? undefined : decodeURIComponent(raw);
  }

  set(name: string, value: string): void {
    this.#values.set(name, encodeURIComponent(value));
  }

  header(): string {
    return [...this.#values].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}
