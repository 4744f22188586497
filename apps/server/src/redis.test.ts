import { createServer as createHttpServer } from "node:http";
import { connect, createServer, type Socket } from "node:net";
import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import { describe, expect, it } from "vitest";
import { safeRedisUrl } from "./redis.ts";
import { createTestShop } from "./testing.ts";

/**
 * The real Redis behind a TCP relay of the test's own, which can be cut: Redis that goes away while
 * the shop runs (the shared one of the other tests stays up).
 */
async function cuttableRedis(): Promise<{ port: number; cut(): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let open = true;
  const relay = createServer((client) => {
    if (!open) return client.destroy();
    const upstream = connect(6379, "127.0.0.1");
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => {});
      s.on("close", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((ok) => relay.listen(0, "127.0.0.1", ok));
  return {
    port: (relay.address() as { port: number }).port,
    cut() {
      open = false;
      for (const s of sockets) s.destroy();
    },
    close: () => new Promise((ok) => relay.close(() => ok())),
  };
}

describe("a shop whose Redis goes away", () => {
  it("answers logins as usual (401, then 429 from the memory count), says so in one log line naming REDIS_URL, and is not ready", async () => {
    const lines: string[] = [];
    const redis = await cuttableRedis();
    const shop = await createTestShop(
      { LOG: "json", REDIS_URL: `redis://:secret-password@127.0.0.1:${redis.port}` },
      { logSink: (line) => lines.push(line) },
    );
    const http = createHttpServer(shop.listener);
    await new Promise<void>((ok) => http.listen(0, "127.0.0.1", ok));
    const readyz = async () => {
      const res = await fetch(`http://127.0.0.1:${(http.address() as { port: number }).port}/readyz`);
      return { status: res.status, body: await res.json() };
    };
    try {
      expect(await readyz()).toEqual({ status: 200, body: { status: "ready", database: "ok", redis: "ok" } });
      redis.cut();
      const login = () =>
        shop.app.request("/api/v1/login", {
          method: "POST",
          headers: { apiKey: DEMO_API_KEY, "content-type": "application/json" },
          body: JSON.stringify({ username: "kupac@autopraonica.local", password: "Not-the-password-1" }),
        });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await login()).status);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual([429, 429]);
      // A content change still clears this instance's pages.
      expect((await shop.app.request("/")).status).toBe(200);
      const down = lines.map((l) => JSON.parse(l) as { event?: string; message?: string }).filter((l) => l.event === "redis.down");
      expect(down).toHaveLength(1);
      expect(down[0]?.message).toContain(`REDIS_URL (redis://:***@127.0.0.1:${redis.port})`);
      expect(lines.join("\n")).not.toContain("secret-password");
      // A load balancer is told: this instance runs without what the instances share.
      const notReady = await readyz();
      expect(notReady.status).toBe(503);
      expect(notReady.body).toMatchObject({ status: "unavailable", database: "ok" });
      expect(notReady.body.redis).not.toBe("ok");
    } finally {
      await new Promise((ok) => http.close(ok));
      await shop.stop();
      await redis.close();
    }
  });

  it("never writes the password of REDIS_URL", () => {
    expect(safeRedisUrl("redis://user:pw@host:6380/2")).toBe("redis://user:***@host:6380/2");
    expect(safeRedisUrl("redis://host:6379")).toBe("redis://host:6379");
  });
});
