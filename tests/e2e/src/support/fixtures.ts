import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { launchBrowser } from "./browser.ts";
import { type ShopProcess, type StartOptions, startShop } from "./server.ts";

export interface Journey {
  readonly shop: ShopProcess;
  readonly browser: Browser;
  /** A fresh context per test (no cookies shared between tests). */
  readonly context: BrowserContext;
  readonly page: Page;
  /** console.error messages and uncaught page errors seen by `page` during the current test. */
  readonly consoleErrors: string[];
  /** Another isolated context (e.g. a second visitor) that is closed after the test. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
}

export interface JourneyOptions extends StartOptions {
  /** Options for the per-test context (viewport, locale, ...). */
  context?: BrowserContextOptions;
}

/**
 * Registers the hooks of one journey file: a shop child process and a browser for the file,
 * a new browser context and page for each test. Read the fields inside tests only.
 */
export function useJourney(options: JourneyOptions = {}): Journey {
  let shop: ShopProcess | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let extra: BrowserContext[] = [];
  const consoleErrors: string[] = [];

  const need = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`${name} is only available inside a test`);
    return value;
  };

  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShop(options), launchBrowser()]);
  });

  afterAll(async () => {
    await Promise.allSettled([browser?.close(), shop?.stop()]);
  });

  beforeEach(async () => {
    const b = need(browser, "browser");
    context = await b.newContext({ baseURL: need(shop, "shop").baseUrl, locale: "hr-HR", ...options.context });
    context.setDefaultTimeout(10_000);
    context.setDefaultNavigationTimeout(20_000);
    const opened = await context.newPage();
    page = opened;
    consoleErrors.length = 0;
    opened.on("console", (msg) => {
      if (msg.type() === "error") consoleErrors.push(`${msg.text()} @ ${msg.location().url}`);
    });
    opened.on("pageerror", (err) => consoleErrors.push(`pageerror: ${err.message} @ ${opened.url()}`));
  });

  afterEach(async () => {
    await Promise.allSettled([context?.close(), ...extra.map((c) => c.close())]);
    context = undefined;
    page = undefined;
    extra = [];
  });

  return {
    get shop() {
      return need(shop, "shop");
    },
    get browser() {
      return need(browser, "browser");
    },
    get context() {
      return need(context, "context");
    },
    get page() {
      return need(page, "page");
    },
    consoleErrors,
    async newContext(contextOptions?: BrowserContextOptions) {
      const c = await need(browser, "browser").newContext({ baseURL: need(shop, "shop").baseUrl, locale: "hr-HR", ...contextOptions });
      c.setDefaultTimeout(10_000);
      c.setDefaultNavigationTimeout(20_000);
      extra.push(c);
      return c;
    },
  };
}
