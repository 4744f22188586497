import { randomBytes } from "node:crypto";
import type { CartView, NewCartSession } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { insertCoupon, insertProduct } from "./cart.fixtures.ts";
import { expireRequestKeys } from "./cart.request-keys.ts";

/**
 * Cart changes with an Idempotency-Key (issue 25, ADR 31): a repeat, in sequence or in parallel,
 * answers the first answer and changes nothing; on SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */

let p: TestPlatform;
let wax: number;
let cloth: number;
const CARD = "4006381333931";

beforeAll(async () => {
  p = await createTestPlatform();
  wax = await insertProduct(p.db, { retailCents: 1000, name: "Vosak za ključeve" });
  cloth = await insertProduct(p.db, { retailCents: 500, stock: 1, name: "Krpa za ključeve" });
  await insertCoupon(p.db, { code: "KLJUC10", kind: "percent", value: 10 });
});
afterAll(() => p.close());

const newKey = () => `test-${randomBytes(12).toString("base64url")}`;

interface Opts {
  key?: string;
  token?: string;
  language?: string;
}

function send(method: string, name: string, body: unknown, opts: Opts = {}) {
  return p.call<CartView>(method, `/api/v2/cart/${name}`, {
    body,
    ...(opts.token ? { token: opts.token } : {}),
    ...(opts.language ? { language: opts.language } : {}),
    headers: opts.key ? { "idempotency-key": opts.key } : {},
  });
}

async function newSession(): Promise<NewCartSession> {
  const res = await p.call<NewCartSession>("GET", "/api/v2/cart/getNewCartSession");
  return res.body.data;
}

async function lines(s: NewCartSession) {
  const res = await send("POST", "getCart", s);
  return res.body.data.items.map((i) => [i.productId, i.qty]);
}

const keysOf = (cartId: number) => p.db.selectFrom("cart_request_keys").selectAll().where("cart_id", "=", cartId).execute();

describe("a cart change sent again with its Idempotency-Key", () => {
  it("adds once and answers the repeat with the first answer; a new key adds again", async () => {
    const s = await newSession();
    const key = newKey();
    const first = await send("POST", "addItem", { ...s, productId: wax, qty: 2 }, { key });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await send("POST", "addItem", { ...s, productId: wax, qty: 2 }, { key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await lines(s)).toEqual([[wax, 2]]);
    expect((await send("POST", "addItem", { ...s, productId: wax, qty: 2 }, { key: newKey() })).status).toBe(200);
    expect(await lines(s)).toEqual([[wax, 4]]);
  });

  it("applies N parallel identical requests once, and every one answers the same", async () => {
    const s = await newSession();
    const key = newKey();
    const body = { ...s, productId: wax, qty: 1 };
    const answers = await Promise.all(Array.from({ length: 8 }, () => send("POST", "addItem", body, { key })));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    for (const answer of answers) expect(answer.body).toEqual(answers[0]?.body);
    expect(await lines(s)).toEqual([[wax, 1]]);
    expect(await keysOf(s.cartId)).toHaveLength(1);
  });

  it("answers a repeat of an older change with its first answer, leaving the newer change in place", async () => {
    const s = await newSession();
    const added = await send("POST", "addItem", { ...s, productId: wax, qty: 1 }, { key: newKey() });
    const itemId = added.body.data.items[0]?.itemId;
    const update = { ...s, itemId, qty: 3 };
    const key = newKey();
    expect((await send("PATCH", "updateItem", update, { key })).body.data.itemCount).toBe(3);
    expect((await send("PATCH", "updateItem", { ...s, itemId, qty: 5 }, { key: newKey() })).status).toBe(200);
    const repeat = await send("PATCH", "updateItem", update, { key });
    expect(repeat.status).toBe(200);
    expect(repeat.body.data.itemCount).toBe(3);
    expect(await lines(s)).toEqual([[wax, 5]]);

    // A removal repeated answers its first answer, not 'not in the cart'.
    const removeKey = newKey();
    const removed = await send("DELETE", "deleteItem", { ...s, itemId }, { key: removeKey });
    expect(removed.status).toBe(200);
    expect(await send("DELETE", "deleteItem", { ...s, itemId }, { key: removeKey })).toMatchObject({ status: 200, body: removed.body });
    expect((await send("DELETE", "deleteItem", { ...s, itemId }, { key: newKey() })).status).toBe(404);
  });

  it("keeps coupons, instructions and the membership card changes once per key", async () => {
    const user = await p.createUser();
    await p.issueMemberCard(user.id, CARD);
    const token = (await p.login(user)).accessToken;
    const s = await newSession();
    await send("POST", "addItem", { ...s, productId: wax, qty: 1 }, { key: newKey(), token });
    const coupon = { ...s, couponCode: "KLJUC10" };
    const applyKey = newKey();
    expect((await send("POST", "applyCoupon", coupon, { key: applyKey, token })).body.data.couponCode).toBe(coupon.couponCode);
    expect((await send("POST", "removeCoupon", s, { key: newKey(), token })).body.data.couponCode).toBeNull();
    expect((await send("POST", "applyCoupon", coupon, { key: applyKey, token })).body.data.couponCode).toBe(coupon.couponCode);
    expect((await send("POST", "getCart", s, { token })).body.data.couponCode).toBeNull();

    const cardKey = newKey();
    expect((await send("POST", "applyMemberCard", { ...s, barcode: CARD }, { key: cardKey, token })).body.data.memberCard).toBe(CARD);
    expect((await send("POST", "removeMemberCard", s, { key: newKey(), token })).body.data.memberCard).toBeNull();
    expect((await send("POST", "applyMemberCard", { ...s, barcode: CARD }, { key: cardKey, token })).status).toBe(200);
    expect((await send("POST", "getCart", s, { token })).body.data.memberCard).toBeNull();

    const notes = { ...s, instructions: "Ostaviti na porti" };
    const notesKey = newKey();
    await send("POST", "setInstructions", notes, { key: notesKey });
    await send("POST", "setInstructions", { ...s, instructions: "" }, { key: newKey() });
    expect((await send("POST", "setInstructions", notes, { key: notesKey })).body.data.instructions).toBe(notes.instructions);
    expect((await send("POST", "getCart", s)).body.data.instructions).toBe("");
  });

  it("refuses the key with another body or on another endpoint (422, translated) and changes nothing", async () => {
    const s = await newSession();
    const key = newKey();
    await send("POST", "addItem", { ...s, productId: wax, qty: 1 }, { key });
    const other = await send("POST", "addItem", { ...s, productId: wax, qty: 2 }, { key, language: "en" });
    expect(other.status).toBe(422);
    expect(other.body.error?.payload.message).toBe("The same request key was already used for another change of the cart.");
    const elsewhere = await send("POST", "clearCart", s, { key, language: "de" });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.error?.payload.message).toBe(
      "Derselbe Anfrageschlüssel wurde bereits für eine andere Änderung des Warenkorbs verwendet.",
    );
    expect((await send("POST", "removeCoupon", s, { key })).body.error?.payload.message).toBe(
      "Isti ključ zahtjeva već je korišten za drugu promjenu košarice.",
    );
    expect(await lines(s)).toEqual([[wax, 1]]);
  });

  it("scopes keys to their cart: another cart's same key applies there, and a wrong protectCode learns nothing", async () => {
    const [a, b] = [await newSession(), await newSession()];
    const key = newKey();
    const first = await send("POST", "addItem", { ...a, productId: wax, qty: 1 }, { key });
    const second = await send("POST", "addItem", { ...b, productId: wax, qty: 1 }, { key });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.data.id).toBe(b.cartId);
    expect(await lines(b)).toEqual([[wax, 1]]);

    const stranger = await send("POST", "addItem", { ...a, protectCode: b.protectCode, productId: wax, qty: 1 }, { key });
    expect(stranger.status).toBe(409);
    expect(stranger.body.error?.payload.key).toBe("cart.error.sessionInvalid");
  });

  it("stores nothing for a refused change, so the same key may try again", async () => {
    const s = await newSession();
    const key = newKey();
    const body = { ...s, productId: cloth, qty: 2 };
    expect((await send("POST", "addItem", body, { key })).status).toBe(400);
    expect(await keysOf(s.cartId)).toEqual([]);
    await p.db.updateTable("products").set({ stock: 5 }).where("id", "=", cloth).execute();
    expect((await send("POST", "addItem", body, { key })).status).toBe(200);
    expect(await lines(s)).toEqual([[cloth, 2]]);

    // A coupon that does not apply still comes off the cart (SPEC §4), answered 404 each time with the key free.
    const couponKey = newKey();
    for (let i = 0; i < 2; i++) {
      const refused = await send("POST", "applyCoupon", { ...s, couponCode: "NEMA-GA" }, { key: couponKey });
      expect(refused.status).toBe(404);
    }
    expect((await keysOf(s.cartId)).map((k) => k.request_key)).not.toContain(couponKey);
  });

  it("forgets keys after a day", async () => {
    const s = await newSession();
    const [old, fresh] = [newKey(), newKey()];
    await send("POST", "addItem", { ...s, productId: wax, qty: 1 }, { key: old });
    await send("POST", "addItem", { ...s, productId: wax, qty: 1 }, { key: fresh });
    const dayAgo = new Date(Date.now() - 24 * 60 * 60_000 - 1000).toISOString();
    await p.db.updateTable("cart_request_keys").set({ created_at: dayAgo }).where("request_key", "=", old).execute();
    expect(await expireRequestKeys(p.requestCtx())).toBeGreaterThanOrEqual(1);
    expect((await keysOf(s.cartId)).map((k) => k.request_key)).toEqual([fresh]);
    // The expired key is a new request now.
    await send("POST", "addItem", { ...s, productId: wax, qty: 1 }, { key: old });
    expect(await lines(s)).toEqual([[wax, 3]]);
  });
});
