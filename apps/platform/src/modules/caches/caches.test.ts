import type { CacheName, CachesView, CacheView } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShopCaches } from "../../adapters/caches.ts";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";

/**
 * The cache endpoints over the port. The server's own caches are checked through the whole shop
 * (apps/server/src/admin-site-pages.test.ts); here the port is a plain record of two caches.
 */
class TwoCaches implements ShopCaches {
  readonly held: Record<CacheName, string[]> = { pages: ["/|", "/kosarica|"], publicData: ["nav:hr"] };
  cleared: (CacheName | null)[] = [];

  stats(): CacheView[] {
    return (["pages", "publicData"] as const).map((name) => ({
      name,
      entries: this.held[name].length,
      bytes: name === "pages" ? this.held[name].length * 1000 : null,
      hits: 3,
      misses: 1,
      keys: this.held[name],
    }));
  }

  clear(name: CacheName | null): void {
    this.cleared.push(name);
    for (const key of ["pages", "publicData"] as const) if (name === null || name === key) this.held[key] = [];
  }
}

let p: TestPlatform;
let admin: string;
let customer: string;
let content: string;
let settings: string;
const caches = new TwoCaches();

beforeAll(async () => {
  p = await createTestPlatform();
  admin = (await p.login(await p.createUser({ isBackoffice: true }))).accessToken;
  customer = (await p.login(await p.createUser())).accessToken;
  content = (await p.login(await p.createUser({ isBackoffice: true, staffScopes: ["content"] }))).accessToken;
  settings = (await p.login(await p.createUser({ isBackoffice: true, staffScopes: ["settings"] }))).accessToken;
});
afterAll(() => p.close());

describe("without a cache server", () => {
  it("says none is in use, and a clear is not found", async () => {
    const list = await p.call<CachesView>("GET", "/api/v1/cache/list", { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual({ inUse: false, caches: [] });
    const clear = await p.call("POST", "/api/v1/cache/clear", { token: admin, body: {} });
    expect(clear.status).toBe(404);
  });
});

describe("with the server's caches", () => {
  beforeAll(() => {
    p.deps.caches = caches;
  });
  afterAll(() => {
    p.deps.caches = undefined;
  });

  it("lists them with entries, size and hits", async () => {
    const list = await p.call<CachesView>("GET", "/api/v1/cache/list", { token: settings });
    expect(list.status).toBe(200);
    expect(list.body.data.inUse).toBe(true);
    expect(list.body.data.caches.map((c) => [c.name, c.entries, c.bytes])).toEqual([
      ["pages", 2, 2000],
      ["publicData", 1, null],
    ]);
  });

  it("clears one, audited with what it held, then all", async () => {
    const one = await p.call<{ cleared: CacheName[] }>("POST", "/api/v1/cache/clear", { token: settings, body: { name: "publicData" } });
    expect(one.status).toBe(200);
    expect(one.body.data.cleared).toEqual(["publicData"]);
    expect(caches.cleared).toEqual(["publicData"]);
    const all = await p.call<{ cleared: CacheName[] }>("POST", "/api/v1/cache/clear", { token: admin, body: {} });
    expect(all.body.data.cleared).toEqual(["pages", "publicData"]);
    expect(caches.cleared).toEqual(["publicData", null]);
    const rows = await p.db
      .selectFrom("audit_log")
      .select(["entity_id", "action", "before_json"])
      .where("entity", "=", "cache")
      .orderBy("id")
      .execute();
    expect(rows.map((r) => [r.entity_id, r.action, JSON.parse(r.before_json ?? "null")])).toEqual([
      ["publicData", "cache.clear", { publicData: { entries: 1, bytes: null } }],
      ["all", "cache.clear", { pages: { entries: 2, bytes: 2000 }, publicData: { entries: 0, bytes: null } }],
    ]);
  });

  it("refuses an unknown cache and callers without the settings scope, clearing nothing", async () => {
    const before = caches.cleared.length;
    expect((await p.call("POST", "/api/v1/cache/clear", { token: admin, body: { name: "sessions" } })).status).toBe(400);
    expect((await p.call("POST", "/api/v1/cache/clear", { body: {} })).status).toBe(401);
    expect((await p.call("POST", "/api/v1/cache/clear", { token: customer, body: {} })).status).toBe(403);
    const editor = await p.call("POST", "/api/v1/cache/clear", { token: content, body: {} });
    expect(editor.status).toBe(403);
    expect(editor.body.error?.code).toBe("STAFF_SCOPE_MISSING");
    expect((await p.call("GET", "/api/v1/cache/list", { token: content })).status).toBe(403);
    expect(caches.cleared).toHaveLength(before);
  });
});
