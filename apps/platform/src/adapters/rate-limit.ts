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

export interface RedisLimiterOptions {
  prefix?: string;
  /** Counts while Redis does not answer (this instance's memory): logins stay possible, and limited. */
  fallback: RateLimiter;
  /** Told of each failed Redis call (the server logs one line per outage). */
  onError: (err: unknown) => void;
}

/**
 * Shared counters for several instances behind a load balancer. While Redis does not answer, the
 * instance counts in its own memory instead of failing the request: the client must be made with
 * `enableOfflineQueue: false` (and a command timeout), so that a refusal comes at once.
 */
export function redisRateLimiter(redis: Redis, options: RedisLimiterOptions): RateLimiter {
  const prefix = options.prefix ?? "rl:";
  const fallback = async <T>(err: unknown, run: () => Promise<T>): Promise<T> => {
    options.onError(err);
    return run();
  };
  return {
    async hit(key, limit, windowS) {
      const k = prefix + key;
      try {
        const results = await redis
          .multi()
          .incr(k)
          .pexpire(k, windowS * 1000, "NX")
          .pttl(k)
          .exec();
        const count = Number(results?.[0]?.[1] ?? 0);
        const ttl = Number(results?.[2]?.[1] ?? windowS * 1000);
        return { allowed: count <= limit, retryAfterS: Math.max(1, Math.ceil(ttl / 1000)) };
      } catch (err) {
        return fallback(err, () => options.fallback.hit(key, limit, windowS));
      }
    },
    async reset(key) {
      await options.fallback.reset(key);
      try {
        await redis.del(prefix + key);
      } catch (err) {
        options.onError(err);
      }
    },
  };
}
