import type { AdminCoupon, Paged } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { backofficeToken, customerToken } from "../cms/cms.fixtures.ts";
import { type CartCatalog, insertCartCatalog } from "./cart.fixtures.ts";

/** Issue 12: the back office's coupons — list, create, update and revoke, and the cart honouring what staff set. */

let p: TestPlatform;
let c: CartCatalog;
let staff: string;
let customer: string;

beforeAll(async () => {
  p = await createTestPlatform();
  c = await insertCartCatalog(p.db);
  staff = await backofficeToken(p);
  customer = await customerToken(p);
});
afterAll(() => p.close());

const coupon = (code: string, extra: Record<string, unknown> = {}) => ({ code, kind: "percent", value: 20, ...extra });
const create = (body: unknown, language?: string) => p.call<AdminCoupon>("POST", "/api/v1/admin/coupon", { token: staff, body, language });

async function applied(code: string) {
  const s = (await p.call<{ cartId: number; protectCode: string }>("GET", "/api/v2/cart/getNewCartSession", {})).body.data;
  const session = { cartId: s.cartId, protectCode: s.protectCode };
  await p.call("POST", "/api/v2/cart/addItem", { body: { ...session, productId: c.wax, qty: 1 } });
  return p.call<{ couponCode: string | null; prices: { coupon: number } }>("POST", "/api/v2/cart/applyCoupon", {
    body: { ...session, couponCode: code },
  });
}

describe("coupons", () => {
  it("creates a coupon the cart applies, updates its terms and revokes it", async () => {
    const res = await create(coupon("Proljece20", { usageLimit: 100, perCustomerLimit: 1, validTo: "2099-12-31T23:59:59+01:00" }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      code: "Proljece20",
      kind: "percent",
      value: 20,
      active: true,
      usageLimit: 100,
      perCustomerLimit: 1,
      usedCount: 0,
    });
    expect(res.body.data.validTo).toBe("2099-12-31T22:59:59.000Z");
    expect((await applied("proljece20")).body.data.prices.coupon).toBe(2);
    const fixed = await p.call<AdminCoupon>("PUT", `/api/v1/admin/coupon/${res.body.data.id}`, {
      token: staff,
      body: coupon("Proljece20", { kind: "fixed", value: 300 }),
    });
    expect(fixed.body.data).toMatchObject({ kind: "fixed", value: 300, usageLimit: null });
    expect((await applied("PROLJECE20")).body.data.prices.coupon).toBe(3);
    const revoked = await p.call<AdminCoupon>("POST", `/api/v1/admin/coupon/${res.body.data.id}/revoke`, { token: staff });
    expect(revoked.body.data.active).toBe(false);
    // A revoked code answers like one that never existed.
    expect((await applied("PROLJECE20")).status).toBe(404);
    const list = await p.call<Paged<AdminCoupon>>("POST", "/api/v1/admin/coupon/filter", { token: staff, body: { q: "proljece" } });
    expect(list.body.data.records.map((r) => r.code)).toEqual(["Proljece20"]);
  });

  it("refuses a code taken in another case, a percent over 100 and an empty window, in hr, en and de", async () => {
    await create(coupon("LJETO"));
    for (const [language, text] of [
      ["hr", "Kupon s tim kodom već postoji"],
      ["en", "A coupon with this code already exists"],
      ["de", "Ein Gutschein mit diesem Code existiert bereits"],
    ] as const) {
      const res = await create(coupon("ljeto"), language);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(text);
    }
    const bad = await create(coupon("JESEN", { value: 120, validFrom: "2030-01-02T00:00:00Z", validTo: "2030-01-01T00:00:00Z" }), "de");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Ungültiger Wert");
    expect(JSON.stringify(bad.body)).toContain("validTo");
    expect((await p.call("PUT", "/api/v1/admin/coupon/999999", { token: staff, body: coupon("NEMA") })).status).toBe(404);
    expect((await p.call("POST", "/api/v1/admin/coupon/999999/revoke", { token: staff })).status).toBe(404);
  });

  it("refuses anonymous callers 401 and customers 403", async () => {
    for (const [method, path, body] of [
      ["POST", "/api/v1/admin/coupon/filter", {}],
      ["POST", "/api/v1/admin/coupon", coupon("X1")],
      ["PUT", "/api/v1/admin/coupon/1", coupon("X1")],
      ["POST", "/api/v1/admin/coupon/1/revoke", undefined],
    ] as const) {
      expect((await p.call(method, path, { body })).status, path).toBe(401);
      expect((await p.call(method, path, { body, token: customer })).status, path).toBe(403);
    }
  });
});
