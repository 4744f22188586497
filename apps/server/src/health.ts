import type { IncomingMessage, ServerResponse } from "node:http";
import type { Db } from "@shop/db";
import { sql } from "kysely";
import type { RedisLink } from "./redis.ts";

/** The process runs (a supervisor restarts it when this does not answer). */
export const LIVE_PATH = "/healthz";
/** This instance takes requests: a load balancer sends it traffic only while this answers 200. */
export const READY_PATH = "/readyz";

/** A check that does not answer within this is taken as down: a load balancer waits for no longer. */
const CHECK_TIMEOUT_MS = 2000;

export interface Health {
  /** Answers /healthz and /readyz, or says false for any other request. */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
  /** From now on /readyz answers 503: the instance is shutting down. */
  drain(): void;
  readonly draining: boolean;
}

async function within(check: Promise<unknown>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => (timer = setTimeout(resolve, CHECK_TIMEOUT_MS, `no answer in ${CHECK_TIMEOUT_MS} ms`)));
  try {
    return await Promise.race([check.then(() => "ok"), late]);
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The health answers, in front of everything else: no page cache, no rendering, no log line (a
 * load balancer asks every few seconds), so they are never counted as the shop's failed requests.
 */
export function createHealth(db: Db, redis: RedisLink | null): Health {
  let draining = false;
  const send = (res: ServerResponse, status: number, body: Record<string, string>) =>
    res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" }).end(JSON.stringify(body));
  const ready = async (res: ServerResponse) => {
    if (draining) return send(res, 503, { status: "draining" });
    const [database, cache] = await Promise.all([
      within(sql`select 1`.execute(db.db)),
      redis ? within(redis.client.ping()) : Promise.resolve(undefined),
    ]);
    const checks = { database, ...(cache === undefined ? {} : { redis: cache }) };
    const ok = Object.values(checks).every((v) => v === "ok");
    send(res, ok && !draining ? 200 : 503, { status: draining ? "draining" : ok ? "ready" : "unavailable", ...checks });
  };
  return {
    answer(req, res) {
      // Every request passes here first: a prefix test, and the path cut out only for the two that match.
      const url = req.url ?? "";
      if (!url.startsWith(LIVE_PATH) && !url.startsWith(READY_PATH)) return false;
      const path = url.split("?")[0];
      if (path !== LIVE_PATH && path !== READY_PATH) return false;
      if (req.method !== "GET" && req.method !== "HEAD") {
        res.writeHead(405, { Allow: "GET, HEAD" }).end();
      } else if (path === LIVE_PATH) {
        send(res, 200, { status: "alive" });
      } else {
        void ready(res);
      }
      return true;
    },
    drain() {
      draining = true;
    },
    get draining() {
      return draining;
    },
  };
}
