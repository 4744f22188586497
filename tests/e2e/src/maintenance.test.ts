import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import { describe, expect, it } from "vitest";
import { pathOf, visible, waitForPath } from "./support/assert.ts";
import { useJourney } from "./support/fixtures.ts";
import { submitLogin } from "./support/login.ts";
import { apiLogin, type ShopProcess } from "./support/server.ts";

async function setMaintenance(shop: ShopProcess, token: string, enabled: boolean): Promise<void> {
  const res = await fetch(`${shop.baseUrl}/api/v1/maintenance`, {
    method: "PUT",
    headers: { "content-type": "application/json", apiKey: DEMO_API_KEY, accessToken: token },
    body: JSON.stringify({ enabled }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  expect(((await res.json()) as { data: { enabled: boolean } }).data.enabled).toBe(enabled);
}

describe("maintenance mode", () => {
  const j = useJourney();

  it("the API refuses to switch maintenance without a backoffice token", async () => {
    const { shop } = j;
    const anonymous = await fetch(`${shop.baseUrl}/api/v1/maintenance`, {
      method: "PUT",
      headers: { "content-type": "application/json", apiKey: DEMO_API_KEY },
      body: JSON.stringify({ enabled: true }),
    });
    expect(anonymous.status).toBeGreaterThanOrEqual(401);
    expect(anonymous.status).toBeLessThan(500);
    const customerToken = await apiLogin(shop, shop.customer, DEMO_API_KEY);
    const customer = await fetch(`${shop.baseUrl}/api/v1/maintenance`, {
      method: "PUT",
      headers: { "content-type": "application/json", apiKey: DEMO_API_KEY, accessToken: customerToken },
      body: JSON.stringify({ enabled: true }),
    });
    expect(customer.status).toBe(403);
    expect((await fetch(`${shop.baseUrl}/`)).status).toBe(200);
  });

  it("anonymous visitors get the 503 maintenance page, a logged-in backoffice user sees the site", async () => {
    const { page, shop } = j;
    const token = await apiLogin(shop, shop.admin, DEMO_API_KEY);

    // Warm the page cache with the normal home page first: switching maintenance on must not serve it.
    const before = await page.goto("/");
    expect(before?.status()).toBe(200);
    expect((await fetch(`${shop.baseUrl}/`)).status).toBe(200);

    await setMaintenance(shop, token, true);
    try {
      const res = await page.goto("/");
      expect(res?.status()).toBe(503);
      await visible(page.getByRole("heading", { name: "Održavanje u tijeku" }));
      expect((await fetch(`${shop.baseUrl}/`)).status).toBe(503);

      // Staff log in through /prijava, which stays reachable during maintenance.
      const staff = await (await j.newContext()).newPage();
      const login = await staff.goto("/prijava");
      expect(login?.status()).toBe(200);
      await submitLogin(staff, shop.admin.email, shop.admin.password);
      await waitForPath(staff, (p) => p !== "/prijava");

      const home = await staff.goto("/");
      expect(home?.status()).toBe(200);
      expect(pathOf(staff)).toBe("/");
      await visible(staff.getByRole("banner").first());
      expect(await staff.getByRole("heading", { name: "Održavanje u tijeku" }).count()).toBe(0);

      // The anonymous visitor still sees maintenance (the staff page was not cached for everyone).
      const again = await page.reload();
      expect(again?.status()).toBe(503);
    } finally {
      await setMaintenance(shop, token, false);
    }

    const after = await page.goto("/");
    expect(after?.status()).toBe(200);
    expect(await page.getByRole("heading", { name: "Održavanje u tijeku" }).count()).toBe(0);
  });
});
