import { createHash, randomBytes } from "node:crypto";
import type { CartView, NewCartSession, ValidateCartAnswer } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { type CartCatalog, insertCartCatalog, insertCoupon, insertProduct, productSlug } from "./cart.fixtures.ts";

let p: TestPlatform;
let c: CartCatalog;

beforeAll(async () => {
  p = await createTestPlatform();
  c = await insertCartCatalog(p.db);
  await insertCoupon(p.db, { code: "TEST10", kind: "percent", value: 10 });
  await insertCoupon(p.db, { code: "VELIKI5", kind: "fixed", value: 500, minTotalCents: 2000 });
  await insertCoupon(p.db, { code: "UGASEN", kind: "percent", value: 50, active: false });
  await insertCoupon(p.db, { code: "ISTEKAO", kind: "percent", value: 50, validTo: "2000-01-01T00:00:00.000Z" });
});
afterAll(() => p.close());

/** A valid EAN-13 membership card number (issued to a member where a test needs membership prices). */
const CARD = "4006381333931";

interface CallOpts {
  token?: string;
  language?: string;
  ip?: string;
}

const cart = <T = CartView>(method: string, name: string, body?: unknown, opts: CallOpts = {}) =>
  p.call<T>(method, `/api/v2/cart/${name}`, { body, ...opts });

async function newSession(opts: CallOpts = {}): Promise<NewCartSession> {
  const res = await cart<NewCartSession>("GET", "getNewCartSession", undefined, opts);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function add(s: NewCartSession, productId: number, qty = 1, options?: unknown, opts: CallOpts = {}) {
  return cart("POST", "addItem", { ...s, productId, qty, ...(options === undefined ? {} : { options }) }, opts);
}

async function added(s: NewCartSession, productId: number, qty = 1, options?: unknown): Promise<CartView> {
  const res = await add(s, productId, qty, options);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function view(s: NewCartSession, opts: CallOpts = {}): Promise<CartView> {
  const res = await cart("POST", "getCart", s, opts);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** What is stored of a cart, to prove a refused call changed nothing. */
async function snapshot(cartId: number) {
  const row = await p.db.selectFrom("carts").selectAll().where("id", "=", cartId).executeTakeFirstOrThrow();
  const items = await p.db.selectFrom("cart_items").selectAll().where("cart_id", "=", cartId).orderBy("id").execute();
  return { row, items };
}

async function member() {
  const user = await p.createUser();
  return { id: user.id, token: (await p.login(user)).accessToken };
}

describe("GET /v2/cart/getNewCartSession", () => {
  it("opens an empty cart and keeps only the hash of its protectCode", async () => {
    const s = await newSession();
    expect(s.protectCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await p.db.selectFrom("carts").selectAll().where("id", "=", s.cartId).executeTakeFirstOrThrow();
    expect(row.protect_hash).toBe(createHash("sha256").update(s.protectCode).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(s.protectCode);
    expect(row.user_id).toBeNull();
    const v = await view(s);
    expect(v).toMatchObject({
      id: s.cartId,
      items: [],
      itemCount: 0,
      couponCode: null,
      validateMemberCard: false,
      digitalOnly: false,
      prices: { itemsTotal: 0, coupon: 0, delivery: 0, loyalty: 0, tax: 0, orderTotal: 0, cartTotal: 0, currency: "EUR" },
    });
  });

  it("gives every cart its own code and remembers a logged-in owner", async () => {
    const a = await newSession();
    const b = await newSession();
    expect(a.cartId).not.toBe(b.cartId);
    expect(a.protectCode).not.toBe(b.protectCode);
    const m = await member();
    const mine = await newSession({ token: m.token });
    const row = await p.db.selectFrom("carts").select("user_id").where("id", "=", mine.cartId).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(m.id);
  });

  it("limits new carts per address", async () => {
    const ip = "10.250.0.1";
    for (let i = 0; i < 30; i++) await newSession({ ip });
    const res = await cart("GET", "getNewCartSession", undefined, { ip });
    expect(res.status).toBe(429);
    expect((await cart("GET", "getNewCartSession", undefined, { ip: "10.250.0.2" })).status).toBe(200);
  });
});

describe("POST /v2/cart/addItem", () => {
  it("adds a simple product with prices computed on the server", async () => {
    const s = await newSession();
    const v = await added(s, c.wax, 2);
    expect(v.items).toHaveLength(1);
    expect(v.items[0]).toMatchObject({
      productId: c.wax,
      qty: 2,
      productData: {
        name: "Tvrdi vosak",
        format: "simple",
        slug: await productSlug(p.db, c.wax),
        mainProductSlug: null,
        isVisibleIndividually: true,
        stock: null,
        variantLabels: [],
        media: [{ src: "/media/vosak.webp", width: 800, height: 800, alt: "Tvrdi vosak" }],
      },
      prices: { unitPrice: 10, retailPrice: 10, rowTotal: 20, tax: 4 },
    });
    expect(v.itemCount).toBe(2);
    expect(v.prices).toMatchObject({ itemsTotal: 20, coupon: 0, delivery: 0, loyalty: 0, tax: 4, orderTotal: 20, cartTotal: 20 });
  });

  it("ignores prices sent by the client and follows the product rows", async () => {
    const s = await newSession();
    const id = await insertProduct(p.db, { retailCents: 999, name: "Sprej za felge" });
    const res = await cart("POST", "addItem", { ...s, productId: id, qty: 1, price: 0.01, finalPrice: 0.01, prices: { unitPrice: 0.01 } });
    expect(res.body.data.prices.orderTotal).toBe(9.99);
    await p.db.updateTable("products").set({ discount_cents: 799 }).where("id", "=", id).execute();
    expect((await view(s)).items[0]?.prices).toMatchObject({ unitPrice: 7.99, retailPrice: 9.99 });
  });

  it("answers names in the request language", async () => {
    const s = await newSession();
    await added(s, c.wax);
    expect((await view(s, { language: "en" })).items[0]?.productData.name).toBe("Hard wax");
  });

  it("adds to the existing line when the same product comes again", async () => {
    const s = await newSession();
    const first = await added(s, c.wax, 1);
    const second = await added(s, c.wax, 2);
    expect(second.items).toHaveLength(1);
    expect(second.items[0]?.itemId).toBe(first.items[0]?.itemId);
    expect(second.items[0]?.qty).toBe(3);
    expect(second.prices.itemsTotal).toBe(30);
  });

  it("refuses a configurable product without chosen options (SPEC §4 Addability)", async () => {
    const s = await newSession();
    const res = await add(s, c.shampoo.parent);
    expect(res.status).toBe(400);
    expect(res.body.error?.payload).toMatchObject({
      key: "core.notifications.configurationNotSet",
      message: "Prije dodavanja u košaricu odaberite sve opcije proizvoda.",
    });
    expect((await view(s)).items).toHaveLength(0);
  });

  it("adds a variant with its parent's slug, selector labels and the parent's picture", async () => {
    const s = await newSession();
    const v = await added(s, c.shampoo.lemon);
    expect(v.items[0]?.productData).toMatchObject({
      name: "Auto šampon Limun",
      mainProductSlug: await productSlug(p.db, c.shampoo.parent),
      isVisibleIndividually: false,
      stock: 5,
      variantLabels: ["Miris: Limun"],
      media: [{ src: "/media/sampon.webp" }],
    });
    expect((await view(s, { language: "en" })).items[0]?.productData).toMatchObject({
      variantLabels: ["Scent: Lemon"],
      mainProductSlug: await productSlug(p.db, c.shampoo.parent, "en"),
    });
  });

  it("adds a bundle only with a real variant chosen for every configurable part", async () => {
    const s = await newSession();
    const notSet = async (options: unknown) => {
      const res = await add(s, c.kit, 1, options);
      expect(res.status, JSON.stringify(options)).toBe(400);
      expect(res.body.error?.payload.key).toBe("core.notifications.configurationNotSet");
    };
    await notSet(undefined);
    await notSet({ bundleOptions: [] });
    // Not a variant of the shampoo part; the configurable product itself; a variant given for a simple part.
    await notSet({ bundleOptions: [{ id: c.shampoo.parent, selected: c.wax }] });
    await notSet({ bundleOptions: [{ id: c.shampoo.parent, selected: c.shampoo.parent }] });
    await notSet({
      bundleOptions: [
        { id: c.shampoo.parent, selected: c.shampoo.lemon },
        { id: c.cloth, selected: c.cloth },
      ],
    });
    expect((await view(s)).items).toHaveLength(0);

    const v = await added(s, c.kit, 1, { bundleOptions: [{ id: c.shampoo.parent, selected: c.shampoo.lavender }] });
    expect(v.items[0]).toMatchObject({
      productId: c.kit,
      options: { bundleOptions: [{ id: c.shampoo.parent, selected: c.shampoo.lavender, options: [] }] },
      prices: { unitPrice: 30 },
    });
    // Another variant choice is another line.
    const two = await added(s, c.kit, 1, { bundleOptions: [{ id: c.shampoo.parent, selected: c.shampoo.lemon }] });
    expect(two.items).toHaveLength(2);
  });

  it("adds a bundle without configurable parts directly and refuses nested bundles", async () => {
    const s = await newSession();
    expect((await added(s, c.simpleKit)).items[0]?.prices.unitPrice).toBe(12);
    const nested = await add(s, c.nestedKit);
    expect(nested.status).toBe(400);
    expect(nested.body.error?.payload.key).toBe("core.notifications.configurationNotSet");
  });

  it("refuses archived and unknown products", async () => {
    const s = await newSession();
    for (const id of [c.archived, 2_000_000_000]) {
      const res = await add(s, id);
      expect(res.status).toBe(404);
      expect(res.body.error?.payload.key).toBe("cart.error.productNotFound");
    }
  });

  it("checks custom options and adds their surcharge per unit", async () => {
    const s = await newSession();
    const v = await added(s, c.engraved.id, 2, {
      customPriceOption: [
        { optionId: c.engraved.text, customOptionValue: "  ANA  ", customOptionTitle: "forged" },
        { optionId: c.engraved.number, customOptionValue: "3" },
      ],
    });
    expect(v.items[0]).toMatchObject({
      options: {
        customPriceOption: [
          { optionId: c.engraved.text, customOptionValue: "ANA", customOptionTitle: "Gravura" },
          { optionId: c.engraved.number, customOptionValue: "3", customOptionTitle: "Broj" },
        ],
      },
      prices: { unitPrice: 18, retailPrice: 18, rowTotal: 36 },
    });
    // Other text: another line; the same text again: the same line.
    const other = await added(s, c.engraved.id, 1, { customPriceOption: [{ optionId: c.engraved.text, customOptionValue: "IVA" }] });
    expect(other.items.map((i) => i.prices.unitPrice)).toEqual([18, 17]);
    const same = await added(s, c.engraved.id, 1, { customPriceOption: [{ optionId: c.engraved.text, customOptionValue: "IVA" }] });
    expect(same.items.map((i) => i.qty)).toEqual([2, 2]);
  });

  it("refuses missing, unknown, too long and non-numeric custom options", async () => {
    const s = await newSession();
    const cases: [unknown, string, string][] = [
      [{}, "options.customPriceOption", "Gravura: Unos ovog polja je obavezan"],
      [
        { customPriceOption: [{ optionId: c.engraved.text, customOptionValue: "  " }] },
        "options.customPriceOption",
        "Gravura: Unos ovog polja je obavezan",
      ],
      [
        { customPriceOption: [{ optionId: c.engraved.text, customOptionValue: "12345678901" }] },
        "options.customPriceOption.0.customOptionValue",
        "Maksimalna duljina je 10 znakova",
      ],
      [
        {
          customPriceOption: [
            { optionId: c.engraved.text, customOptionValue: "ANA" },
            { optionId: c.engraved.number, customOptionValue: "tri" },
          ],
        },
        "options.customPriceOption.1.customOptionValue",
        "Neispravna vrijednost",
      ],
      [
        {
          customPriceOption: [
            { optionId: c.engraved.text, customOptionValue: "ANA" },
            { optionId: 2_000_000, customOptionValue: "x" },
          ],
        },
        "options.customPriceOption.1.optionId",
        "Neispravna vrijednost",
      ],
    ];
    for (const [options, path, message] of cases) {
      const res = await add(s, c.engraved.id, 1, options);
      expect(res.status, JSON.stringify(options)).toBe(400);
      expect(res.body.error?.payload.fields?.find((f) => f.path === path)?.message, JSON.stringify(options)).toBe(message);
    }
    // Another product's option does not belong here either.
    const wax = await add(s, c.wax, 1, { customPriceOption: [{ optionId: c.engraved.number, customOptionValue: "1" }] });
    expect(wax.status).toBe(400);
    expect((await view(s)).items).toHaveLength(0);
  });

  it("never puts more of a product in the cart than its stock, counting bundle parts", async () => {
    const s = await newSession();
    await added(s, c.cloth, 2);
    const before = await snapshot(s.cartId);
    const res = await add(s, c.cloth, 1);
    expect(res.status).toBe(400);
    expect(res.body.error?.payload.message).toBe("Na zalihi je samo 2 kom.");
    expect(res.body.error?.payload.fields?.[0]).toMatchObject({ path: "qty", key: "cart.error.outOfStock", params: { available: 2 } });
    const en = await add(s, c.cloth, 1, undefined, { language: "en" });
    expect(en.body.error?.payload.message).toBe("Only 2 in stock.");
    // The kit holds a cloth as well.
    const kit = await add(s, c.kit, 1, { bundleOptions: [{ id: c.shampoo.parent, selected: c.shampoo.lemon }] });
    expect(kit.status).toBe(400);
    expect(kit.body.error?.payload.fields?.[0]?.key).toBe("cart.error.outOfStock");
    expect(await snapshot(s.cartId)).toEqual(before);

    const fresh = await newSession();
    await added(fresh, c.shampoo.lemon, 4);
    const over = await add(fresh, c.kit, 2, { bundleOptions: [{ id: c.shampoo.parent, selected: c.shampoo.lemon }] });
    expect(over.body.error?.payload.message).toBe("Na zalihi je samo 5 kom.");
    expect((await added(fresh, c.kit, 1, { bundleOptions: [{ id: c.shampoo.parent, selected: c.shampoo.lemon }] })).items).toHaveLength(2);
  });

  it("keeps stock and line merging right when adds to one cart arrive at once", async () => {
    const s = await newSession();
    const results = await Promise.all(Array.from({ length: 3 }, () => add(s, c.cloth, 2)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    await Promise.all(Array.from({ length: 4 }, () => add(s, c.wax, 1)));
    expect((await view(s)).items.map((i) => [i.productId, i.qty])).toEqual([
      [c.cloth, 2],
      [c.wax, 4],
    ]);
  });

  it("refuses a line beyond the quantity maximum when adding to it", async () => {
    const s = await newSession();
    await added(s, c.voucher, 999);
    const res = await add(s, c.voucher, 1);
    expect(res.status).toBe(400);
    expect(res.body.error?.payload.fields?.[0]?.path).toBe("qty");
    expect((await view(s)).items[0]?.qty).toBe(999);
  });

  it("marks a cart of e-products only as digital", async () => {
    const s = await newSession();
    expect((await added(s, c.voucher)).digitalOnly).toBe(true);
    expect((await added(s, c.wax)).digitalOnly).toBe(false);
  });
});

describe("PATCH /v2/cart/updateItem", () => {
  it("sets the quantity and touches the cart", async () => {
    const s = await newSession();
    const line = (await added(s, c.wax)).items[0];
    await p.db.updateTable("carts").set({ updated_at: "2020-01-01T00:00:00.000Z" }).where("id", "=", s.cartId).execute();
    const res = await cart("PATCH", "updateItem", { ...s, itemId: line?.itemId, qty: 4 });
    expect(res.status).toBe(200);
    expect(res.body.data.items[0]).toMatchObject({ qty: 4, prices: { rowTotal: 40 } });
    expect((await snapshot(s.cartId)).row.updated_at > "2020-01-01T00:00:00.000Z").toBe(true);
  });

  it("refuses a quantity beyond stock and leaves the line as it was", async () => {
    const s = await newSession();
    const line = (await added(s, c.cloth)).items[0];
    const before = await snapshot(s.cartId);
    const res = await cart("PATCH", "updateItem", { ...s, itemId: line?.itemId, qty: 3 });
    expect(res.status).toBe(400);
    expect(res.body.error?.payload.message).toBe("Na zalihi je samo 2 kom.");
    expect(await snapshot(s.cartId)).toEqual(before);
    expect((await cart("PATCH", "updateItem", { ...s, itemId: line?.itemId, qty: 2 })).status).toBe(200);
  });

  it("changes a line's options when given, checked as on add", async () => {
    const s = await newSession();
    const line = (await added(s, c.engraved.id, 1, { customPriceOption: [{ optionId: c.engraved.text, customOptionValue: "ANA" }] }))
      .items[0];
    const bad = await cart("PATCH", "updateItem", { ...s, itemId: line?.itemId, qty: 1, options: { customPriceOption: [] } });
    expect(bad.status).toBe(400);
    const res = await cart("PATCH", "updateItem", {
      ...s,
      itemId: line?.itemId,
      qty: 1,
      options: { customPriceOption: [{ optionId: c.engraved.text, customOptionValue: "MARKO" }] },
    });
    expect(res.body.data.items[0]?.options.customPriceOption[0]?.customOptionValue).toBe("MARKO");
  });

  it("answers 404 itemNotInCart for another cart's line or an unknown one", async () => {
    const mine = await newSession();
    const theirs = await newSession();
    const their = (await added(theirs, c.wax)).items[0];
    for (const itemId of [their?.itemId, 2_000_000]) {
      const res = await cart("PATCH", "updateItem", { ...mine, itemId, qty: 2 });
      expect(res.status).toBe(404);
      expect(res.body.error?.payload).toMatchObject({ key: "core.notifications.itemNotInCart", message: "Proizvod nije u košarici." });
    }
    expect((await view(theirs)).items[0]?.qty).toBe(1);
  });

  it("drops a coupon whose minimum total is no longer reached (SPEC §4)", async () => {
    const s = await newSession();
    const line = (await added(s, c.wax, 2)).items[0];
    const applied = await cart("POST", "applyCoupon", { ...s, couponCode: "veliki5" });
    expect(applied.body.data).toMatchObject({ couponCode: "VELIKI5", prices: { itemsTotal: 20, coupon: 5, orderTotal: 15 } });
    const res = await cart("PATCH", "updateItem", { ...s, itemId: line?.itemId, qty: 1 });
    expect(res.body.data).toMatchObject({ couponCode: null, prices: { itemsTotal: 10, coupon: 0, orderTotal: 10 } });
    expect((await snapshot(s.cartId)).row.coupon_code).toBeNull();
    // Back above the minimum, the coupon does not come back by itself.
    const again = await cart("PATCH", "updateItem", { ...s, itemId: line?.itemId, qty: 3 });
    expect(again.body.data.couponCode).toBeNull();
  });
});

describe("DELETE /v2/cart/deleteItem and POST /v2/cart/clearCart", () => {
  it("removes one line", async () => {
    const s = await newSession();
    await added(s, c.wax);
    const v = await added(s, c.voucher);
    const res = await cart("DELETE", "deleteItem", { ...s, itemId: v.items[0]?.itemId });
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((i) => i.productId)).toEqual([c.voucher]);
    const again = await cart("DELETE", "deleteItem", { ...s, itemId: v.items[0]?.itemId });
    expect(again.status).toBe(404);
    expect(again.body.error?.payload.key).toBe("core.notifications.itemNotInCart");
  });

  it("empties the cart", async () => {
    const s = await newSession();
    await added(s, c.wax);
    await added(s, c.voucher);
    const res = await cart("POST", "clearCart", s);
    expect(res.body.data).toMatchObject({ items: [], itemCount: 0, prices: { orderTotal: 0 } });
    expect((await snapshot(s.cartId)).items).toHaveLength(0);
  });
});

describe("coupons", () => {
  it("applies a code in any letter case: 10 % of the items total, VAT shrinking with it", async () => {
    const s = await newSession();
    await added(s, c.wax);
    const res = await cart("POST", "applyCoupon", { ...s, couponCode: " test10 " });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      couponCode: "TEST10",
      prices: { itemsTotal: 10, coupon: 1, tax: 1.8, orderTotal: 9, cartTotal: 9 },
    });
    expect((await view(s)).couponCode).toBe("TEST10");
    const removed = await cart("POST", "removeCoupon", s);
    expect(removed.body.data).toMatchObject({ couponCode: null, prices: { coupon: 0, orderTotal: 10 } });
  });

  it("answers 'Coupon not found!' for unknown, inactive, expired and too-small-cart codes, and removes the coupon", async () => {
    const s = await newSession();
    await added(s, c.wax);
    await cart("POST", "applyCoupon", { ...s, couponCode: "TEST10" });
    for (const couponCode of ["NEPOSTOJI", "UGASEN", "ISTEKAO", "VELIKI5"]) {
      const res = await cart("POST", "applyCoupon", { ...s, couponCode });
      expect(res.status, couponCode).toBe(404);
      expect(res.body.error?.payload.message).toBe("Coupon not found!");
      expect(res.body.error?.payload.fields?.[0]).toMatchObject({ key: "cart.error.couponNotFound", message: "Kupon nije pronađen!" });
    }
    expect((await snapshot(s.cartId)).row.coupon_code).toBeNull();
    const empty = await cart("POST", "applyCoupon", { ...s, couponCode: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.error?.payload.fields?.[0]?.path).toBe("couponCode");
  });
});

describe("POST /v2/cart/applyMemberCard", () => {
  it("is for logged-in customers only", async () => {
    const s = await newSession();
    const res = await cart("POST", "applyMemberCard", { ...s, barcode: CARD });
    expect(res.status).toBe(401);
  });

  it("refuses an invalid barcode with the SPEC §8 key", async () => {
    const m = await member();
    const s = await newSession({ token: m.token });
    const res = await cart("POST", "applyMemberCard", { ...s, barcode: "4006381333932" }, { token: m.token });
    expect(res.status).toBe(400);
    expect(res.body.error?.payload).toMatchObject({
      key: "core.notifications.membershipCardBarcodeInvalid",
      message: "Broj članske kartice nije ispravan.",
    });
    expect((await snapshot(s.cartId)).row.member_card).toBeNull();
  });

  it("gives membership prices with a valid card and reports the saving", async () => {
    const m = await member();
    await p.issueMemberCard(m.id, CARD);
    const s = await newSession({ token: m.token });
    await added(s, c.wax, 2);
    await added(s, c.voucher);
    const res = await cart("POST", "applyMemberCard", { ...s, barcode: CARD }, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      memberCard: CARD,
      validateMemberCard: true,
      prices: { itemsTotal: 36, loyalty: 4, orderTotal: 36 },
    });
    expect(res.body.data.items[0]?.prices).toMatchObject({ unitPrice: 8, retailPrice: 10, rowTotal: 16 });
    // Membership prices are the card holder's: the check is asked with the holder's login.
    const check = await cart<ValidateCartAnswer>("POST", "validateCart", s, { token: m.token });
    expect(check.body.data).toEqual({
      items: [
        { itemId: res.body.data.items[0]?.itemId, finalPrice: 8, qty: 2 },
        { itemId: res.body.data.items[1]?.itemId, finalPrice: 20, qty: 1 },
      ],
      cartTotal: 36,
      validateMemberCard: true,
      voucher: 0,
    });
  });
});

describe("POST /v2/cart/removeMemberCard", () => {
  it("takes the card off the cart and membership prices end; only for a logged-in customer", async () => {
    const m = await member();
    // Another valid EAN-13 number: cards are unique and CARD is issued above.
    const card = "5901234123457";
    await p.issueMemberCard(m.id, card);
    const s = await newSession({ token: m.token });
    await added(s, c.wax, 2);
    expect((await cart<CartView>("POST", "applyMemberCard", { ...s, barcode: card }, { token: m.token })).body.data.prices.loyalty).toBe(4);
    expect((await cart("POST", "removeMemberCard", s)).status).toBe(401);
    const res = await cart<CartView>("POST", "removeMemberCard", s, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ memberCard: null, validateMemberCard: false, prices: { loyalty: 0, itemsTotal: 20 } });
    expect((await snapshot(s.cartId)).row.member_card).toBeNull();
  });
});

describe("POST /v2/cart/validateCart", () => {
  it("answers current line prices and the total, changing when a product's price changes", async () => {
    const s = await newSession();
    const id = await insertProduct(p.db, { retailCents: 2500, name: "Polir pasta" });
    const line = (await added(s, id, 2)).items[0];
    await insertCoupon(p.db, { code: "VALID20", kind: "percent", value: 20 });
    await cart("POST", "applyCoupon", { ...s, couponCode: "VALID20" });
    const first = await cart<ValidateCartAnswer>("POST", "validateCart", s);
    expect(first.body.data).toEqual({
      items: [{ itemId: line?.itemId, finalPrice: 25, qty: 2 }],
      cartTotal: 40,
      validateMemberCard: false,
      voucher: 0,
    });
    await p.db.updateTable("products").set({ retail_cents: 3000 }).where("id", "=", id).execute();
    const second = await cart<ValidateCartAnswer>("POST", "validateCart", s);
    expect(second.body.data).toMatchObject({ items: [{ finalPrice: 30 }], cartTotal: 48 });
  });
});

describe("POST /v2/cart/getAbandoned", () => {
  it("hands the customer's newest open cart back with a new code; the old code stops working", async () => {
    const m = await member();
    const older = await newSession({ token: m.token });
    await added(older, c.wax);
    const s = await newSession({ token: m.token });
    await added(s, c.voucher);
    // Empty and ordered carts are not abandoned carts.
    await newSession({ token: m.token });
    const ordered = await newSession({ token: m.token });
    await added(ordered, c.wax);
    await p.db.updateTable("carts").set({ ordered_at: new Date().toISOString() }).where("id", "=", ordered.cartId).execute();

    const res = await cart<NewCartSession>("POST", "getAbandoned", undefined, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.data.cartId).toBe(s.cartId);
    expect(res.body.data.protectCode).not.toBe(s.protectCode);
    expect((await cart("POST", "getCart", s)).status).toBe(409);
    expect((await view(res.body.data)).items[0]?.productId).toBe(c.voucher);
  });

  it("makes an anonymous cart the customer's once they use it logged in", async () => {
    const m = await member();
    const s = await newSession();
    await add(s, c.wax, 1, undefined, { token: m.token });
    const res = await cart<NewCartSession | null>("POST", "getAbandoned", undefined, { token: m.token });
    expect(res.body.data?.cartId).toBe(s.cartId);
  });

  it("answers null without an open cart, 401 when anonymous, and never another customer's cart", async () => {
    const other = await member();
    await added(await newSession({ token: other.token }), c.wax);
    const m = await member();
    const res = await cart("POST", "getAbandoned", undefined, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
    expect((await cart("POST", "getAbandoned")).status).toBe(401);
  });
});

describe("instructions and guest e-mail", () => {
  it("stores instructions and the guest's e-mail", async () => {
    const s = await newSession();
    const res = await cart("POST", "setInstructions", { ...s, instructions: "  Ostavite kod portira.  " });
    expect(res.body.data.instructions).toBe("Ostavite kod portira.");
    const guest = await cart("PUT", "updateGuest", { ...s, email: "Gost@Example.hr" });
    expect(guest.status).toBe(200);
    expect((await snapshot(s.cartId)).row.guest_email).toBe("gost@example.hr");
    const bad = await cart("PUT", "updateGuest", { ...s, email: "nije-email" });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.payload.fields?.[0]).toMatchObject({ path: "email", message: "Unesite ispravnu e-mail adresu" });
    const long = await cart("POST", "setInstructions", { ...s, instructions: "x".repeat(1001) });
    expect(long.body.error?.payload.fields?.[0]?.message).toBe("Maksimalna duljina je 1000 znakova");
  });
});

describe("session protection", () => {
  it("answers every call with another cart's code, a wrong code or an unknown cart with the same 409 and changes nothing", async () => {
    const m = await member();
    const victim = await newSession({ token: m.token });
    const line = (await added(victim, c.wax, 2)).items[0];
    await cart("POST", "applyCoupon", { ...victim, couponCode: "TEST10" });
    const attacker = await newSession();
    await added(attacker, c.voucher);
    const before = await snapshot(victim.cartId);

    const forged = [
      { cartId: victim.cartId, protectCode: attacker.protectCode },
      { cartId: victim.cartId, protectCode: randomBytes(32).toString("base64url") },
      { cartId: 2_000_000_000, protectCode: victim.protectCode },
    ];
    const calls: [string, string, Record<string, unknown>][] = [
      ["POST", "getCart", {}],
      ["POST", "validateCart", {}],
      ["POST", "addItem", { productId: c.wax, qty: 1 }],
      ["PATCH", "updateItem", { itemId: line?.itemId, qty: 1 }],
      ["DELETE", "deleteItem", { itemId: line?.itemId }],
      ["POST", "clearCart", {}],
      ["POST", "applyCoupon", { couponCode: "NEPOSTOJI" }],
      ["POST", "removeCoupon", {}],
      ["POST", "applyMemberCard", { barcode: "123" }],
      ["POST", "removeMemberCard", {}],
      ["POST", "setInstructions", { instructions: "Hakirano" }],
      ["PUT", "updateGuest", { email: "napadac@example.hr" }],
    ];
    for (const session of forged) {
      for (const [method, name, extra] of calls) {
        // The card calls need a login; the attacker has one of their own.
        const token = name === "applyMemberCard" || name === "removeMemberCard" ? m.token : undefined;
        const barcode = name === "applyMemberCard" ? { barcode: CARD } : {};
        const res = await cart(method, name, { ...session, ...extra, ...barcode }, { token });
        expect(res.status, `${name} ${JSON.stringify(session)}`).toBe(409);
        expect(res.body.error?.payload).toMatchObject({ key: "cart.error.sessionInvalid", message: "Sesija košarice ne postoji." });
      }
    }
    expect(await snapshot(victim.cartId)).toEqual(before);
    const en = await cart("POST", "getCart", forged[0], { language: "en" });
    expect(en.body.error?.payload.message).toBe("Session doesn't exist.");
  });

  it("limits changes per cart; strangers guessing codes do not use up the owner's limit", async () => {
    const s = await newSession();
    const stranger = { cartId: s.cartId, protectCode: randomBytes(32).toString("base64url") };
    const strangerStatuses = [];
    for (let i = 0; i < 125; i++)
      strangerStatuses.push((await cart("POST", "setInstructions", { ...stranger, instructions: `${i}` })).status);
    expect(strangerStatuses).toEqual([...Array(120).fill(409), ...Array(5).fill(429)]);
    for (let i = 0; i < 120; i++) {
      expect((await cart("POST", "setInstructions", { ...s, instructions: `${i}` })).status).toBe(200);
    }
    const res = await cart("POST", "setInstructions", { ...s, instructions: "još" });
    expect(res.status).toBe(429);
    expect(res.body.error?.code).toBe("RATE_LIMITED");
    expect((await snapshot(s.cartId)).row.instructions).toBe("119");
  });

  it("closes a cart that became an order", async () => {
    const s = await newSession();
    await added(s, c.wax);
    await p.db.updateTable("carts").set({ ordered_at: new Date().toISOString() }).where("id", "=", s.cartId).execute();
    expect((await cart("POST", "getCart", s)).status).toBe(409);
    expect((await add(s, c.wax)).status).toBe(409);
  });
});

describe("bad input", () => {
  it("answers 400 with translated field errors, never a 500", async () => {
    const s = await newSession();
    const line = (await added(s, c.wax)).items[0];
    for (const qty of [0, -1, 1.5, "abc", 1000, null]) {
      for (const res of [
        await cart("POST", "addItem", { ...s, productId: c.wax, qty }),
        await cart("PATCH", "updateItem", { ...s, itemId: line?.itemId, qty }),
      ]) {
        expect(res.status, String(qty)).toBe(400);
        const f = res.body.error?.payload.fields?.find((x) => x.path === "qty");
        expect(f?.message, String(qty)).toMatch(/^[^[]+$/);
      }
    }
    const cases: [string, string, unknown, string][] = [
      ["POST", "getCart", { protectCode: s.protectCode }, "cartId"],
      ["POST", "getCart", { cartId: "abc", protectCode: s.protectCode }, "cartId"],
      ["POST", "getCart", { cartId: s.cartId }, "protectCode"],
      ["POST", "getCart", { cartId: s.cartId, protectCode: "kratko" }, "protectCode"],
      ["POST", "addItem", { ...s, productId: "x" }, "productId"],
      ["POST", "addItem", { ...s, productId: c.wax, options: { customPriceOption: "x" } }, "options.customPriceOption"],
      ["DELETE", "deleteItem", { ...s }, "itemId"],
      ["POST", "applyMemberCard", { ...s }, "barcode"],
    ];
    const m = await member();
    for (const [method, name, body, path] of cases) {
      const res = await cart(method, name, body, { token: m.token });
      expect(res.status, `${name} ${JSON.stringify(body)}`).toBe(400);
      expect(
        res.body.error?.payload.fields?.map((f) => f.path),
        name,
      ).toContain(path);
      expect(res.body.error?.payload.message).toMatch(/^Provjerite unesene podatke/);
    }
    for (const body of ["{nije json", "[1,2", "null"]) {
      const res = await cart("POST", "addItem", body);
      expect(res.status, body).toBe(400);
    }
    expect((await view(s)).items).toEqual([expect.objectContaining({ qty: 1 })]);
  });
});
