import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import { describe, expect, it } from "vitest";
import { forwardedClient } from "./client-address.ts";
import { loadConfig } from "./config.ts";
import { createTestShop } from "./testing.ts";

describe("the client address behind our own proxies", () => {
  it.each([
    ["203.0.113.7", 1, "203.0.113.7"],
    ["1.2.3.4, 203.0.113.7", 1, "203.0.113.7"],
    ["1.2.3.4,203.0.113.7, 10.0.0.2", 2, "203.0.113.7"],
    ["203.0.113.7", 3, "203.0.113.7"],
    [" , 203.0.113.7 ,", 1, "203.0.113.7"],
  ])("%s behind %i proxies is %s", (header, hops, client) => {
    expect(forwardedClient(header, hops)).toBe(client);
  });

  it("takes nothing from the header without a proxy of ours, or without the header", () => {
    expect(forwardedClient("1.2.3.4", 0)).toBeUndefined();
    expect(forwardedClient(undefined, 1)).toBeUndefined();
  });

  it("is read from TRUST_PROXY as off, one proxy, or a count", () => {
    const secret = { SECRET: "s".repeat(40) };
    expect(loadConfig(secret).trustProxy).toBe(0);
    expect(loadConfig({ ...secret, TRUST_PROXY: "true" }).trustProxy).toBe(1);
    expect(loadConfig({ ...secret, TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(() => loadConfig({ ...secret, TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
  });

  it("cannot be changed by the client: logins with a new made-up first entry each still meet the address limit", async () => {
    const shop = await createTestShop({ TRUST_PROXY: "true" });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 55; i++) {
        const res = await shop.app.request("/api/v1/login", {
          method: "POST",
          headers: { apiKey: DEMO_API_KEY, "content-type": "application/json", "x-forwarded-for": `10.9.${i}.1, 198.51.100.23` },
          body: JSON.stringify({ username: `nobody-${i}@example.test`, password: "Wrong-password-1" }),
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses).toContain(429);
    } finally {
      await shop.stop();
    }
  });
});
