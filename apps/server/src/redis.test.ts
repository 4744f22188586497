import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import { describe, expect, it } from "vitest";
import { safeRedisUrl } from "./redis.ts";
import { createTestShop } from "./testing.ts";

describe("a shop whose Redis does not answer", () => {
  it("starts, answers logins as usual (401, then 429 from the memory count) and says so in one log line naming REDIS_URL", async () => {
    const lines: string[] = [];
    // Nothing listens on port 1.
    const shop = await createTestShop(
      { LOG: "json", REDIS_URL: "redis://:secret-password@127.0.0.1:1" },
      { logSink: (line) => lines.push(line) },
    );
    try {
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
      expect(down[0]?.message).toContain("REDIS_URL (redis://:***@127.0.0.1:1)");
      expect(lines.join("\n")).not.toContain("secret-password");
    } finally {
      await shop.stop();
    }
  });

  it("never writes the password of REDIS_URL", () => {
    expect(safeRedisUrl("redis://user:pw@host:6380/2")).toBe("redis://user:***@host:6380/2");
    expect(safeRedisUrl("redis://host:6379")).toBe("redis://host:6379");
  });
});
