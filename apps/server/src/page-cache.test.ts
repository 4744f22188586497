import { describe, expect, it } from "vitest";
import { PageCache } from "./page-cache.ts";

const NONCE = "n0nce-0123456789abcdef";
/** A rendered page of about `kb` KB that does not compress to nothing. */
function rendered(kb: number, seed: number): Response {
  const words = Array.from({ length: kb * 140 }, (_, i) => ((i * 2654435761 + seed) >>> 0).toString(36)).join(" ");
  return new Response(`<html><script nonce="${NONCE}"></script><p>${words}</p></html>`, { headers: { "content-type": "text/html" } });
}

describe("page cache", () => {
  it("is bounded by bytes: storing past the bound drops the oldest pages", async () => {
    const cache = new PageCache(120 * 1024);
    for (let i = 0; i < 4; i++) expect(await cache.store(`/p${i}`, NONCE, rendered(30, i))).not.toBeNull();
    expect(cache.bytes).toBeLessThanOrEqual(120 * 1024);
    expect(cache.get("/p3")).not.toBeNull();
    expect(cache.get("/p0")).toBeNull();
    // Storing a key again replaces it and does not count it twice.
    const before = cache.bytes;
    await cache.store("/p3", NONCE, rendered(30, 3));
    expect(cache.bytes).toBe(before);
  });

  it("keeps nothing bigger than the whole bound, and empties its count on clear", async () => {
    const cache = new PageCache(10 * 1024);
    expect(await cache.store("/big", NONCE, rendered(30, 1))).not.toBeNull();
    expect(cache.get("/big")).toBeNull();
    expect(cache.bytes).toBe(0);
    const roomy = new PageCache();
    await roomy.store("/a", NONCE, rendered(5, 2));
    expect(roomy.bytes).toBeGreaterThan(5 * 1024);
    roomy.clear();
    expect(roomy.bytes).toBe(0);
    expect(roomy.get("/a")).toBeNull();
  });

  it("does not store a page rendered before a content change cleared the cache", async () => {
    const cache = new PageCache();
    const storing = cache.store("/stale", NONCE, rendered(5, 3));
    cache.clear();
    expect(await storing).not.toBeNull();
    expect(cache.get("/stale")).toBeNull();
  });
});
