import { mkdtempSync, rmSync } from "node:fs";
import { createServer, get } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";
import { createShopServer, type ShopServer } from "./server.ts";

let dir: string;
let shop: ShopServer;
const logLines: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "shop-server-"));
  const config = loadConfig({
    DATABASE_URL: `sqlite:${join(dir, "shop.sqlite")}`,
    SECRET: "s".repeat(40),
    LOG: "json",
    PORT: "3999",
    SEED: "demo",
  });
  shop = await createShopServer(config, { logSink: (line) => logLines.push(line) });
});

afterAll(async () => {
  await shop.close();
  rmSync(dir, { recursive: true, force: true });
});

const nonceOf = (res: Response) => /'nonce-([\w-]+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
/** The page's view key (ADR 31) as the root data carries it to the browser. */
const viewKeyOf = (html: string) => /viewKey\\",\\"([\w-]+)\\"/.exec(html)?.[1] ?? "no view key";

describe("composed server", () => {
  it("seeds the demo data once and reports the credentials", () => {
    expect(shop.seeded?.admin.email).toBe("admin@autopraonica.local");
    expect(shop.seeded?.admin.password.length).toBeGreaterThanOrEqual(12);
  });

  it("serves the home page with security headers and a nonce on every script", async () => {
    const res = await shop.app.request("/");
    expect(res.status).toBe(200);
    const nonce = nonceOf(res);
    expect(nonce).toMatch(/^[\w-]{16,}$/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    expect(res.headers.get("x-request-id")).toBeTruthy();
    const html = await res.text();
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("sends the browser's scripts compressed when it accepts Brotli or gzip, the same bytes once decoded", async () => {
    const html = await (await shop.app.request("/")).text();
    // The framework's chunk: big enough that compressing it must halve it (a tiny chunk may not).
    const script = /"(\/assets\/framework-[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const plain = await shop.app.request(script ?? "");
    expect(plain.headers.get("content-encoding")).toBeNull();
    const bytes = Buffer.from(await plain.arrayBuffer());

    const br = await shop.app.request(script ?? "", { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
    expect(br.headers.get("cache-control")).toContain("immutable");
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brBytes.length).toBeLessThan(bytes.length / 2);
    expect(brotliDecompressSync(brBytes).equals(bytes)).toBe(true);

    const gz = await shop.app.request(script ?? "", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).equals(bytes)).toBe(true);
  });

  it("answers a repeated anonymous page from the cache with a fresh nonce", async () => {
    shop.pageCache.clear();
    const first = await shop.app.request("/?part=cache-test-1");
    const firstNonce = nonceOf(first);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    await first.text();
    const second = await shop.app.request("/?part=cache-test-1");
    const secondNonce = nonceOf(second);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(secondNonce).not.toBe(firstNonce);
    const html = await second.text();
    expect(html).toContain(`nonce="${secondNonce}"`);
    expect(html).not.toContain(firstNonce);
    expect(html).not.toContain("__CSP_NONCE__");
  });

  it("ignores cookies that do not decode instead of failing the page", async () => {
    for (const path of ["/", "/kosarica", "/prijava", "/shop"]) {
      const res = await shop.app.request(path, { headers: { cookie: "accessToken=%; refreshToken=%E0%A4%A; cartId=%zz; protectCode=%" } });
      expect(res.status, path).toBe(200);
      await res.text();
    }
  });

  it("answers /robots.txt with the private pages of every language and the sitemap's address", async () => {
    const res = await shop.app.request("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    for (const path of [
      "/kosarica",
      "/en/cart",
      "/de/einkaufswagen",
      "/naplata",
      "/de/kasse",
      "/profil",
      "/en/profile",
      "/api/",
      "/admin",
    ]) {
      expect(text).toContain(`Disallow: ${path}\n`);
    }
    expect(text).not.toMatch(/Disallow: \/\n/);
    expect(text).toContain("Sitemap: http://localhost:3999/sitemap.xml");
  });

  it("answers /favicon.ico with an icon, and a missing file with a plain 404 that no editor is told about", async () => {
    const icon = await shop.app.request("/favicon.ico");
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toBe("image/x-icon");
    const bytes = Buffer.from(await icon.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon), three images.
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2), bytes.readUInt16LE(4)]).toEqual([0, 1, 3]);
    const missing = await shop.app.request("/apple-touch-icon-precomposed.png");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toContain("text/plain");
    const recorded = await shop.db.db.selectFrom("failed_requests").select("path").where("path", "like", "%apple-touch%").execute();
    expect(recorded).toEqual([]);
  });

  it("keeps no page for an address with query parameters no page is made of", async () => {
    shop.pageCache.clear();
    for (let i = 0; i < 20; i++) {
      const res = await shop.app.request(`/?r${i}=${Math.random().toString(36).slice(2)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-page-cache")).not.toBe("miss");
      await res.text();
    }
    expect(shop.pageCache.bytes).toBe(0);
  });

  it("caches a shop list under the filters it offers, but not under parameters of no list", async () => {
    const html = await (await shop.app.request("/shop")).text();
    const value = /name="miris" value="(\d+)"/.exec(html)?.[1];
    expect(value).toBeDefined();
    shop.pageCache.clear();
    const filtered = `/shop?miris=${value}`;
    expect((await shop.app.request(filtered)).headers.get("x-page-cache")).toBe("miss");
    expect((await shop.app.request(filtered)).headers.get("x-page-cache")).toBe("hit");
    const before = shop.pageCache.bytes;
    const foreign = await shop.app.request(`/shop?miris=${value}&ref=newsletter`);
    expect(foreign.status).toBe(200);
    await foreign.text();
    expect(shop.pageCache.bytes).toBe(before);
  });

  it("serves cache hits over a real socket from the fast lane, with a fresh nonce and the right length", async () => {
    shop.pageCache.clear();
    const server = createServer(shop.listener);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    try {
      const identity = { headers: { "accept-encoding": "identity" } };
      const miss = await fetch(`http://127.0.0.1:${port}/`, identity);
      await miss.text();
      expect(miss.headers.get("x-page-cache")).toBe("miss");
      const hit = await fetch(`http://127.0.0.1:${port}/`, identity);
      const body = await hit.text();
      expect(hit.headers.get("x-page-cache")).toBe("hit");
      expect(Number(hit.headers.get("content-length"))).toBe(Buffer.byteLength(body));
      const nonce = nonceOf(hit);
      expect(nonce).not.toBe(nonceOf(miss));
      expect(body).toContain(`nonce="${nonce}"`);
      expect(hit.headers.get("x-content-type-options")).toBe("nosniff");
      const api = await fetch(`http://127.0.0.1:${port}/api/v1/option/filter`, { headers: { apiKey: DEMO_API_KEY } });
      expect(api.status).toBe(200);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it("sends pages gzipped to browsers that take it: cached ones spliced around a fresh nonce, personal ones compressed as they go", async () => {
    shop.pageCache.clear();
    const gzipped = { headers: { "accept-encoding": "gzip, deflate, br" } };
    const first = await shop.app.request("/?part=gzip-test-1", gzipped);
    const plain = await shop.app.request("/?part=gzip-test-1", { headers: { "accept-encoding": "gzip;q=0, identity" } });
    const html = await plain.text();
    expect(plain.headers.get("x-page-cache")).toBe("hit");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toContain("Accept-Encoding");
    for (const [res, expected] of [
      [first, "miss"],
      [await shop.app.request("/?part=gzip-test-1", gzipped), "hit"],
    ] as const) {
      expect(res.headers.get("x-page-cache")).toBe(expected);
      expect(res.headers.get("content-encoding")).toBe("gzip");
      expect(res.headers.get("vary")).toContain("Accept-Encoding");
      const bytes = Buffer.from(await res.arrayBuffer());
      const text = gunzipSync(bytes).toString();
      expect(viewKeyOf(text)).not.toBe(viewKeyOf(html));
      expect(text).toBe(html.replaceAll(nonceOf(plain) as string, nonceOf(res) as string).replaceAll(viewKeyOf(html), viewKeyOf(text)));
      expect(bytes.length).toBeLessThan(Buffer.byteLength(html) / 3);
    }

    // Over a real socket the fast lane splices too, with the compressed length.
    const server = createServer(shop.listener);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    try {
      const raw = await new Promise<{ headers: Record<string, unknown>; bytes: Buffer }>((resolve, reject) => {
        get({ port, host: "127.0.0.1", path: "/?part=gzip-test-1", headers: { "accept-encoding": "gzip" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
        }).on("error", reject);
      });
      expect(raw.headers["x-page-cache"]).toBe("hit");
      expect(raw.headers["content-encoding"]).toBe("gzip");
      expect(Number(raw.headers["content-length"])).toBe(raw.bytes.length);
      expect(gunzipSync(raw.bytes).toString()).toContain("</html>");
    } finally {
      await new Promise((r) => server.close(r));
    }

    // A logged-in page is rendered for this answer and compressed as it streams.
    const personal = await shop.app.request("/?part=gzip-test-2", { headers: { cookie: "refreshToken=abc", "accept-encoding": "gzip" } });
    expect(personal.headers.get("content-encoding")).toBe("gzip");
    expect(personal.headers.get("content-length")).toBeNull();
    expect(gunzipSync(Buffer.from(await personal.arrayBuffer())).toString()).toContain(`nonce="${nonceOf(personal)}"`);
  });

  it("never caches for a logged-in visitor", async () => {
    const res = await shop.app.request("/?part=cache-test-2", { headers: { cookie: "refreshToken=abc" } });
    expect(shop.pageCache.keyFor("GET", "/", "accessToken=a")).toBeNull();
    expect(shop.pageCache.keyFor("GET", "/?editPage=true", undefined)).toBeNull();
    expect(shop.pageCache.keyFor("POST", "/", undefined)).toBeNull();
    expect(res.headers.get("x-page-cache")).toBeNull();
  });

  it("never serves or stores a page for a visitor with a cart (the header shows their item count)", async () => {
    shop.pageCache.clear();
    const anonymous = await shop.app.request("/?part=cache-test-3");
    await anonymous.text();
    expect(anonymous.headers.get("x-page-cache")).toBe("miss");
    const withCart = await shop.app.request("/?part=cache-test-3", { headers: { cookie: "cartId=7; protectCode=abcdefghijklmnop" } });
    await withCart.text();
    expect(withCart.headers.get("x-page-cache")).toBeNull();
    expect(shop.pageCache.keyFor("GET", "/", "cartId=7")).toBeNull();
    expect(shop.pageCache.keyFor("GET", "/", "protectCode=abcdefghijklmnop")).toBeNull();
    // Only the exact cookie names count, and an emptied (cleared) cookie is no cart.
    expect(shop.pageCache.keyFor("GET", "/", "oldcartId=7; cartId=")).not.toBeNull();
  });

  it("logs one structured line per page request, with its id and no cookies", async () => {
    logLines.length = 0;
    const res = await shop.app.request("/nepostojeca-stranica-xyz", { headers: { cookie: "refreshToken=secret-token-value" } });
    expect(res.status).toBe(404);
    const pageLines = logLines.map((l) => JSON.parse(l)).filter((l) => l.path === "/nepostojeca-stranica-xyz");
    expect(pageLines).toHaveLength(1);
    expect(pageLines[0]).toMatchObject({ level: "info", method: "GET", status: 404, requestId: res.headers.get("x-request-id") });
    expect(logLines.join("\n")).not.toContain("secret-token-value");
  });

  it("mounts the platform API under /api and refuses a wrong apiKey", async () => {
    const ok = await shop.app.request("/api/v1/option/filter", { headers: { apiKey: DEMO_API_KEY } });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { errored: boolean }).errored).toBe(false);
    const wrong = await shop.app.request("/api/v1/option/filter", { headers: { apiKey: "nope" } });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe("INVALID_API_KEY");
  });

  it("clears cached pages when maintenance mode is switched on", async () => {
    await shop.app.request("/");
    const login = await shop.app.request("/api/v1/login", {
      method: "POST",
      headers: { apiKey: DEMO_API_KEY, "content-type": "application/json" },
      body: JSON.stringify({ username: shop.seeded?.admin.email, password: shop.seeded?.admin.password }),
    });
    const token = ((await login.json()) as { data: { tokens: { accessToken: string } } }).data.tokens.accessToken;
    const toggle = (enabled: boolean) =>
      shop.app.request("/api/v1/maintenance", {
        method: "PUT",
        headers: { apiKey: DEMO_API_KEY, accessToken: token, "content-type": "application/json" },
        body: JSON.stringify({ enabled }),
      });
    expect((await toggle(true)).status).toBe(200);
    try {
      const page = await shop.app.request("/");
      expect(page.status).toBe(503);
      const asAdmin = await shop.app.request("/", { headers: { cookie: `accessToken=${token}` } });
      expect(asAdmin.status).toBe(200);
    } finally {
      expect((await toggle(false)).status).toBe(200);
    }
    expect((await shop.app.request("/")).status).toBe(200);
  });
});

describe("configuration", () => {
  it("names the bad variable", () => {
    expect(() => loadConfig({ PORT: "zero", SECRET: "s".repeat(40) })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "zero", SECRET: "s".repeat(40) })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x", SECRET: "s".repeat(40) })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SECRET: "short" })).toThrow(/SECRET/);
  });

  it("seeds the demo shop by default only where nothing says this is a deployment", () => {
    const base = { SECRET: "s".repeat(40) };
    expect(loadConfig(base).seed).toBe("demo");
    expect(loadConfig({ ...base, APP_ENV: "development" }).seed).toBe("demo");
    expect(loadConfig({ ...base, APP_ENV: "production" }).seed).toBe("none");
    expect(loadConfig({ ...base, DATABASE_URL: "postgres://shop@db.example/shop" }).seed).toBe("none");
    expect(loadConfig({ ...base, APP_ENV: "production", SEED: "site" }).seed).toBe("site");
    expect(() => loadConfig({ ...base, SEED: "everything" })).toThrow(/SEED/);
  });

  it("takes reCAPTCHA only with both keys, and names the missing one", () => {
    const base = { SECRET: "s".repeat(40) };
    expect(loadConfig(base).recaptcha).toBeUndefined();
    expect(loadConfig({ ...base, RECAPTCHA_SITE_KEY: "site", RECAPTCHA_SECRET: "secret" }).recaptcha).toEqual({
      siteKey: "site",
      secret: "secret",
    });
    expect(() => loadConfig({ ...base, RECAPTCHA_SITE_KEY: "site" })).toThrow(/RECAPTCHA_SECRET/);
    expect(() => loadConfig({ ...base, RECAPTCHA_SECRET: "secret" })).toThrow(/RECAPTCHA_SITE_KEY: must be set/);
  });
});

describe("several instances on one database (REDIS_URL)", () => {
  it("a content change on one instance clears the cached pages of the other", async () => {
    const shared = mkdtempSync(join(tmpdir(), "shop-pair-"));
    const env = {
      DATABASE_URL: `sqlite:${join(shared, "shop.sqlite")}`,
      SECRET: "s".repeat(40),
      LOG: "silent",
      REDIS_URL: "redis://127.0.0.1:6379",
    };
    const a = await createShopServer(loadConfig({ ...env, SEED: "demo" }));
    const b = await createShopServer(loadConfig({ ...env, SEED: "none" }));
    try {
      await (await b.app.request("/?part=pair-1")).text();
      expect((await b.app.request("/?part=pair-1")).headers.get("x-page-cache")).toBe("hit");
      const login = await a.app.request("/api/v1/login", {
        method: "POST",
        headers: { apiKey: DEMO_API_KEY, "content-type": "application/json" },
        body: JSON.stringify({ username: a.seeded?.admin.email, password: a.seeded?.admin.password }),
      });
      const token = ((await login.json()) as { data: { tokens: { accessToken: string } } }).data.tokens.accessToken;
      const put = await a.app.request("/api/v1/option/CopyrightText", {
        method: "PUT",
        headers: { apiKey: DEMO_API_KEY, accessToken: token, "content-type": "application/json" },
        body: JSON.stringify({ value: "© Promijenjeno na drugoj instanci" }),
      });
      expect(put.status).toBe(200);
      let page = "";
      for (let i = 0; i < 50 && !page.includes("Promijenjeno na drugoj instanci"); i++) {
        await new Promise((r) => setTimeout(r, 20));
        page = await (await b.app.request("/?part=pair-1")).text();
      }
      expect(page).toContain("© Promijenjeno na drugoj instanci");
    } finally {
      await a.close();
      await b.close();
      rmSync(shared, { recursive: true, force: true });
    }
  });
});
