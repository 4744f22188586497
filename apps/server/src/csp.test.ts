import { describe, expect, it } from "vitest";
import { mergeCsp, pageSecurityHeaders } from "./security-headers.ts";
import { createTestShop, type TestShop } from "./testing.ts";

async function withShop(env: Record<string, string>, run: (shop: TestShop) => Promise<void>) {
  const shop = await createTestShop(env);
  try {
    await run(shop);
  } finally {
    await shop.stop();
  }
}

/** The CSP's directives by name. */
function directives(res: Response | Record<string, string>): Record<string, string[]> {
  const csp = (res instanceof Response ? res.headers.get("content-security-policy") : res["Content-Security-Policy"]) ?? "";
  return Object.fromEntries(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name = "", ...values]) => [name, values]),
  );
}

describe("the page's CSP follows the configured integrations", () => {
  it("lets analytics hits out when an analytics id is set (the demo sets one), on rendered and cached answers alike", async () => {
    await withShop({}, async (shop) => {
      for (const cache of ["miss", "hit"]) {
        const res = await shop.app.request("/o-nama");
        expect(res.headers.get("x-page-cache")).toBe(cache);
        const csp = directives(res);
        expect(csp["connect-src"]).toEqual(
          expect.arrayContaining(["'self'", "https://*.google-analytics.com", "https://*.analytics.google.com"]),
        );
        expect(csp["img-src"]).toEqual(expect.arrayContaining(["https://*.google-analytics.com", "https://*.googletagmanager.com"]));
        expect(csp["frame-src"]).toBeUndefined();
        await res.text();
      }
    });
  });

  it("lets the reCAPTCHA frame and its calls in when its keys are configured, and nothing of Google without integrations", async () => {
    await withShop({ RECAPTCHA_SITE_KEY: "site-key", RECAPTCHA_SECRET: "secret-key" }, async (shop) => {
      const csp = directives(await shop.app.request("/kontakt"));
      expect(csp["frame-src"]).toEqual(["'self'", "https://recaptcha.google.com", "https://www.google.com"]);
      expect(csp["connect-src"]).toContain("https://www.google.com");
    });
    await withShop({ SEED: "demo" }, async (shop) => {
      const admin = shop.seeded?.admin;
      expect(admin).toBeDefined();
      // Staff switch analytics off: no Google origin is allowed any more.
      const login = await shop.app.request("/api/v1/login", {
        method: "POST",
        headers: { apiKey: "demo-autopraonica-api-key", "content-type": "application/json" },
        body: JSON.stringify({ username: admin?.email, password: admin?.password }),
      });
      const token = ((await login.json()) as { data: { tokens: { accessToken: string } } }).data.tokens.accessToken;
      for (const key of ["GoogleAnalyticsId", "GoogleTagManagerId"]) {
        const res = await shop.app.request(`/api/v1/option/${key}`, {
          method: "PUT",
          headers: { apiKey: "demo-autopraonica-api-key", accessToken: token, "content-type": "application/json" },
          body: JSON.stringify({ value: "" }),
        });
        expect(res.status).toBe(200);
      }
      const csp = directives(await shop.app.request("/o-nama"));
      expect((csp["connect-src"] ?? []).join(" ")).not.toContain("google");
      expect((csp["img-src"] ?? []).join(" ")).not.toContain("google");
    });
  });
});

describe("where a page's forms may post", () => {
  it("only to the site itself, unless the page names another origin (the card provider's form)", () => {
    expect(directives(pageSecurityHeaders("n0nce", false))["form-action"]).toEqual(["'self'"]);
    const withProvider = pageSecurityHeaders("n0nce", false, mergeCsp({}, { form: ["https://pay.example"] }));
    expect(directives(withProvider)["form-action"]).toEqual(["'self'", "https://pay.example"]);
  });
});
