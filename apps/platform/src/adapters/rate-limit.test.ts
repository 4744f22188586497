import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { memoryRateLimiter, type RateLimiter, redisRateLimiter } from "./rate-limit.ts";

const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379", { lazyConnect: true, maxRetriesPerRequest: 1 });
afterAll(() => redis.disconnect());

const limiters: [string, () => RateLimiter][] = [
  ["memory", () => memoryRateLimiter()],
  [
    "redis",
    () =>
      redisRateLimiter(redis, {
        prefix: `test:${randomBytes(4).toString("hex")}:`,
        // Here every hit must reach Redis: a failure would otherwise be hidden by the memory fallback.
        fallback: memoryRateLimiter(),
        onError: (err) => {
          throw err;
        },
      }),
  ],
];

describe.each(limiters)("%s rate limiter", (_name, make) => {
  it("allows up to the limit in a window, then refuses with a retry time", async () => {
    const limiter = make();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit("login:ip:1.2.3.4", 3, 60));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]?.retryAfterS).toBeGreaterThan(0);
    expect(results[3]?.retryAfterS).toBeLessThanOrEqual(60);
  });

  it("counts keys separately and forgets a key on reset", async () => {
    const limiter = make();
    await limiter.hit("a", 1, 60);
    expect((await limiter.hit("a", 1, 60)).allowed).toBe(false);
    expect((await limiter.hit("b", 1, 60)).allowed).toBe(true);
    await limiter.reset("a");
    expect((await limiter.hit("a", 1, 60)).allowed).toBe(true);
  });

  it("opens again when the window has passed", async () => {
    const limiter = make();
    expect((await limiter.hit("w", 1, 1)).allowed).toBe(true);
    expect((await limiter.hit("w", 1, 1)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await limiter.hit("w", 1, 1)).allowed).toBe(true);
  });
});

describe("redis rate limiter while Redis does not answer", () => {
  it("counts in memory at once, still refusing past the limit, and reports the failure", async () => {
    // Nothing listens on port 1: every command is refused without waiting for a connection.
    const gone = new Redis("redis://127.0.0.1:1", { enableOfflineQueue: false, maxRetriesPerRequest: 1, retryStrategy: () => 1000 });
    gone.on("error", () => {});
    const errors: unknown[] = [];
    const limiter = redisRateLimiter(gone, { fallback: memoryRateLimiter(), onError: (err) => errors.push(err) });
    try {
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await limiter.hit("login:ip:5.6.7.8", 3, 60));
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
      expect(errors.length).toBe(4);
    } finally {
      gone.disconnect();
    }
  });
});
