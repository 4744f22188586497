import type { CartView, DocumentFile, DocumentList, NewCartSession, OrderCreateAnswer, OrderView } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { decodeQr, pdfImages, pdfTextLines } from "../bank-transfer/bank-transfer.test-support.ts";
import { type CartCatalog, insertCartCatalog, insertProduct } from "../cart/cart.fixtures.ts";
import { expireUnpaidOrders, settle } from "../orders/index.ts";
import { CHECKOUT_ADDRESS, insertCheckoutSetup, methodIds } from "../orders/orders.fixtures.ts";
import { formatVoucherCode } from "./index.ts";
import { newVoucherCode } from "./voucher-code.ts";

/**
 * Gift vouchers end to end through the API: issued once when their order is paid (however often
 * the provider says so), mailed and listed as documents, applied at checkout, spent in part or in
 * full, given back when an unpaid order expires, and never spent beyond their balance by racing orders.
 */

let p: TestPlatform;
let c: CartCatalog;
let m: Awaited<ReturnType<typeof methodIds>>;
/** 5.00 €, plenty in stock. */
let fiveEuro: number;
/** The order line the fixture vouchers hang on (they need one: a voucher is issued for an order line). */
let line: { orderId: number; lineId: number };
let unit = 100;

beforeAll(async () => {
  p = await createTestPlatform({ fiscal: true });
  c = await insertCartCatalog(p.db);
  await insertCheckoutSetup(p.db);
  m = await methodIds(p.db);
  fiveEuro = await insertProduct(p.db, { retailCents: 500, stock: 10_000, name: "Mirisni osvježivač" });
  const placed = (await create(await ready([[c.voucher, 1]]))).body.data;
  const order = await orderRow(placed.orderSlug);
  const [first] = await p.db.selectFrom("order_lines").select("id").where("order_id", "=", order.id).execute();
  line = { orderId: order.id, lineId: first?.id ?? 0 };
});
afterAll(() => p.close());

const call = <T = CartView>(method: string, path: string, body: unknown, token?: string) =>
  p.call<T>(method, `/api/v2/${path}`, { body, token });

async function newCart(token?: string): Promise<NewCartSession> {
  return (await p.call<NewCartSession>("GET", "/api/v2/cart/getNewCartSession", { token })).body.data;
}

/** A cart with these lines through the address, (shipping) and payment steps. */
async function ready(lines: [number, number][], payment: "bankTransfer" | "card" | "branch" = "bankTransfer", token?: string) {
  const s = await newCart(token);
  for (const [productId, qty] of lines) expect((await call("POST", "cart/addItem", { ...s, productId, qty }, token)).status).toBe(200);
  const address = await call(
    "PUT",
    "checkout/saveAddresses",
    { ...s, delivery: CHECKOUT_ADDRESS, ...(token ? {} : { email: "kupac@example.hr" }) },
    token,
  );
  expect(address.status, JSON.stringify(address.body)).toBe(200);
  if (!address.body.data.digitalOnly) {
    expect(
      (await call("PUT", "delivery/saveDeliveryMethod", { ...s, deliveryMethodId: m.pickup, branchId: m.branches[0] }, token)).status,
    ).toBe(200);
  }
  const paid = await call("PUT", "payment/savePaymentMethod", { ...s, paymentMethodId: m[payment] }, token);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return s;
}

const create = (s: NewCartSession, extra: Record<string, unknown> = {}, token?: string) =>
  call<OrderCreateAnswer>("POST", "order/create", { ...s, ...extra }, token);
const apply = (s: NewCartSession, voucherCode: string) => call("POST", "cart/applyVoucher", { ...s, voucherCode });
const orderRow = (code: string) => p.db.selectFrom("orders").selectAll().where("code", "=", code).executeTakeFirstOrThrow();
const voucherRow = (code: string) => p.db.selectFrom("vouchers").selectAll().where("code", "=", code).executeTakeFirstOrThrow();
const usesOf = (voucherId: number) => p.db.selectFrom("voucher_uses").selectAll().where("voucher_id", "=", voucherId).execute();
const receiptOf = (orderId: number) => p.db.selectFrom("receipts").selectAll().where("order_id", "=", orderId).executeTakeFirst();

/** The provider's word that an attempt was paid, as the adapter hands it to `settle`. */
async function paidEvidence(orderId: number) {
  const attempt = await p.db.selectFrom("payment_attempts").selectAll().where("order_id", "=", orderId).executeTakeFirstOrThrow();
  return {
    attempt,
    evidence: {
      kind: "paid" as const,
      orderNumber: attempt.provider_order_number,
      amountCents: attempt.amount_cents,
      currency: "EUR",
      approvalCode: "123456",
      transactionId: `t-${attempt.id}`,
    },
  };
}

function provider() {
  const payments = p.deps.payments;
  if (!payments) throw new Error("the test platform pays by card");
  return payments;
}

/** A voucher of `valueCents` with `balanceCents` left, expiring when told (a year ahead by default). */
async function voucher(valueCents: number, options: { balanceCents?: number; expiresAt?: string } = {}): Promise<string> {
  const code = newVoucherCode();
  const now = new Date().toISOString();
  unit++;
  await p.db
    .insertInto("vouchers")
    .values({
      code,
      order_id: line.orderId,
      order_line_id: line.lineId,
      unit,
      value_cents: valueCents,
      balance_cents: options.balanceCents ?? valueCents,
      expires_at: options.expiresAt ?? new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString(),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return code;
}

let bought: { code: string; token: string; vouchers: string[] };

describe("issuing", () => {
  it("issues one voucher per unit once, however often the payment is settled, and mails each one's PDF", async () => {
    const s = await ready([[c.voucher, 2]], "card");
    const answer = (await create(s)).body.data;
    const order = await orderRow(answer.orderSlug);
    expect(order.status).toBe("pending_payment");
    expect(await p.db.selectFrom("vouchers").select("id").where("order_id", "=", order.id).execute()).toHaveLength(0);

    const { evidence } = await paidEvidence(order.id);
    // The callback and the buyer's return at once, then a late repeat.
    const results = await Promise.all([
      settle(p.requestCtx(), provider(), evidence, "callback"),
      settle(p.requestCtx(), provider(), evidence, "return"),
    ]);
    expect(results.map((r) => r.result).sort()).toEqual(["already", "paid"]);
    expect((await settle(p.requestCtx(), provider(), evidence, "callback")).result).toBe("already");

    const issued = await p.db.selectFrom("vouchers").selectAll().where("order_id", "=", order.id).orderBy("unit").execute();
    expect(issued).toHaveLength(2);
    const year = Date.parse(order.created_at) + 365 * 24 * 3600 * 1000;
    for (const v of issued) {
      expect(v.code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
      expect(v).toMatchObject({ value_cents: 2000, balance_cents: 2000 });
      expect(Math.abs(Date.parse(v.expires_at) - year)).toBeLessThan(2 * 24 * 3600 * 1000);
    }
    expect(new Set(issued.map((v) => v.code)).size).toBe(2);

    const mail = await p.waitForMail(
      (m) => m.to.includes("kupac@example.hr") && m.subject.includes("poklon bon") && m.subject.includes(order.number),
    );
    for (const v of issued) expect(mail.text).toContain(formatVoucherCode(v.code));
    const pdfs = mail.attachments.filter((a) => a.contentType === "application/pdf");
    expect(pdfs).toHaveLength(2);
    const first = issued[0]?.code ?? "";
    const pdf = pdfs.find((a) => a.filename.includes(formatVoucherCode(first)))?.content ?? Buffer.alloc(0);
    const text = pdfTextLines(pdf)
      .join("\n")
      .replace(/\u00a0/g, " ");
    expect(text).toContain("Poklon bon");
    expect(text).toContain(formatVoucherCode(first));
    expect(text).toContain("20,00");
    const [qr] = pdfImages(pdf);
    expect(decodeQr(qr?.grey ?? new Uint8ClampedArray(), qr?.width ?? 0, qr?.height ?? 0).text).toBe(first);

    bought = { code: answer.orderSlug, token: answer.accessToken, vouchers: issued.map((v) => v.code) };
  });
});

describe("documents", () => {
  const get = (id: string, orderToken?: string, user?: string) =>
    p.call<DocumentFile>("GET", `/api/v2/document/get/web/${id}`, { token: user, headers: orderToken ? { orderToken } : undefined });

  it("lists each voucher bought among the order's documents and gives its PDF to the order's holder only", async () => {
    const listed = await p.call<DocumentList>("POST", "/api/v2/document/filter/web", {
      headers: { orderToken: bought.token },
      body: { orderCode: bought.code },
    });
    expect(listed.status).toBe(200);
    const ids = listed.body.data.records.filter((r) => r.kind === "voucher").map((r) => r.id);
    expect(ids.sort()).toEqual(bought.vouchers.map((v) => `voucher-${v}-${bought.code}`).sort());

    const id = `voucher-${bought.vouchers[0]}-${bought.code}`;
    const own = await get(id, bought.token);
    expect(own.status).toBe(200);
    expect(pdfTextLines(Buffer.from(own.body.data.base64, "base64")).join("\n")).toContain(formatVoucherCode(bought.vouchers[0] ?? ""));

    // Another customer's order token, and a logged-in stranger: exactly like a voucher nobody has.
    const other = (await create(await ready([[fiveEuro, 1]]))).body.data;
    const stranger = await p.createUser();
    const strangerToken = (await p.login(stranger)).accessToken;
    const missing = await get(`voucher-ZZZZZZZZZZZZZZZZ-${other.orderSlug}`, other.accessToken);
    expect(missing.status).toBe(404);
    for (const refused of [
      await get(id, other.accessToken),
      // Someone else's voucher under one's own order.
      await get(`voucher-${bought.vouchers[0]}-${other.orderSlug}`, other.accessToken),
      await get(id, undefined, strangerToken),
      await get(id),
    ]) {
      expect(refused.status).toBe(404);
      expect({ ...refused.body, requestId: null }).toEqual({ ...missing.body, requestId: null });
    }
  });
});

describe("at checkout", () => {
  it("applies a code however it is typed, shows its part and the rest, and comes off again", async () => {
    const code = await voucher(1000);
    const s = await ready([[fiveEuro, 3]]);
    const typed = formatVoucherCode(code).toLowerCase();
    const applied = await apply(s, ` ${typed} `);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.data.voucher).toEqual({ code: formatVoucherCode(code), amount: 10, problem: null });
    expect(applied.body.data.prices).toMatchObject({ orderTotal: 15, voucher: 10, toPay: 5 });
    const validated = await call("POST", "cart/validateCart", s);
    expect(validated.body.data).toMatchObject({ cartTotal: 15, voucher: 10 });

    const removed = await call("POST", "cart/removeVoucher", s);
    expect(removed.body.data.voucher).toBeNull();
    expect(removed.body.data.prices).toMatchObject({ orderTotal: 15, voucher: 0, toPay: 15 });
  });

  it("refuses an unknown, an expired and a used-up code in the customer's language, and keeps the cart as it was", async () => {
    const expired = await voucher(1000, { expiresAt: new Date(Date.now() - 60_000).toISOString() });
    const usedUp = await voucher(1000, { balanceCents: 0 });
    const s = await ready([[fiveEuro, 1]]);
    const cases: [string, string, string][] = [
      ["ABCD-EFGH-JKLM-NPQR", "error.voucher.unknown", "There is no gift voucher with that code."],
      [expired, "error.voucher.expired", "This gift voucher has expired."],
      [usedUp, "error.voucher.usedUp", "This gift voucher has been used up."],
    ];
    for (const [code, key, message] of cases) {
      const res = await p.call<CartView>("POST", "/api/v2/cart/applyVoucher", { body: { ...s, voucherCode: code }, language: "en" });
      expect(res.status).toBe(400);
      expect(res.body.error?.payload.fields?.[0]).toMatchObject({ path: "voucherCode", key, message });
    }
    expect((await call("POST", "cart/getCart", s)).body.data.voucher).toBeNull();
  });

  it("never pays for another voucher: refused on a cart of vouchers, and pays only the rest of a mixed cart", async () => {
    const code = await voucher(5000);
    const vouchersOnly = await ready([[c.voucher, 1]], "card");
    const refused = await apply(vouchersOnly, code);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.payload.fields?.[0]).toMatchObject({ key: "error.voucher.forVoucher" });

    const mixed = await ready([
      [c.voucher, 1],
      [fiveEuro, 1],
    ]);
    const applied = await apply(mixed, code);
    expect(applied.body.data.prices).toMatchObject({ orderTotal: 25, voucher: 5, toPay: 20 });
  });
});

describe("paying with a voucher", () => {
  it("pays part of a bank transfer: the slip asks for the rest, the balance drops once, the receipt covers the total as 'other'", async () => {
    const code = await voucher(1000);
    const s = await ready([[fiveEuro, 5]]);
    expect((await apply(s, code)).status).toBe(200);
    const answer = await create(s, { seen: undefined });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const order = await orderRow(answer.body.data.orderSlug);
    expect(order).toMatchObject({
      total_cents: 2500,
      voucher_cents: 1000,
      voucher_code: code,
      status: "placed",
      payment_status: "initiated",
    });
    expect((await voucherRow(code)).balance_cents).toBe(0);
    expect(await usesOf((await voucherRow(code)).id)).toMatchObject([{ order_id: order.id, amount_cents: 1000, released_at: null }]);
    const attempt = await p.db.selectFrom("payment_attempts").selectAll().where("order_id", "=", order.id).executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({ provider: "bank_transfer", amount_cents: 1500 });

    const view = (await call<OrderView>("POST", `order/get/${order.code}`, { token: answer.body.data.accessToken })).body.data;
    expect(view.totals).toMatchObject({ total: 25, voucher: 10, toPay: 15 });
    expect(view.voucherCode).toBe(formatVoucherCode(code));
    expect(view.bankTransfer?.amount).toBe(15);
    expect(await receiptOf(order.id)).toMatchObject({ payment_method: "O", total_cents: 2500 });

    // The confirmation asks for the rest; the receipt states the voucher's part beside 'other'.
    const mail = await p.waitForMail((m) => m.subject.includes(order.number) && !m.subject.includes("poklon"));
    expect(mail.text).toContain(`Plaćeno poklon bonom ${formatVoucherCode(code)}: −10,00`);
    expect(mail.text).toContain("Iznos: 15,00");
    const receipt = await p.call<DocumentFile>("GET", `/api/v2/document/get/web/receipt-${order.code}`, {
      headers: { orderToken: answer.body.data.accessToken },
    });
    const lines = pdfTextLines(Buffer.from(receipt.body.data.base64, "base64")).map((l) => l.replace(/\u00a0/g, " "));
    expect(lines.join("\n")).toContain(`Od toga poklon bonom ${formatVoucherCode(code)}: 10,00 EUR`);
  });

  it("pays part of a card order: the provider is asked for the rest only", async () => {
    const code = await voucher(700);
    const s = await ready([[fiveEuro, 2]], "card");
    await apply(s, code);
    const answer = await create(s);
    expect(answer.status).toBe(200);
    expect(answer.body.data.html).toContain("<form");
    const order = await orderRow(answer.body.data.orderSlug);
    expect(order).toMatchObject({ status: "pending_payment", voucher_cents: 700 });
    const { attempt, evidence } = await paidEvidence(order.id);
    expect(attempt.amount_cents).toBe(300);
    expect((await settle(p.requestCtx(), provider(), evidence, "callback")).result).toBe("paid");
    expect(await receiptOf(order.id)).toMatchObject({ payment_method: "O", total_cents: 1000 });
  });

  it("pays a whole order: paid at once without the card, straight to the success page, once", async () => {
    const code = await voucher(5000);
    const s = await ready([[fiveEuro, 4]], "card");
    expect((await apply(s, code)).body.data.prices).toMatchObject({ orderTotal: 20, voucher: 20, toPay: 0 });
    const seen = { ...(await call("POST", "cart/validateCart", s)).body.data, itemCount: 4 };
    const answer = await create(s, { seen });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.html).toBeNull();
    const order = await orderRow(answer.body.data.orderSlug);
    expect(order).toMatchObject({ status: "placed", payment_status: "paid", voucher_cents: 2000, expires_at: null });
    const attempts = await p.db.selectFrom("payment_attempts").selectAll().where("order_id", "=", order.id).execute();
    expect(attempts).toMatchObject([{ provider: "voucher", status: "paid", amount_cents: 2000 }]);
    expect((await voucherRow(code)).balance_cents).toBe(3000);
    expect(await receiptOf(order.id)).toMatchObject({ payment_method: "O", total_cents: 2000 });
    // A repeat answers the same order and spends nothing more.
    expect((await create(s, { seen })).body.data.orderSlug).toBe(order.code);
    expect((await voucherRow(code)).balance_cents).toBe(3000);
  });

  it("refuses an order whose voucher was spent meanwhile, and writes nothing", async () => {
    const code = await voucher(1000);
    const first = await ready([[fiveEuro, 2]]);
    const second = await ready([[fiveEuro, 2]]);
    await apply(first, code);
    await apply(second, code);
    const seen = { ...(await call("POST", "cart/validateCart", second)).body.data, itemCount: 2 };
    expect((await create(first)).status).toBe(200);
    const before = await p.db.selectFrom("orders").select("id").execute();
    const late = await create(second, { seen });
    expect(late.status).toBe(409);
    expect(late.body.error?.payload.key).toBe("core.notifications.cartUpdated");
    expect(await p.db.selectFrom("orders").select("id").execute()).toHaveLength(before.length);
    // Without a seen cart the used-up voucher is named.
    const again = await create(second);
    expect(again.status).toBe(400);
    expect(again.body.error?.payload.fields?.[0]).toMatchObject({ path: "voucherCode", key: "error.voucher.usedUp" });
  });

  it("gives the amount back once when the unpaid card order expires", async () => {
    const code = await voucher(1000);
    const s = await ready([[fiveEuro, 3]], "card");
    await apply(s, code);
    const order = await orderRow((await create(s)).body.data.orderSlug);
    expect((await voucherRow(code)).balance_cents).toBe(0);
    await p.db
      .updateTable("orders")
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", order.id)
      .execute();
    const [a, b] = await Promise.all([expireUnpaidOrders(p.requestCtx()), expireUnpaidOrders(p.requestCtx())]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(await expireUnpaidOrders(p.requestCtx())).toBe(0);
    expect((await orderRow(order.code)).status).toBe("cancelled");
    expect((await voucherRow(code)).balance_cents).toBe(1000);
    const [use] = await usesOf((await voucherRow(code)).id);
    expect(use?.released_at).not.toBeNull();
  });
});

describe("races", () => {
  it("one voucher raced by 20 checkouts is spent exactly to its balance; the others fail and write nothing", async () => {
    const code = await voucher(2000);
    const carts = await Promise.all(Array.from({ length: 20 }, () => ready([[fiveEuro, 1]])));
    for (const s of carts) expect((await apply(s, code)).status).toBe(200);
    const ordersBefore = (await p.db.selectFrom("orders").select("id").execute()).length;

    const answers = await Promise.all(carts.map((s) => create(s)));
    const placed = answers.filter((a) => a.status === 200);
    expect(placed).toHaveLength(4);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect([400, 409]).toContain(refused.status);
      expect(["error.voucher.short", "error.voucher.usedUp"]).toContain(refused.body.error?.payload.fields?.[0]?.key);
    }
    const v = await voucherRow(code);
    const uses = await usesOf(v.id);
    expect(uses).toHaveLength(4);
    expect(uses.reduce((sum, u) => sum + u.amount_cents, 0)).toBe(2000);
    expect(v.balance_cents).toBe(0);
    expect((await p.db.selectFrom("orders").select("id").execute()).length).toBe(ordersBefore + 4);
    const paidByVoucher = await p.db.selectFrom("orders").select("voucher_cents").where("voucher_code", "=", code).execute();
    expect(paidByVoucher.map((o) => o.voucher_cents)).toEqual([500, 500, 500, 500]);
  });
});
