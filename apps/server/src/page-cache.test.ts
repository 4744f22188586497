import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { cacheableQuery, cacheNameOf, changeTagsOf, freshPerAnswer, PageCache, PublicDataCache, sizeOf } from "./page-cache.ts";

const NONCE = "n0nce-0123456789abcdef";
const VIEW_KEY = "v1ewkey-0123456789abcd";
const ANSWER = { nonce: NONCE, viewKey: VIEW_KEY };
/** A rendered page of about `kb` KB that does not compress to nothing. */
function rendered(kb: number, seed: number): Response {
  const words = Array.from({ length: kb * 140 }, (_, i) => ((i * 2654435761 + seed) >>> 0).toString(36)).join(" ");
  return new Response(`<html><script nonce="${NONCE}"></script><p>${words}</p></html>`, { headers: { "content-type": "text/html" } });
}

describe("page cache", () => {
  it("is bounded by bytes: storing past the bound drops the oldest pages", async () => {
    const cache = new PageCache(120 * 1024);
    for (let i = 0; i < 4; i++) expect(await cache.store(`/p${i}`, ANSWER, rendered(30, i))).not.toBeNull();
    expect(cache.bytes).toBeLessThanOrEqual(120 * 1024);
    expect(cache.get("/p3")).not.toBeNull();
    expect(cache.get("/p0")).toBeNull();
    // Storing a key again replaces it and does not count it twice.
    const before = cache.bytes;
    await cache.store("/p3", ANSWER, rendered(30, 3));
    expect(cache.bytes).toBe(before);
  });

  it("keeps nothing bigger than the whole bound, and empties its count on clear", async () => {
    const cache = new PageCache(10 * 1024);
    expect(await cache.store("/big", ANSWER, rendered(30, 1))).not.toBeNull();
    expect(cache.get("/big")).toBeNull();
    expect(cache.bytes).toBe(0);
    const roomy = new PageCache();
    await roomy.store("/a", ANSWER, rendered(5, 2));
    expect(roomy.bytes).toBeGreaterThan(5 * 1024);
    roomy.clear();
    expect(roomy.bytes).toBe(0);
    expect(roomy.get("/a")).toBeNull();
  });

  it("does not store a page rendered before a content change cleared the cache", async () => {
    const cache = new PageCache();
    const storing = cache.store("/stale", ANSWER, rendered(5, 3));
    cache.clear();
    expect(await storing).not.toBeNull();
    expect(cache.get("/stale")).toBeNull();
  });

  it("gives every answer its own nonce and forms' view key in their slots, raw and gzipped", async () => {
    const html = `<html><script nonce="${NONCE}"></script><input type="hidden" name="requestKey" value="${VIEW_KEY}.r1">${"<p>Šampon</p>".repeat(500)}<input type="hidden" name="requestKey" value="${VIEW_KEY}.r2"><script nonce="${NONCE}">x</script></html>`;
    const page = await new PageCache().store("/forms", ANSWER, new Response(html, { headers: { "content-type": "text/html" } }));
    expect(page?.slots).toEqual(Uint8Array.from([0, 1, 1, 0]));
    if (!page) return;
    for (const answer of [freshPerAnswer(), freshPerAnswer()]) {
      expect(answer.viewKey).toHaveLength(NONCE.length);
      expect(answer.viewKey).not.toBe(answer.nonce);
      const expected = html.replaceAll(NONCE, answer.nonce).replaceAll(VIEW_KEY, answer.viewKey);
      expect(Buffer.concat(PageCache.render(page, answer, false)).toString()).toBe(expected);
      expect(gunzipSync(Buffer.concat(PageCache.render(page, answer, true))).toString()).toBe(expected);
    }
  });

  it("counts the memory the page really holds: no piece keeps a larger shared block alive", async () => {
    const cache = new PageCache();
    // Many small pieces (a nonce slot every few bytes): Buffer.from and zlib would cut them from shared blocks.
    const html = `<html>${Array.from({ length: 200 }, (_, i) => `<script nonce="${NONCE}">${i}</script>`).join("")}</html>`;
    const page = await cache.store("/many", ANSWER, new Response(html, { headers: { "content-type": "text/html" } }));
    expect(page).not.toBeNull();
    if (!page) return;
    for (const piece of [...page.parts, ...page.gzip.deflated]) expect(piece.buffer.byteLength).toBe(piece.length);
    expect(cache.bytes).toBe(sizeOf(page));
    // 201 pieces of a few bytes each, twice, and their CRC operators: far below 201 shared 8 KB slabs.
    expect(cache.bytes).toBeLessThan(64 * 1024);
  });
});

describe("targeted clearing (ADR 19)", () => {
  /** Pages as the storefront renders them: the kinds are the endpoint groups their loaders call. */
  async function shop() {
    const cache = new PageCache();
    const pages: Record<string, string[]> = {
      "/product/pjena": ["settings", "cms", "catalog", "reviews"],
      "/shop/njega": ["settings", "cms", "catalog"],
      "/categories": ["settings", "cms", "catalog"],
      "/search?q=pjena": ["settings", "cms", "search"],
      "/o-nama": ["settings", "cms"],
      "/events": ["settings", "cms", "events"],
    };
    for (const [i, [key, tags]] of Object.entries(pages).entries()) await cache.store(key, ANSWER, rendered(2, i), {}, new Set(tags));
    const kept = () => Object.keys(pages).filter((key) => cache.get(key) !== null);
    return { cache, kept };
  }

  it("a product's price change drops its page and the category pages, lists and searches that show it, not a content page", async () => {
    const { cache, kept } = await shop();
    const before = cache.bytes;
    cache.invalidate(["products", "product:12"]);
    expect(kept()).toEqual(["/o-nama", "/events"]);
    expect(cache.bytes).toBeLessThan(before);
    expect(cache.bytes).toBeGreaterThan(0);
  });

  it("an option change, or any change of a kind it does not know, still drops every page that shows it: all of them", async () => {
    for (const tags of [["options"], ["reviews"], ["events"], ["consents"], ["categories", "category:3"], ["products", "options"], []]) {
      const { cache, kept } = await shop();
      cache.invalidate(tags);
      expect(kept(), tags.join()).toEqual([]);
      expect(cache.bytes).toBe(0);
    }
  });

  it("a page's publish drops that page at every language's address, and searches; a post's also post lists (ADR 25)", async () => {
    const cache = new PageCache();
    const pages: Record<string, string[]> = {
      "/o-nama": ["settings", "cms", "page:7"],
      "/en/about-us": ["settings", "cms", "page:7"],
      "/kontakt": ["settings", "cms", "page:8"],
      "/blog": ["settings", "cms", "postList"],
      "/search?q=pranje": ["settings", "cms", "search"],
      "/cjenik": ["settings", "cms", "page:9", "master:3"],
    };
    for (const [i, [key, tags]] of Object.entries(pages).entries()) await cache.store(key, ANSWER, rendered(2, i), {}, new Set(tags));
    const kept = () => Object.keys(pages).filter((key) => cache.get(key) !== null);
    cache.invalidate(["page:7"]);
    expect(kept()).toEqual(["/kontakt", "/blog", "/cjenik"]);
    cache.invalidate(["page:12", "postList"]);
    expect(kept()).toEqual(["/kontakt", "/cjenik"]);
    cache.invalidate(["master:3"]);
    expect(kept()).toEqual(["/kontakt"]);
    // Without its id the pages showing it are unknown: all go.
    cache.invalidate(["page"]);
    expect(kept()).toEqual([]);
  });

  it("does not store a page rendered before a targeted change", async () => {
    const cache = new PageCache();
    const storing = cache.store("/shop/njega", ANSWER, rendered(2, 9), {}, new Set(["catalog"]));
    cache.invalidate(["products"]);
    await storing;
    expect(cache.get("/shop/njega")).toBeNull();
  });

  it("reads the tags another instance published; an older instance's message clears everything", () => {
    expect(changeTagsOf(JSON.stringify(["products", "product:12"]))).toEqual(["products", "product:12"]);
    expect(changeTagsOf("changed")).toEqual([]);
    expect(changeTagsOf("[1,2]")).toEqual([]);
  });
});

describe("the figures of the back office's cache page (ADR 22)", () => {
  it("counts hits and misses once per lookup, entries, bytes and the first keys by their address", async () => {
    const cache = new PageCache();
    await cache.store("/kategorije|necessary", ANSWER, rendered(2, 1));
    expect(cache.get("/kategorije|necessary")).not.toBeNull();
    // The server's fast lane looks first and leaves a miss to the app's own look.
    expect(cache.get("/nema|", { countMiss: false })).toBeNull();
    expect(cache.get("/nema|")).toBeNull();
    const stats = cache.stats();
    expect(stats).toMatchObject({ name: "pages", entries: 1, hits: 1, misses: 1, keys: ["/kategorije"] });
    expect(stats.bytes).toBe(cache.bytes);
    cache.clear();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0, keys: [] });
  });

  it("counts the public data cache the same way", () => {
    const data = new PublicDataCache();
    data.set("nav:hr", { items: [] });
    expect(data.get("nav:hr")).toEqual({ items: [] });
    expect(data.get("nav:en")).toBeUndefined();
    expect(data.stats()).toEqual({ name: "publicData", entries: 1, bytes: null, hits: 1, misses: 1, keys: ["nav:hr"] });
  });

  it("reads the clear another instance published: a cache's name or all", () => {
    expect(cacheNameOf("pages")).toBe("pages");
    expect(cacheNameOf("publicData")).toBe("publicData");
    expect(cacheNameOf("all")).toBeNull();
    expect(cacheNameOf("sessions")).toBeUndefined();
  });
});

describe("which query strings may be cached", () => {
  const q = (search: string) => new URLSearchParams(search);

  it("takes paging, search and the shop's controls, and the parameters the route named as its own", () => {
    expect(cacheableQuery(q(""), new Set())).toBe(true);
    expect(cacheableQuery(q("page=2&sort=priceAsc&perPage=24&featured=1"), new Set())).toBe(true);
    expect(cacheableQuery(q("miris=3,4"), new Set(["miris"]))).toBe(true);
  });

  it("refuses anything else: random keys, campaign ids and one-shot tokens never become cache entries", () => {
    expect(cacheableQuery(q("x7f3a=1"), new Set())).toBe(false);
    expect(cacheableQuery(q("page=2&utm_source=news"), new Set())).toBe(false);
    expect(cacheableQuery(q("token=abc"), new Set())).toBe(false);
    expect(cacheableQuery(q("miris=3&boja=2"), new Set(["miris"]))).toBe(false);
  });
});
