import type { CartView, GuestDetails, NewCartSession } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { type CartCatalog, insertCartCatalog } from "../cart/cart.fixtures.ts";
import { CHECKOUT_ADDRESS, insertCheckoutSetup } from "../orders/orders.fixtures.ts";

let p: TestPlatform;
let c: CartCatalog;

beforeAll(async () => {
  p = await createTestPlatform();
  c = await insertCartCatalog(p.db);
  await insertCheckoutSetup(p.db);
});
afterAll(() => p.close());

const ADDRESS = { type: "shipping", ...CHECKOUT_ADDRESS };
const BILLING = { ...ADDRESS, type: "billing", street: "Vukovarska", houseNumber: "58" };
const COMPANY = { companyName: "Firma d.o.o.", oib: "69435151530" };

/** A guest's cart with the address step saved. */
async function addressedCart(extra: Record<string, unknown> = {}): Promise<NewCartSession> {
  const s = (await p.call<NewCartSession>("GET", "/api/v2/cart/getNewCartSession")).body.data;
  expect((await p.call<CartView>("POST", "/api/v2/cart/addItem", { body: { ...s, productId: c.wax, qty: 1 } })).status).toBe(200);
  const saved = await p.call<CartView>("PUT", "/api/v2/checkout/saveAddresses", {
    body: { ...s, email: "ivana@example.hr", delivery: ADDRESS, ...extra },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return s;
}

const remember = (body: Record<string, unknown>, token?: string) =>
  p.call<{ guestToken: string }>("PUT", "/api/v2/guestUser", { body, token });
const details = (guestToken?: string) =>
  p.call<GuestDetails | null>("POST", "/api/v2/guestUser/details", { body: guestToken === undefined ? {} : { guestToken } });

describe("the guest user (SPEC §3/§6 guestUser)", () => {
  it("keeps what a guest entered on the address step under an unguessable token, and answers it for that token", async () => {
    const s = await addressedCart({ billing: BILLING, company: COMPANY });
    const res = await remember(s);
    expect(res.status).toBe(200);
    const token = res.body.data.guestToken;
    // 32 random bytes, not a number: it opens the guest's e-mail and addresses.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const found = await details(token);
    expect(found.body.data).toEqual({ email: "ivana@example.hr", delivery: ADDRESS, billing: BILLING, company: COMPANY });
    // Only the token's hash is stored.
    const rows = await p.db.selectFrom("guests").select(["token_hash", "email"]).execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
  });

  it("answers a wrong, forged or expired token exactly like a missing one", async () => {
    const token = (await remember(await addressedCart())).body.data.guestToken;
    const missing = await details();
    expect(missing.status).toBe(200);
    expect(missing.body).toEqual({ data: null, errored: false });
    for (const wrong of [`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, "1", "", "x".repeat(200)]) {
      const res = await details(wrong);
      expect({ status: res.status, body: res.body }).toEqual({ status: missing.status, body: missing.body });
    }
    await p.db
      .updateTable("guests")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const expired = await details(token);
    expect({ status: expired.status, body: expired.body }).toEqual({ status: missing.status, body: missing.body });
  });

  it("updates the same guest on the next checkout, for thirty days from then; an unknown token gets a new guest", async () => {
    const token = (await remember(await addressedCart())).body.data.guestToken;
    const moved = { ...ADDRESS, street: "Savska", houseNumber: "12" };
    const next = await addressedCart({ delivery: moved });
    const before = Date.now();
    const again = await remember({ ...next, guestToken: token });
    expect(again.body.data.guestToken).toBe(token);
    expect((await details(token)).body.data?.delivery).toEqual(moved);
    const row = await p.db
      .selectFrom("guests")
      .select(["expires_at", "last_used_at"])
      .where("email", "=", "ivana@example.hr")
      .orderBy("last_used_at", "desc")
      .executeTakeFirstOrThrow();
    const days = (Date.parse(row.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(30 - 1 / 24);
    expect(days).toBeLessThan(30 + 1 / 24);

    const fresh = await remember({ ...next, guestToken: "unknown-token" });
    expect(fresh.body.data.guestToken).not.toBe("unknown-token");
    expect((await details(fresh.body.data.guestToken)).body.data?.delivery).toEqual(moved);
  });

  it("deletes expired guests when it writes", async () => {
    await remember(await addressedCart());
    await p.db.updateTable("guests").set({ expires_at: "2000-01-01T00:00:00.000Z" }).execute();
    await remember(await addressedCart());
    const rows = await p.db.selectFrom("guests").select("expires_at").execute();
    expect(rows).toHaveLength(1);
    expect((rows[0]?.expires_at ?? "") > new Date().toISOString()).toBe(true);
  });

  it("ends with forget: the token opens nothing any more, and any token gets the same answer", async () => {
    const token = (await remember(await addressedCart())).body.data.guestToken;
    const forgot = await p.call("DELETE", "/api/v2/guestUser", { body: { guestToken: token } });
    expect(forgot.status).toBe(200);
    expect((await details(token)).body.data).toBeNull();
    const unknown = await p.call("DELETE", "/api/v2/guestUser", { body: { guestToken: "nobody" } });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: forgot.status, body: forgot.body });
  });

  it("needs the cart's session and its saved address; refuses a logged-in customer, in the request's language", async () => {
    const s = await addressedCart();
    const wrong = await remember({ ...s, protectCode: "x".repeat(43) });
    expect(wrong.status).toBe(409);
    const empty = (await p.call<NewCartSession>("GET", "/api/v2/cart/getNewCartSession")).body.data;
    const noAddress = await remember(empty);
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.error?.payload.fields?.[0]?.path).toBe("delivery");

    const user = await p.createUser();
    const { accessToken } = await p.login(user);
    const customer = await p.call("PUT", "/api/v2/guestUser", { body: s, token: accessToken, language: "en" });
    expect(customer.status).toBe(403);
    expect(customer.body.error?.payload.message).toBe("Logged-in customers keep their addresses in their profile, not as guests.");
    const token = (await remember(s)).body.data.guestToken;
    const asCustomer = await p.call("POST", "/api/v2/guestUser/details", { body: { guestToken: token }, token: accessToken });
    expect(asCustomer.body.data).toBeNull();
  });
});
