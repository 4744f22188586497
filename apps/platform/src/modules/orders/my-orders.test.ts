import type { CartView, MyOrderList, MyOrderView, NewCartSession, OrderCreateAnswer } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { type CartCatalog, insertCartCatalog } from "../cart/cart.fixtures.ts";
import { CHECKOUT_ADDRESS, insertCheckoutSetup, methodIds } from "./orders.fixtures.ts";

let p: TestPlatform;
let c: CartCatalog;
let m: Awaited<ReturnType<typeof methodIds>>;

beforeAll(async () => {
  p = await createTestPlatform();
  c = await insertCartCatalog(p.db);
  await insertCheckoutSetup(p.db);
  m = await methodIds(p.db);
});
afterAll(() => p.close());

type Payment = "bankTransfer" | "card";

/** An order placed through the checkout, logged in with `token` (a guest's without). */
async function placeOrder(token: string | undefined, payment: Payment = "bankTransfer", guestEmail = "gost@example.hr"): Promise<string> {
  const s = (await p.call<NewCartSession>("GET", "/api/v2/cart/getNewCartSession", { token })).body.data;
  const session = { cartId: s.cartId, protectCode: s.protectCode };
  expect((await p.call<CartView>("POST", "/api/v2/cart/addItem", { token, body: { ...session, productId: c.wax, qty: 2 } })).status).toBe(
    200,
  );
  const steps: [string, Record<string, unknown>][] = [
    ["checkout/saveAddresses", { delivery: CHECKOUT_ADDRESS, ...(token ? {} : { email: guestEmail }) }],
    ["delivery/saveDeliveryMethod", { deliveryMethodId: m.pickup, branchId: m.branches[1] }],
    ["payment/savePaymentMethod", { paymentMethodId: m[payment] }],
  ];
  for (const [path, body] of steps) {
    const res = await p.call("PUT", `/api/v2/${path}`, { token, body: { ...session, ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const order = await p.call<OrderCreateAnswer>("POST", "/api/v2/order/create", { token, body: session });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  return order.body.data.orderSlug;
}

async function customer() {
  const user = await p.createUser();
  return { ...user, token: (await p.login(user)).accessToken };
}

const list = (token: string | undefined, body: Record<string, unknown> = {}) =>
  p.call<MyOrderList>("POST", "/api/v2/order/web/filter", { token, body });
const get = (token: string | undefined, code: string) => p.call<MyOrderView>("GET", `/api/v2/order/web/get/${code}`, { token });
const withoutRequestId = (body: unknown) => {
  const { requestId: _ignored, ...rest } = body as Record<string, unknown>;
  return rest;
};
/** A code in the right format that no order has. */
const MISSING = "ZZZZZZZZZZZZZZZZ";

describe("my orders", () => {
  it("lists only the customer's own orders, newest first, with the count and pages", async () => {
    const u = await customer();
    const first = await placeOrder(u.token);
    const second = await placeOrder(u.token, "card");
    await placeOrder(undefined);
    await placeOrder((await customer()).token);

    const all = await list(u.token);
    expect(all.status).toBe(200);
    expect(all.body.data.records.map((o) => o.code)).toEqual([second, first]);
    expect(all.body.data.pagination).toMatchObject({ total: 2, page: 1, lastPage: 1 });
    expect(all.body.data.records[1]).toMatchObject({ status: "placed", paymentStatus: "initiated", total: 20, currency: "EUR" });
    expect(all.body.data.records[0]).toMatchObject({ status: "pending_payment" });

    const page2 = await list(u.token, { page: 2, limit: 1 });
    expect(page2.body.data.records.map((o) => o.code)).toEqual([first]);
    expect(page2.body.data.pagination).toMatchObject({ total: 2, page: 2, lastPage: 2 });
    expect((await list((await customer()).token)).body.data).toMatchObject({ records: [], pagination: { total: 0 } });
  });

  it("shows an order's lines, VAT, pickup branch, payment and status history", async () => {
    const u = await customer();
    const code = await placeOrder(u.token);
    const res = await get(u.token, code);
    expect(res.status).toBe(200);
    const order = res.body.data;
    expect(order).toMatchObject({ code, payment: { kind: "bank_transfer" }, payable: false, totals: { total: 20 } });
    expect(order.lines).toEqual([expect.objectContaining({ qty: 2, rowTotal: 20 })]);
    expect(order.vat).toEqual([expect.objectContaining({ rate: 25, tax: 4 })]);
    expect(order.delivery?.branch?.id).toBe(m.branches[1]);
    expect(order.bankTransfer?.iban).toMatch(/^HR\d{19}$/);
    expect(order.history.map((h) => [h.axis, h.from, h.to])).toEqual(
      expect.arrayContaining([
        ["order", null, "placed"],
        ["payment", null, "initiated"],
      ]),
    );
  });

  it("refuses another customer's order exactly like a missing one, for every call", async () => {
    const owner = await customer();
    const other = await customer();
    const code = await placeOrder(owner.token, "card");
    const calls: [string, string][] = [
      ["GET", "get"],
      ["POST", "payAgain"],
    ];
    for (const [method, name] of calls) {
      const foreign = await p.call(method, `/api/v2/order/web/${name}/${code}`, { token: other.token });
      const missing = await p.call(method, `/api/v2/order/web/${name}/${MISSING}`, { token: other.token });
      expect(foreign.status, name).toBe(404);
      expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
    }
    // The foreign call started no payment.
    const attempts = await p.db
      .selectFrom("payment_attempts")
      .innerJoin("orders", "orders.id", "payment_attempts.order_id")
      .select("payment_attempts.id")
      .where("orders.code", "=", code)
      .execute();
    expect(attempts).toHaveLength(1);
  });

  it("pays an unpaid card order again through the existing payAgain (its open attempt's form); a transfer order is not payable", async () => {
    const u = await customer();
    const card = await placeOrder(u.token, "card");
    expect((await get(u.token, card)).body.data.payable).toBe(true);
    const again = await p.call<OrderCreateAnswer>("POST", `/api/v2/order/web/payAgain/${card}`, { token: u.token });
    expect(again.status).toBe(200);
    expect(again.body.data.html).toContain("<form");
    const transfer = await placeOrder(u.token);
    expect((await p.call("POST", `/api/v2/order/web/payAgain/${transfer}`, { token: u.token })).status).toBe(409);
  });

  it("needs a login and a well-formed code", async () => {
    expect((await list(undefined)).status).toBe(401);
    expect((await get(undefined, MISSING)).status).toBe(401);
    const u = await customer();
    expect((await get(u.token, "kratko")).status).toBe(400);
    expect((await list(u.token, { limit: 1000 })).status).toBe(400);
  });
});

describe("afterwards", () => {
  it("logged no server errors", () => {
    expect(p.logs.filter((l) => l.level === "error")).toEqual([]);
  });
});

describe("a guest's orders", () => {
  it("are the customer's once the account has confirmed the e-mail they were placed with", async () => {
    const email = `Gost-${Date.now()}@Example.hr`;
    const guestOrder = await placeOrder(undefined, "bankTransfer", email);
    const u = await customer();
    await p.db.updateTable("users").set({ email: email.toLowerCase(), email_verified_at: null }).where("id", "=", u.id).execute();
    // Not confirmed yet: the address is only claimed.
    expect((await list(u.token)).body.data.records).toEqual([]);
    expect((await get(u.token, guestOrder)).status).toBe(404);

    await p.db.updateTable("users").set({ email_verified_at: new Date().toISOString() }).where("id", "=", u.id).execute();
    expect((await list(u.token)).body.data.records.map((o) => o.code)).toEqual([guestOrder]);
    expect((await get(u.token, guestOrder)).body.data.code).toBe(guestOrder);
    // Another customer still sees nothing of it.
    expect((await get((await customer()).token, guestOrder)).status).toBe(404);
  });
});
