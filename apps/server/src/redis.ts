import { createRequire } from "node:module";
import type { Logger } from "@shop/platform/http/logger.ts";
import type { Redis } from "ioredis";

/**
 * The Redis of several instances (REDIS_URL): shared rate limits and the content-change channel.
 * A Redis that goes away must not take the shop with it: commands fail at once instead of
 * queueing (the callers then count in memory), and the log gets one line when it goes and one when
 * it is back, instead of a stack per retry.
 */
export interface RedisLink {
  client: Redis;
  /** Called with every failed command: logged once per outage. */
  failed(err: unknown): void;
  /** Subscribes to a channel; resolves when subscribed or after `waitMs`, the subscription then comes with the connection. */
  subscribe(channel: string, onMessage: (message: string) => void, waitMs?: number): Promise<void>;
  /** Resolves once Redis answers; rejects with the reason when it does not within `waitMs` (checked at start). */
  ready(waitMs?: number): Promise<void>;
  close(): void;
}

/** The URL without its password, for the log. */
export function safeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "redis://…";
  }
}

export function connectRedis(url: string, logger: Logger): RedisLink {
  const where = safeRedisUrl(url);
  let down = false;
  // Until the start's check is done, a failure is the check's to report (in one line), not the log's.
  let starting = true;
  const failed = (err: unknown) => {
    if (down || starting) return;
    down = true;
    logger.error({
      event: "redis.down",
      message: `Redis at REDIS_URL (${where}) does not answer: rate limits count in this instance's memory and content changes reach only this instance until it is back.`,
      error: err instanceof Error ? err.message : String(err),
    });
  };
  // Required here: a single instance without REDIS_URL never loads ioredis.
  const { Redis } = createRequire(import.meta.url)("ioredis") as typeof import("ioredis");
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1000 });
  client.on("error", failed);
  client.on("ready", () => {
    if (!down) return;
    down = false;
    logger.info({ event: "redis.up", message: `Redis at REDIS_URL (${where}) answers again.` });
  });
  // The subscriber waits for its connection: a subscription then happens whenever Redis is there.
  let subscriber: Redis | null = null;
  return {
    client,
    failed,
    async subscribe(channel, onMessage, waitMs = 2000) {
      subscriber ??= client.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined });
      subscriber.on("error", failed);
      subscriber.on("message", (from: string, message: string) => {
        if (from === channel) onMessage(message);
      });
      const subscribed = subscriber.subscribe(channel).then(
        () => undefined,
        (err: unknown) => failed(err),
      );
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([subscribed, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
      clearTimeout(timer);
    },
    ready(waitMs = 5000) {
      return new Promise<void>((resolve, reject) => {
        const done = (err?: Error) => {
          clearTimeout(timer);
          client.off("ready", onReady);
          client.off("error", done);
          starting = false;
          if (err) reject(err);
          else resolve();
        };
        const onReady = () => done();
        const timer = setTimeout(() => done(new Error(`no answer in ${waitMs} ms`)), waitMs);
        if (client.status === "ready") return done();
        client.once("ready", onReady);
        client.once("error", done);
      });
    },
    close() {
      subscriber?.disconnect();
      client.disconnect();
    },
  };
}
