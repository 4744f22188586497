import type { Redis } from "ioredis";

export interface RateDecision {
  allowed: boolean;
  retryAfterS: number;
}

/** Fixed-window counters: `limit` hits per `windowS` seconds for one key. */
export interface RateLimiter {
  hit(key: string, limit: number, windowS: number): Promise<RateDecision>;
  reset(key: string): Promise<void>;
}

export function memoryRateLimiter(maxKeys = 50_000): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, limit, windowS) {
      const now = Date.now();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        if (windows.size >= maxKeys) {
          for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
          if (windows.size >= maxKeys) windows.delete(windows.keys().next().value as string);
        }
        w = { count: 0, resetAt: now + windowS * 1000 };
        windows.set(key, w);
      }
      w.count++;
      return { allowed: w.count <= limit, retryAfterS: Math.ceil((w.resetAt - now) / 1000) };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

/** Shared counters for several instances behind a load balancer. */
export function redisRateLimiter(redis: Redis, prefix = "rl:"): RateLimiter {
  return {
    async hit(key, limit, windowS) {
      const k = prefix + key;
      const results = await redis
        .multi()
        .incr(k)
        .pexpire(k, windowS * 1000, "NX")
        .pttl(k)
        .exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      const ttl = Number(results?.[2]?.[1] ?? windowS * 1000);
      return { allowed: count <= limit, retryAfterS: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
