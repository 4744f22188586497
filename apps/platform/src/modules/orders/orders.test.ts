import type { CartView, NewCartSession, OrderCreateAnswer, OrderView, ValidateCartAnswer } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { decodePng, pdfTextLines } from "../bank-transfer/bank-transfer.test-support.ts";
import { type CartCatalog, insertCartCatalog, insertProduct } from "../cart/cart.fixtures.ts";
import { consentAssigned } from "../forms/forms.test-support.ts";
import { CHECKOUT_ADDRESS, insertCheckoutSetup, methodIds } from "./orders.fixtures.ts";
import { expireUnpaidOrders } from "./orders.service.ts";

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

async function newCart(): Promise<NewCartSession> {
  return (await p.call<NewCartSession>("GET", "/api/v2/cart/getNewCartSession")).body.data;
}

async function add(s: NewCartSession, productId: number, qty = 1) {
  const res = await p.call<CartView>("POST", "/api/v2/cart/addItem", { body: { ...s, productId, qty } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const put = <T = CartView>(path: string, body: unknown, token?: string) => p.call<T>("PUT", `/api/v2/${path}`, { body, token });
const post = <T>(path: string, body: unknown, extra: { token?: string; headers?: Record<string, string> } = {}) =>
  p.call<T>("POST", `/api/v2/${path}`, { body, ...extra });

/** A guest cart through the address, shipping and payment steps. */
async function ready(s: NewCartSession, payment: "bankTransfer" | "branch" | "card" = "bankTransfer", extra: Record<string, unknown> = {}) {
  expect((await put("checkout/saveAddresses", { ...s, email: "gost@example.hr", delivery: CHECKOUT_ADDRESS, ...extra })).status).toBe(200);
  expect((await put("delivery/saveDeliveryMethod", { ...s, deliveryMethodId: m.pickup, branchId: m.branches[1] })).status).toBe(200);
  const res = await put("payment/savePaymentMethod", { ...s, paymentMethodId: m[payment] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const create = (s: NewCartSession, extra: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  post<OrderCreateAnswer>("order/create", { ...s, ...extra }, { headers });

async function stockOf(id: number) {
  return (await p.db.selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;
}

async function orderCount() {
  return Number(
    (
      await p.db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

describe("order/create", () => {
  it("places a guest's pickup order paid by bank transfer: frozen lines, totals with VAT, stock taken, cart closed", async () => {
    const cloth = await insertProduct(p.db, { retailCents: 500, stock: 5, name: "Krpa za staklo" });
    const s = await newCart();
    await add(s, cloth, 2);
    await add(s, c.wax, 1);
    const cart = await ready(s);
    expect(cart.checkout).toMatchObject({ email: "gost@example.hr", branchId: m.branches[1], billing: null });

    const res = await create(s);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = res.body.data;
    expect(answer.orderSlug).toMatch(/^[A-Z0-9]{16}$/);
    expect(answer.paymentType).toBe("");
    expect(answer.html).toBeNull();
    expect(await stockOf(cloth)).toBe(3);

    const order = (await post<OrderView>(`order/get/${answer.orderSlug}`, { token: answer.accessToken })).body.data;
    expect(order).toMatchObject({
      status: "placed",
      paymentStatus: "initiated",
      fulfilmentStatus: "unfulfilled",
      email: "gost@example.hr",
      totals: { items: 20, discount: 0, delivery: 0, tax: 4, total: 20 },
      vat: [{ rate: 25, base: 16, tax: 4 }],
      payment: { kind: "bank_transfer" },
      delivery: { branch: { id: m.branches[1] } },
    });
    expect(order.number).toMatch(/^\d{4}-\d{6}$/);
    // The HUB-3 slip: to the shop's account, model HR00 with the order number as reference.
    expect(order.bankTransfer).toMatchObject({ iban: "HR1210010051863000160", model: "HR00", reference: order.number, amount: 20 });
    expect(order.bankTransfer?.barcodeSvg).toMatch(/^<svg[^>]*role="img"/);
    const pdf = await p.call<{ base64: string }>("GET", `/api/v2/document/get/web/paymentSlip-${answer.orderSlug}`, {
      headers: { orderToken: answer.accessToken },
    });
    expect(Buffer.from(pdf.body.data.base64, "base64").subarray(0, 5).toString()).toBe("%PDF-");
    expect(order.lines.map((l) => [l.name, l.qty, l.unitPrice, l.rowTotal])).toEqual([
      ["Krpa za staklo", 2, 5, 10],
      ["Tvrdi vosak", 1, 10, 10],
    ]);
    const history = await p.db
      .selectFrom("order_history")
      .select(["axis", "from_status", "to_status"])
      .where(
        "order_id",
        "=",
        (await p.db.selectFrom("orders").select("id").where("code", "=", answer.orderSlug).executeTakeFirstOrThrow()).id,
      )
      .execute();
    expect(history).toEqual([
      { axis: "order", from_status: null, to_status: "placed" },
      { axis: "payment", from_status: null, to_status: "initiated" },
      { axis: "fulfilment", from_status: null, to_status: "unfulfilled" },
    ]);
    // The confirmation, in the outbox with the order and sent: lines, VAT, the branch, how to pay.
    const mail = await p.waitForMail((x) => x.to.includes("gost@example.hr") && x.subject.includes(order.number));
    expect(mail.text).toContain("2 × Krpa za staklo");
    expect(mail.text).toContain("PDV 25 %");
    expect(mail.text).toContain("Zagreb – Dubrava");
    // Where and when: the branch's address, phone and opening hours.
    expect(mail.text).toContain("Radno vrijeme:\nPonedjeljak – petak: 07:00 – 20:00\nSubota – nedjelja: zatvoreno");
    expect(mail.html).toContain("Radno vrijeme:<br>Ponedjeljak – petak: 07:00 – 20:00<br>Subota – nedjelja: zatvoreno");
    expect(mail.text).toContain("HR1210010051863000160");
    expect(mail.text).toContain(order.number);
    // The barcode to scan inline in the HTML, and the slip to print, both made when the mail was sent.
    const barcode = mail.attachments.find((a) => a.contentType === "image/png");
    expect(mail.html).toContain(`src="cid:${barcode?.cid}"`);
    const decoded = decodePng(barcode?.content ?? Buffer.alloc(0)).text;
    expect(decoded).toContain("HR1210010051863000160");
    expect(decoded).toContain(`HR00\n${order.number}`);
    const attachedSlip = mail.attachments.find((a) => a.contentType === "application/pdf");
    expect(attachedSlip?.filename).toBe(`uplatnica-${order.number}.pdf`);
    expect(pdfTextLines(attachedSlip?.content ?? Buffer.alloc(0)).join(" ")).toContain(order.number);
    // The cart became the order: it opens nothing any more.
    expect((await post("cart/getCart", s)).status).toBe(409);
  });

  it("gives the pickup branch's opening hours in the customer's language, and none where they are not known", async () => {
    const week = [...Array.from({ length: 5 }, () => ({ opens: "07:00", closes: "20:00" })), null, null];
    const s = await newCart();
    await add(s, c.wax);
    await ready(s);
    const answer = (await p.call<OrderCreateAnswer>("POST", "/api/v2/order/create", { body: s, language: "de" })).body.data;
    const order = (await post<OrderView>(`order/get/${answer.orderSlug}`, { token: answer.accessToken })).body.data;
    expect(order.delivery?.branch?.hours).toEqual(week);
    const mail = await p.waitForMail((x) => x.subject.includes(order.number));
    expect(mail.text).toContain("Öffnungszeiten:\nMontag – Freitag: 07:00 – 20:00\nSamstag – Sonntag: geschlossen");
    // An order placed before branches had hours: its snapshot names none, and reads as not known.
    const row = await p.db.selectFrom("orders").select("branch").where("code", "=", answer.orderSlug).executeTakeFirstOrThrow();
    const { hours: _hours, ...before } = JSON.parse(row.branch ?? "{}") as Record<string, unknown>;
    await p.db
      .updateTable("orders")
      .set({ branch: JSON.stringify(before) })
      .where("code", "=", answer.orderSlug)
      .execute();
    const older = (await post<OrderView>(`order/get/${answer.orderSlug}`, { token: answer.accessToken })).body.data;
    expect(older.delivery?.branch).toMatchObject({ name: "Zagreb – Dubrava", hours: null });

    // A branch whose hours nobody entered: the mail gives its address and phone only.
    const branch = m.branches[1] as number;
    const { opening_hours } = await p.db.selectFrom("branches").select("opening_hours").where("id", "=", branch).executeTakeFirstOrThrow();
    await p.db.updateTable("branches").set({ opening_hours: null }).where("id", "=", branch).execute();
    try {
      const unknown = await newCart();
      await add(unknown, c.wax);
      await ready(unknown);
      const placed = (await create(unknown)).body.data;
      const view = (await post<OrderView>(`order/get/${placed.orderSlug}`, { token: placed.accessToken })).body.data;
      expect(view.delivery?.branch?.hours).toBeNull();
      const plain = await p.waitForMail((x) => x.subject.includes(view.number));
      expect(plain.text).toContain("+385 1 5550 102");
      expect(plain.text).not.toContain("Radno vrijeme");
    } finally {
      await p.db.updateTable("branches").set({ opening_hours }).where("id", "=", branch).execute();
    }
  });

  it("answers a repeat for the same cart, and a repeated Idempotency-Key, with the first order; the key with another body is 422", async () => {
    const s = await newCart();
    await add(s, c.wax);
    await ready(s);
    const key = { "idempotency-key": `key-${Date.now()}-${Math.random().toString(36).slice(2)}` };
    const first = await create(s, {}, key);
    expect(first.status).toBe(200);
    const again = await create(s);
    expect(again.body.data).toEqual(first.body.data);
    expect((await create(s, {}, key)).body.data).toEqual(first.body.data);
    const other = await create(s, { orderMessage: "drukčije" }, key);
    expect(other.status).toBe(422);
    expect(JSON.stringify(other.body)).toContain("error.checkout.idempotencyMismatch");
  });

  it("places one order when the same cart is sent five times at once", async () => {
    const s = await newCart();
    await add(s, c.wax);
    await ready(s);
    const before = await orderCount();
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(s)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.orderSlug)).size).toBe(1);
    expect(await orderCount()).toBe(before + 1);
  });

  it("refuses with cartUpdated and places nothing when the cart changed since the customer looked", async () => {
    const cloth = await insertProduct(p.db, { retailCents: 500, stock: 5, name: "Krpa za felge" });
    const s = await newCart();
    await add(s, cloth, 1);
    await ready(s);
    const seen = (await post<ValidateCartAnswer>("cart/validateCart", s)).body.data;
    await p.db.updateTable("products").set({ retail_cents: 600 }).where("id", "=", cloth).execute();
    const before = await orderCount();
    const res = await create(s, { seen: { ...seen, itemCount: 1 } });
    expect(res.status).toBe(409);
    expect(JSON.stringify(res.body)).toContain("core.notifications.cartUpdated");
    expect(await orderCount()).toBe(before);
    expect(await stockOf(cloth)).toBe(5);
    expect((await post("cart/getCart", s)).status).toBe(200);
  });

  it("needs each step: delivery method, branch for a pickup, an applicable payment", async () => {
    const s = await newCart();
    await add(s, c.wax);
    const noUser = await put("delivery/saveDeliveryMethod", { ...s, deliveryMethodId: m.pickup, branchId: m.branches[0] });
    expect(JSON.stringify(noUser.body)).toContain("error.checkout.noActiveUser");
    await put("checkout/saveAddresses", { ...s, email: "gost@example.hr", delivery: CHECKOUT_ADDRESS });
    const noBranch = await put("delivery/saveDeliveryMethod", { ...s, deliveryMethodId: m.pickup });
    expect(noBranch.status).toBe(400);
    expect(JSON.stringify(noBranch.body)).toContain("error.shippingBranchUndefined");
    const noMethod = await put("payment/savePaymentMethod", { ...s, paymentMethodId: m.bankTransfer });
    expect(JSON.stringify(noMethod.body)).toContain("error.shippingMethodUndefined");
    await put("delivery/saveDeliveryMethod", { ...s, deliveryMethodId: m.courier });
    // Paying at the branch needs a pickup.
    const atBranch = await put("payment/savePaymentMethod", { ...s, paymentMethodId: m.branch });
    expect(JSON.stringify(atBranch.body)).toContain("error.paymentMethodUndefined");
    const listed = await post<{ id: number }[]>("payment/getApplicablePaymentMethods", s);
    expect(listed.body.data.map((x) => x.id)).not.toContain(m.branch);
    expect((await create(s)).status).toBe(400);
  });

  it("checks a company's OIB by its check digit", async () => {
    const s = await newCart();
    await add(s, c.wax);
    const wrong = await put("checkout/saveAddresses", {
      ...s,
      email: "firma@example.hr",
      delivery: CHECKOUT_ADDRESS,
      company: { companyName: "Firma d.o.o.", oib: "12345678901" },
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain("validation.oib");
    const right = await put("checkout/saveAddresses", {
      ...s,
      email: "firma@example.hr",
      delivery: CHECKOUT_ADDRESS,
      company: { companyName: "Firma d.o.o.", oib: "69435151530" },
    });
    expect(right.status).toBe(200);
    expect(right.body.data.checkout.company).toEqual({ companyName: "Firma d.o.o.", oib: "69435151530" });
  });

  it("needs no delivery for a cart of only e-products, and does not offer paying at a branch", async () => {
    const s = await newCart();
    await add(s, c.voucher);
    await put("checkout/saveAddresses", { ...s, email: "bon@example.hr", delivery: CHECKOUT_ADDRESS });
    const delivery = await post<{ digitalOnly: boolean; methods: unknown[] }>("delivery/getApplicableDeliveryMethods", s);
    expect(delivery.body.data).toEqual({ digitalOnly: true, methods: [] });
    const payments = (await post<{ kind: string }[]>("payment/getApplicablePaymentMethods", s)).body.data.map((x) => x.kind);
    expect(payments).toEqual(["card", "bank_transfer"]);
    expect((await put("payment/savePaymentMethod", { ...s, paymentMethodId: m.bankTransfer })).status).toBe(200);
    expect((await create(s)).status).toBe(200);
  });

  it("needs the checkout's required consents, and logs them for the guest's e-mail", async () => {
    const consentId = await consentAssigned(p, "checkout", true);
    try {
      const s = await newCart();
      await add(s, c.wax);
      await ready(s);
      const refused = await create(s);
      expect(refused.status).toBe(400);
      expect(refused.body.error?.payload.key).toBe("core.notifications.consentRequired");
      expect((await post("cart/getCart", s)).status).toBe(200);
      expect((await create(s, { consents: [consentId] })).status).toBe(200);
      const log = await p.db.selectFrom("consent_log").select(["user_type", "email"]).where("consent_id", "=", consentId).execute();
      expect(log).toEqual([{ user_type: "guest", email: "gost@example.hr" }]);
    } finally {
      await p.db.deleteFrom("consent_assignments").where("consent_id", "=", consentId).execute();
    }
  });

  it("reads an order only with its token; a wrong token answers like a missing order", async () => {
    const s = await newCart();
    await add(s, c.wax);
    await ready(s);
    const { orderSlug, accessToken } = (await create(s)).body.data;
    const wrong = await post(`order/get/${orderSlug}`, { token: `${accessToken.slice(0, -2)}xx` });
    const missing = await post("order/get/AAAAAAAAAAAAAAAA", { token: accessToken });
    expect(wrong.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(wrong.body).toMatchObject({ errored: true, error: { payload: { key: "error.checkout.orderNotFound" } } });
    expect(missing.body).toMatchObject({ errored: true, error: { payload: { key: "error.checkout.orderNotFound" } } });
  });
});

describe("races", () => {
  it("20 checkouts for the last unit give exactly one order and never a negative stock", async () => {
    const last = await insertProduct(p.db, { retailCents: 900, stock: 1, name: "Zadnji komad" });
    const carts = await Promise.all(Array.from({ length: 20 }, () => newCart()));
    for (const s of carts) {
      await add(s, last);
      await ready(s);
    }
    const answers = await Promise.all(carts.map((s) => create(s)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect(JSON.stringify(a.body)).toContain("error.checkout.outOfStock");
    expect(await stockOf(last)).toBe(0);
  });

  it("a coupon with a usage limit of 1 raced by 20 orders gives one discount", async () => {
    await p.db
      .insertInto("coupons")
      .values({
        code: "JEDNOM",
        kind: "percent",
        value: 10,
        active: 1,
        valid_from: null,
        valid_to: null,
        min_total_cents: 0,
        usage_limit: 1,
      })
      .execute();
    const carts = await Promise.all(Array.from({ length: 20 }, () => newCart()));
    for (const s of carts) {
      await add(s, c.wax);
      expect((await post("cart/applyCoupon", { ...s, couponCode: "JEDNOM" })).status).toBe(200);
      await ready(s);
    }
    const answers = await Promise.all(carts.map((s) => create(s)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const discounted = await p.db.selectFrom("orders").select("id").where("coupon_code", "=", "JEDNOM").execute();
    expect(discounted).toHaveLength(1);
    const coupon = await p.db.selectFrom("coupons").select("used_count").where("code", "=", "JEDNOM").executeTakeFirstOrThrow();
    expect(coupon.used_count).toBe(1);
  });
});

describe("expiry of unpaid card orders", () => {
  it("gives back stock and coupon once the time is up, once", async () => {
    await p.db
      .insertInto("coupons")
      .values({
        code: "ISTECE",
        kind: "fixed",
        value: 100,
        active: 1,
        valid_from: null,
        valid_to: null,
        min_total_cents: 0,
        usage_limit: 5,
      })
      .execute();
    const item = await insertProduct(p.db, { retailCents: 1000, stock: 3, name: "Sprej za gume" });
    const s = await newCart();
    await add(s, item, 2);
    await post("cart/applyCoupon", { ...s, couponCode: "ISTECE" });
    await ready(s, "card");
    const { orderSlug } = (await create(s)).body.data;
    const order = await p.db.selectFrom("orders").selectAll().where("code", "=", orderSlug).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: "pending_payment", payment_status: "initiated", total_cents: 1900 });
    expect(await stockOf(item)).toBe(1);

    const later = new Date(Date.parse(order.expires_at ?? "") + 1000).toISOString();
    const ctx = p.requestCtx();
    expect(await expireUnpaidOrders(ctx, order.created_at)).toBe(0);
    expect(await expireUnpaidOrders(ctx, later)).toBe(1);
    expect(await expireUnpaidOrders(ctx, later)).toBe(0);
    const after = await p.db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: "cancelled", payment_status: "expired" });
    expect(await stockOf(item)).toBe(3);
    const coupon = await p.db.selectFrom("coupons").select("used_count").where("code", "=", "ISTECE").executeTakeFirstOrThrow();
    expect(coupon.used_count).toBe(0);
    const attempt = await p.db.selectFrom("payment_attempts").select("status").where("order_id", "=", order.id).executeTakeFirstOrThrow();
    expect(attempt.status).toBe("expired");
  });
});

describe("the link in the confirmation e-mail", () => {
  const open = (code: string, expires: number | string, token: string) =>
    post<{ accessToken: string; locale: string }>(`order/openLink/${code}`, { expires, token });

  it("opens a guest's order in any browser until it expires; a changed, moved or expired link opens nothing", async () => {
    const s = await newCart();
    await add(s, c.wax);
    await ready(s);
    const answer = (await create(s)).body.data;
    const order = await p.db.selectFrom("orders").select("number").where("code", "=", answer.orderSlug).executeTakeFirstOrThrow();
    const mail = await p.waitForMail((x) => x.subject.includes(order.number));
    const href = /https?:\/\/\S+\/order\/open\?\S+/.exec(mail.text)?.[0] ?? "";
    expect(mail.html).toContain(`href="${href.replaceAll("&", "&amp;")}"`);
    const link = new URL(href).searchParams;
    const [code, expires, token] = [link.get("code") ?? "", Number(link.get("expires")), link.get("token") ?? ""];
    expect(code).toBe(answer.orderSlug);
    // About sixty days.
    expect(expires * 1000 - Date.now()).toBeGreaterThan(59 * 24 * 3600 * 1000);

    const opened = await open(code, expires, token);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toEqual({ accessToken: answer.accessToken, locale: "hr" });
    const read = await post<OrderView>(`order/get/${code}`, { token: opened.body.data.accessToken });
    expect(read.body.data.code).toBe(code);

    const missing = await open("ZZZZZZZZZZZZZZZZ", expires, token);
    expect(missing.status).toBe(404);
    const refusals = [
      await open(code, expires + 1, token),
      await open(code, expires, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(404);
      expect({ ...refused.body, requestId: null }).toEqual({ ...missing.body, requestId: null });
    }
  });

  it("leads a registered customer to the order in the profile", async () => {
    const user = await p.createUser();
    const token = (await p.login(user)).accessToken;
    const s = (await p.call<NewCartSession>("GET", "/api/v2/cart/getNewCartSession", { token })).body.data;
    await p.call("POST", "/api/v2/cart/addItem", { token, body: { ...s, productId: c.wax, qty: 1 } });
    await p.call("PUT", "/api/v2/checkout/saveAddresses", { token, body: { ...s, delivery: CHECKOUT_ADDRESS } });
    await p.call("PUT", "/api/v2/delivery/saveDeliveryMethod", {
      token,
      body: { ...s, deliveryMethodId: m.pickup, branchId: m.branches[0] },
    });
    await p.call("PUT", "/api/v2/payment/savePaymentMethod", { token, body: { ...s, paymentMethodId: m.bankTransfer } });
    const answer = (await p.call<OrderCreateAnswer>("POST", "/api/v2/order/create", { token, body: s })).body.data;
    const mail = await p.waitForMail((x) => x.to.includes(user.email));
    expect(mail.text).toContain(`/profil/narudzbe/${answer.orderSlug}`);
    expect(mail.text).not.toContain("/order/open");
  });
});
