import { existsSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { dirname, resolve } from "node:path";
import type { Duplex } from "node:stream";
import { fileURLToPath, pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { type CacheName, localeFromPath } from "@shop/contracts";
import { assertWritable, createDb, type Db, migrateToLatest } from "@shop/db";
import { DEMO_ANALYTICS_SCRIPTS } from "@shop/db/seed/analytics-stubs.ts";
import { DEMO_ASSETS } from "@shop/db/seed/assets.ts";
import { DEMO_API_KEY, type DemoCredentials, seedDemo, seedSite } from "@shop/db/seed/demo.ts";
import { t } from "@shop/i18n";
import type { ShopCaches } from "@shop/platform/adapters/caches.ts";
import { captchaFor } from "@shop/platform/adapters/captcha.ts";
import { captchaSolutionStore } from "@shop/platform/adapters/captcha-solutions.repository.ts";
import { CIS_EMULATOR_PATH, createFiscal } from "@shop/platform/adapters/fiscal/index.ts";
import { smtpMailer } from "@shop/platform/adapters/mail.ts";
import { createMailDispatcher } from "@shop/platform/adapters/mail-dispatcher.ts";
import { databaseMediaStore, folderMediaStore } from "@shop/platform/adapters/media-store.ts";
import { createSocialProviders } from "@shop/platform/adapters/oidc/index.ts";
import { createPaymentEmulator, createPaymentProvider, EMULATOR_PATH } from "@shop/platform/adapters/payments/index.ts";
import { memoryRateLimiter, redisRateLimiter } from "@shop/platform/adapters/rate-limit.ts";
import { createApp } from "@shop/platform/app.ts";
import { hashPassword } from "@shop/platform/auth/password.ts";
import type { PlatformDeps } from "@shop/platform/http/context.ts";
import type { LogSink } from "@shop/platform/http/logger.ts";
import { createLogger, type Logger, silentLogger } from "@shop/platform/http/logger.ts";
import { REQUEST_ID_HEADER, requestIdFrom } from "@shop/platform/http/request-id.ts";
import { startOrderJobs } from "@shop/platform/jobs.ts";
import { createMediaApp } from "@shop/platform/modules/media/media.serve.ts";
import { orderMailAttachments, providerUrls } from "@shop/platform/modules/orders/index.ts";
import { firstSiteApiKey } from "@shop/platform/modules/settings/index.ts";
import type { ShopContext } from "@shop/storefront/app/context.ts";
import { Hono } from "hono";
import { sql } from "kysely";
import { createRequestHandler, type ServerBuild } from "react-router";
import { pageAddressAlias } from "./canonical-address.ts";
import { forwardedClient } from "./client-address.ts";
import { acceptsGzip, varyOnEncoding } from "./compression.ts";
import type { Config } from "./config.ts";
import { checkFormPost } from "./form-posts.ts";
import { createHealth, type Health } from "./health.ts";
import { Limiter } from "./limiter.ts";
import { pageRequest } from "./log.ts";
import {
  type CachedPage,
  cacheableQuery,
  cacheNameOf,
  changeTagsOf,
  freshPerAnswer,
  PageCache,
  type PerAnswer,
  PublicDataCache,
} from "./page-cache.ts";
import { connectRedis, safeRedisUrl } from "./redis.ts";
import { type CspExtra, mergeCsp, pageSecurityHeaders, RECAPTCHA_CSP } from "./security-headers.ts";
import { faviconIco, robotsTxt } from "./site-files.ts";
import { NO_SHOP_YET, StartupError } from "./startup-error.ts";

/**
 * Server renders at once; the rest wait their turn. Fifty renders interleaving on one thread finish
 * no sooner, and their garbage together swells the heap.
 */
const RENDER_CONCURRENCY = 4;
const STATIC_FILE = /^\/[\w\-/.]+\.(svg|png|jpe?g|webp|avif|ico|txt|webmanifest)$/;
const here = dirname(fileURLToPath(import.meta.url));
export const STOREFRONT_DIR = resolve(here, "../../storefront");

/** What the composing app keeps per request (the platform reads clientIp too). */
type ServerEnv = { Variables: { clientIp: string } };

export interface ShopServer {
  app: Hono<ServerEnv>;
  /** The node:http listener to serve with: the cache fast lane in front of the app. */
  listener: (req: IncomingMessage, res: ServerResponse) => void;
  /** Development only: the HTTP server's upgrades, for Vite's hot-reload socket. */
  upgrade?: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  db: Db;
  pageCache: PageCache;
  /** /healthz and /readyz; `drain()` on shutdown. */
  health: Health;
  logger: Logger;
  /** Credentials of the demo users when this start seeded them (printed once, never logged). */
  seeded: DemoCredentials | null;
  /** Whether this start made the business's site (SEED=site), which has no users yet. */
  siteSeeded: boolean;
  close(): Promise<void>;
}

const CONTENT_CHANNEL = "shop:content-changed";
/** A clear from the back office's cache page: the cache's name, or "all". */
const CACHE_CLEAR_CHANNEL = "shop:cache-clear";

/** The database named for an operator: SQLite's file, or PostgreSQL's host and database (no password). */
export function describeDatabase(url: string): string {
  if (url.startsWith("sqlite:")) return resolve(url.slice("sqlite:".length));
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
}

function openDatabase(url: string): Db {
  try {
    return createDb(url);
  } catch (err) {
    throw new StartupError(`DATABASE_URL: ${describeDatabase(url)} cannot be opened (${(err as Error).message}).`);
  }
}

/** How long the start waits for the database or Redis to answer (PostgreSQL's driver would wait for ever). */
const CONNECT_TIMEOUT_MS = 10_000;

/** Whether the database answers at all, before anything asks more of it: said as not reached, not as a failed migration or write. */
async function assertReachable(handle: Db, url: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      sql`select 1`.execute(handle.db),
      new Promise(
        (_, reject) => (timer = setTimeout(reject, CONNECT_TIMEOUT_MS, new Error(`no answer in ${CONNECT_TIMEOUT_MS / 1000} s`))),
      ),
    ]);
  } catch (err) {
    void handle.destroy().catch(() => {});
    const reason = err instanceof Error ? err.message : String(err);
    throw new StartupError(`DATABASE_URL: the database at ${describeDatabase(url)} cannot be reached (${reason.split("\n")[0]}).`);
  } finally {
    clearTimeout(timer);
  }
}

type StorefrontEntry = { makeLoadContext(value: ShopContext): unknown };

/** Composes the platform API, media and the storefront into one Hono app on one database. */
export async function createShopServer(config: Readonly<Config>, options: { logSink?: LogSink; dev?: boolean } = {}): Promise<ShopServer> {
  const handle = openDatabase(config.databaseUrl);
  await assertReachable(handle, config.databaseUrl);
  try {
    await assertWritable(handle.db);
  } catch (err) {
    await handle.destroy();
    throw new StartupError(`DATABASE_URL: ${describeDatabase(config.databaseUrl)} takes no writes (${(err as Error).message}).`);
  }
  const logger = config.log === "silent" ? silentLogger : createLogger(options.logSink, config.log);
  const redis = config.redisUrl ? connectRedis(config.redisUrl, logger) : null;
  // Several instances without their shared Redis would each count and cache alone: said at once,
  // before the seed, whose passwords are shown only on the start that makes them.
  try {
    await redis?.ready(CONNECT_TIMEOUT_MS / 2);
  } catch (err) {
    redis?.close();
    await handle.destroy();
    throw new StartupError(
      `REDIS_URL: Redis at ${safeRedisUrl(config.redisUrl ?? "")} does not answer (${(err as Error).message}); start it, or unset REDIS_URL for a single instance.`,
    );
  }
  const health = createHealth(handle, redis);
  await migrateToLatest(handle.db, handle.dialect);
  const seeded = config.seed === "demo" ? await seedDemo(handle.db, { hashPassword }) : null;
  const siteSeeded = config.seed === "site" && (await seedSite(handle.db, config.publicUrl));

  const pageCache = new PageCache();
  const publicData = new PublicDataCache();
  // The shared platform answers are short-lived and cheap to fetch again: any change empties them.
  const dropChanged = (tags: readonly string[]) => {
    pageCache.invalidate(tags);
    publicData.clear();
  };
  // Several instances share one database: a change made on one must drop the same pages on every
  // instance. The message carries the change's tags; one that does not parse clears everything.
  await redis?.subscribe(CONTENT_CHANNEL, (message) => dropChanged(changeTagsOf(message)));
  const clearHere = (name: CacheName | null) => {
    if (name !== "publicData") pageCache.clear();
    if (name !== "pages") publicData.clear();
  };
  await redis?.subscribe(CACHE_CLEAR_CHANNEL, (message) => {
    const name = cacheNameOf(message);
    if (name !== undefined) clearHere(name);
  });
  // SPEC §2: the cache page is there only when a cache server is in use, i.e. the page cache is on (ADR 22).
  const caches: ShopCaches | undefined = config.pageCache
    ? {
        stats: () => [pageCache.stats(), publicData.stats()],
        clear: (name) => {
          clearHere(name);
          redis?.client.publish(CACHE_CLEAR_CHANNEL, name ?? "all").catch(redis.failed);
        },
      }
    : undefined;
  // The emulator is reached in process (the platform's provider calls and its callbacks alike).
  const emulated = config.payments.provider !== "none" && config.payments.env === "emulator";
  const inProcess = (url: string, init?: RequestInit) => Promise.resolve(app.request(url, init));
  const payments = createPaymentProvider(config.payments, emulated ? { fetch: inProcess } : {});
  const fiscal = createFiscal(config.fiscal, config.fiscal.mode === "cis" && config.fiscal.env === "emulator" ? { fetch: inProcess } : {});
  const mail = createMailDispatcher({
    db: handle.db,
    mailer: config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : null,
    logger,
    renderers: orderMailAttachments(handle.db),
  });
  const platformDeps: PlatformDeps = {
    db: handle.db,
    dialect: handle.dialect,
    config: {
      secret: config.secret,
      publicUrl: config.publicUrl,
      production: config.production,
      demoApiKey: config.seed === "demo" ? DEMO_API_KEY : undefined,
      orderExpiryMinutes: config.orderExpiryMinutes,
      receiptAlertHours: config.receiptAlertHours,
    },
    mail,
    payments,
    fiscal: fiscal.fiscalizer,
    media: config.mediaStore === "database" ? databaseMediaStore(handle.db) : folderMediaStore(config.mediaDir),
    social: createSocialProviders(config.social),
    captcha: captchaFor(config.recaptcha, { secret: config.secret, store: captchaSolutionStore(handle.db) }),
    limiter: redis ? redisRateLimiter(redis.client, { fallback: memoryRateLimiter(), onError: redis.failed }) : memoryRateLimiter(),
    logger,
    onContentChange: (tags) => {
      dropChanged(tags);
      redis?.client.publish(CONTENT_CHANNEL, JSON.stringify(tags)).catch(redis.failed);
    },
    caches,
  };
  const platform = createApp(platformDeps);

  // `npm run dev`: Vite renders the storefront from its sources and reloads what changes; production never loads Vite.
  const dev = options.dev ? await (await import("./dev-server.ts")).createDevStorefront(STOREFRONT_DIR, () => pageCache.clear()) : null;
  const build = dev ? dev.build : await builtStorefront();
  const renderPage = createRequestHandler(build, config.production ? "production" : "development");
  const apiKey = await firstSiteApiKey(handle.db);
  if (!apiKey) throw new StartupError(NO_SHOP_YET);

  const app = new Hono<ServerEnv>();
  // The client address comes from the socket (or the proxy when TRUST_PROXY), never from a header we did
  // not set. It travels as a context variable: setting a request header would make the server build a
  // full Request for every call.
  app.use(async (c, next) => {
    const forwarded = forwardedClient(c.req.header("x-forwarded-for"), config.trustProxy);
    let ip = forwarded ?? "local";
    if (!forwarded) {
      try {
        ip = getConnInfo(c).remote.address ?? "local";
      } catch {
        // app.request() in tests has no socket.
      }
    }
    c.set("clientIp", ip);
    await next();
  });
  // Before the answer exists (Hono merges it in; set after, it would copy the answer). Pages set
  // their own security headers, nosniff included.
  app.use(async (c, next) => {
    c.header("X-Content-Type-Options", "nosniff");
    await next();
  });
  app.route("/api", platform);
  app.route("/media", createMediaApp(platformDeps, { mediaDir: config.mediaDir }));
  if (emulated && payments) {
    const urls = providerUrls(platformDeps.config.publicUrl, payments.name);
    const merchant = { successUrl: urls.success, cancelUrl: urls.cancel, callbackUrl: urls.callback };
    app.route(`${EMULATOR_PATH}/${payments.name}`, createPaymentEmulator({ provider: payments.name, merchant, deliver: inProcess }));
  }
  if (fiscal.emulator) app.route(CIS_EMULATOR_PATH, fiscal.emulator.app);
  const jobs = startOrderJobs(platformDeps);

  const clientDir = dev ? dev.publicDir : resolve(STOREFRONT_DIR, "build/client");
  app.use(
    "/assets/*",
    serveStatic({
      root: clientDir,
      // The build wrote Brotli and gzip copies of the scripts and styles (vite.config.ts).
      precompressed: true,
      onFound: (_p, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  // The demo's logos stay plain SVG files (they blur when rasterised); its pictures are media rows.
  for (const [path, svg] of Object.entries(DEMO_ASSETS)) {
    if (path.startsWith("/media/")) continue;
    app.get(path, (c) => c.body(svg, 200, { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=3600" }));
  }
  // The demo's analytics options load these after consent (see the seed).
  for (const { path, body } of Object.values(DEMO_ANALYTICS_SCRIPTS)) {
    app.get(path, (c) => c.body(body, 200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=3600" }));
  }

  const robots = robotsTxt(config.publicUrl);
  app.get("/robots.txt", (c) =>
    c.body(robots, 200, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" }),
  );
  let favicon: Promise<Buffer> | undefined;
  app.get("/favicon.ico", async (c) => {
    favicon ??= faviconIco(clientDir);
    return c.body(new Uint8Array(await favicon), 200, { "Content-Type": "image/x-icon", "Cache-Control": "public, max-age=86400" });
  });
  // Other public files (logos, demo images); only file-like paths touch the disk. A missing file is
  // a plain 404: no page is rendered and no editor is told of a failed page.
  const publicFiles = serveStatic({ root: clientDir, onFound: (_p, c) => c.header("Cache-Control", "public, max-age=3600") });
  app.use("*", async (c, next) => {
    if (!STATIC_FILE.test(c.req.path)) return next();
    return (await publicFiles(c, async () => {})) ?? c.text("Not found", 404);
  });

  const callPlatform = (path: string, init: RequestInit) => Promise.resolve(platform.fetch(new Request(`http://platform${path}`, init)));

  const renders = new Limiter(RENDER_CONCURRENCY);
  // Integrations of the configuration itself, on every page; the pages add their own (analytics).
  const integrationsCsp: CspExtra = config.recaptcha ? RECAPTCHA_CSP : {};

  const logPage = (requestId: string, method: string, path: string, status: number, started: number, cache: string) =>
    logger.info({ requestId, method, path, status, ms: Math.round((performance.now() - started) * 10) / 10, cache });

  /** A cached page's response headers: fresh nonce and request id, the security headers, no rendering. */
  const cachedHeaders = (page: CachedPage, nonce: string, requestId: string, cache: "hit" | "miss", gzip: boolean) => {
    const headers: Record<string, string> = {
      ...Object.fromEntries(page.headers),
      ...pageSecurityHeaders(nonce, config.production, page.csp),
      "X-Request-Id": requestId,
      "X-Page-Cache": cache,
    };
    headers.vary = varyOnEncoding(headers.vary);
    if (gzip) headers["Content-Encoding"] = "gzip";
    return headers;
  };

  const cachedResponse = (page: CachedPage, answer: PerAnswer, requestId: string, cache: "hit" | "miss", gzip: boolean) =>
    new Response(Buffer.concat(PageCache.render(page, answer, gzip)) as Uint8Array<ArrayBuffer>, {
      status: page.status,
      headers: cachedHeaders(page, answer.nonce, requestId, cache, gzip),
    });

  const publicAddress = new URL(config.publicUrl);
  const publicOrigin = publicAddress.origin;
  const socialCallbackOrigins = new Set(config.social.filter((p) => p.apple).map((p) => new URL(p.issuer).origin));

  app.all("*", async (c) => {
    let req = c.req.raw;
    const started = performance.now();
    const requestId = requestIdFrom(req.headers.get(REQUEST_ID_HEADER));
    const answer = freshPerAnswer();
    const { nonce } = answer;
    const url = new URL(req.url);
    if (req.method !== "GET" && req.method !== "HEAD") {
      const checked = await checkFormPost(req, publicOrigin, socialCallbackOrigins);
      if ("refusal" in checked) {
        const { status, key } = checked.refusal;
        logPage(requestId, req.method, url.pathname, status, started, "refused");
        return new Response(t(localeFromPath(url.pathname), key), {
          status,
          headers: {
            ...pageSecurityHeaders(nonce, config.production),
            "Content-Type": "text/plain; charset=utf-8",
            "X-Request-Id": requestId,
          },
        });
      }
      req = checked.request;
    }
    const cacheKey = config.pageCache
      ? pageCache.keyFor(req.method, url.pathname + url.search, req.headers.get("cookie") ?? undefined)
      : null;
    const gzip = acceptsGzip(req.headers.get("accept-encoding"));
    const cached = cacheKey ? pageCache.get(cacheKey) : null;
    if (cached) {
      logPage(requestId, req.method, url.pathname, cached.status, started, "hit");
      return cachedResponse(cached, answer, requestId, "hit", gzip);
    }
    const queryKeys = new Set<string>();
    const cacheTags = new Set<string>();
    const csp = { connect: new Set<string>(), img: new Set<string>(), frame: new Set<string>(), form: new Set<string>() };
    const { entry } = typeof build === "function" ? await build() : build;
    const loadContext = (entry.module as unknown as StorefrontEntry).makeLoadContext({
      queryKeys,
      cacheTags,
      csp,
      platform: callPlatform,
      requestId,
      apiKey,
      nonce,
      viewKey: answer.viewKey,
      clientIp: c.get("clientIp"),
      production: config.production,
      publicUrl: config.publicUrl,
      publicData,
      cacheServer: config.pageCache,
    });
    const res = await renders.run(() => pageRequest.run(requestId, () => renderPage(req, loadContext as Parameters<typeof renderPage>[1])));
    const pageCsp = mergeCsp(integrationsCsp, { connect: [...csp.connect], img: [...csp.img], frame: [...csp.frame], form: [...csp.form] });
    const stored =
      cacheKey && cacheableQuery(url.searchParams, queryKeys) ? await pageCache.store(cacheKey, answer, res, pageCsp, cacheTags) : null;
    if (stored) {
      logPage(requestId, req.method, url.pathname, stored.status, started, "miss");
      return cachedResponse(stored, answer, requestId, "miss", gzip);
    }
    const headers = new Headers(res.headers);
    for (const [k, v] of Object.entries(pageSecurityHeaders(nonce, config.production, pageCsp))) headers.set(k, v);
    headers.set("X-Request-Id", requestId);
    let body = res.body;
    // Personal pages (a login, a cart) are rendered for each answer, so they are compressed for each.
    if (body && (headers.get("content-type") ?? "").startsWith("text/html")) {
      headers.set("Vary", varyOnEncoding(headers.get("vary")));
      if (gzip) {
        body = body.pipeThrough(new CompressionStream("gzip"));
        headers.set("Content-Encoding", "gzip");
        headers.delete("Content-Length");
      }
    }
    logPage(requestId, req.method, url.pathname, res.status, started, cacheKey ? "skip" : "off");
    return new Response(body, { status: res.status, statusText: res.statusText, headers });
  });

  /**
   * The fast lane for the busiest answer: a cached anonymous page goes straight from the cache to
   * the socket, without building a Request or Response. Everything else takes the Hono app.
   */
  const honoListener = getRequestListener(app.fetch);
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    if (health.answer(req, res)) return;
    const alias = pageAddressAlias(req, publicAddress);
    if (alias) {
      res.writeHead(302, { Location: alias, "Cache-Control": "no-store" });
      res.end();
      return;
    }
    const key = config.pageCache ? pageCache.keyFor(req.method ?? "", req.url ?? "", req.headers.cookie) : null;
    // A miss goes on to the app, which looks again and counts it.
    const page = key ? pageCache.get(key, { countMiss: false }) : null;
    if (!page) {
      honoListener(req, res);
      return;
    }
    const started = performance.now();
    const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER] as string | undefined);
    const answer = freshPerAnswer();
    const gzip = acceptsGzip(req.headers["accept-encoding"]);
    const chunks = PageCache.render(page, answer, gzip);
    const length = chunks.reduce((n, chunk) => n + chunk.length, 0);
    res.writeHead(page.status, { ...cachedHeaders(page, answer.nonce, requestId, "hit", gzip), "Content-Length": String(length) });
    // Written piece by piece around the nonce and view key: no per-request copy of the whole page.
    res.cork();
    for (const chunk of chunks) res.write(chunk);
    res.end();
    res.uncork();
    logPage(requestId, "GET", (req.url ?? "").split("?")[0] ?? "", page.status, started, "hit");
  };

  return {
    app,
    listener: dev ? dev.listener(listener) : listener,
    upgrade: dev?.upgrade,
    db: handle,
    pageCache,
    health,
    logger,
    seeded,
    siteSeeded,
    async close() {
      redis?.close();
      await jobs.stop();
      await mail.stop();
      await handle.destroy();
      await dev?.close();
    },
  };
}

async function builtStorefront(): Promise<ServerBuild> {
  const buildFile = resolve(STOREFRONT_DIR, "build/server/index.js");
  if (!existsSync(buildFile)) throw new Error("The storefront is not built: run `npm run build` first.");
  return (await import(pathToFileURL(buildFile).href)) as ServerBuild;
}
