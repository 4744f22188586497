import type { AdminProduct, ProductList } from "@shop/contracts";
import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "./testing.ts";

/**
 * ADR 19 through the whole shop: staff change a product's price through the back-office API; its
 * page and the shop's list show the new price at once, while a content page stays cached. An option
 * change still drops every page.
 */

let shop: TestShop;
let token: string;

beforeAll(async () => {
  shop = await createTestShop();
  const admin = shop.seeded?.admin;
  const login = await shop.app.request("/api/v1/login", {
    method: "POST",
    headers: { apiKey: DEMO_API_KEY, "content-type": "application/json" },
    body: JSON.stringify({ username: admin?.email, password: admin?.password }),
  });
  token = ((await login.json()) as { data: { tokens: { accessToken: string } } }).data.tokens.accessToken;
});
afterAll(() => shop.stop());

const api = async <T>(method: string, path: string, body?: unknown) => {
  const res = await shop.app.request(`/api${path}`, {
    method,
    headers: { apiKey: DEMO_API_KEY, accessToken: token, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: T } };
};
const cacheOf = async (path: string) => (await shop.get(path)).headers.get("x-page-cache");

describe("targeted page cache", () => {
  it("a price change shows on the product page and the shop at once; the home page stays cached", async () => {
    const list = await api<ProductList>("POST", "/v1/product/web/filter", { limit: 1 });
    const card = list.body.data.records[0];
    if (!card) throw new Error("the demo has products");
    const productPage = `/product/${card.slug}`;
    for (const path of [productPage, "/shop", "/"]) {
      await shop.get(path);
      expect(await cacheOf(path), path).toBe("hit");
    }
    const editor = (await api<AdminProduct>("GET", `/v1/admin/product/${card.id}`)).body.data;
    const newCents = editor.retailCents + 1234;
    const { id, media, ordered, updatedAt, stock, parentId, ...rest } = editor;
    const saved = await api<AdminProduct>("PUT", `/v1/admin/product/${id}`, {
      ...rest,
      retailCents: newCents,
      discount: null,
      images: media.map((m) => (m.mediaId ? { mediaId: m.mediaId } : { src: m.src })),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    expect(await cacheOf("/")).toBe("hit");
    const page = await shop.get(productPage);
    expect(page.headers.get("x-page-cache")).toBe("miss");
    const euros = new Intl.NumberFormat("hr-HR", { minimumFractionDigits: 2 }).format(newCents / 100);
    expect(await page.text()).toContain(euros);
    expect(await cacheOf("/shop")).toBe("miss");
  });

  it("an option change still drops every page", async () => {
    await shop.get("/");
    expect(await cacheOf("/")).toBe("hit");
    const res = await api("PUT", "/v1/option/CopyrightText", { value: "© Autopraonica" });
    expect(res.status).toBe(200);
    expect(await cacheOf("/")).toBe("miss");
  });
});
