import type { NewCartSession, OrderCreateAnswer } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTransaction } from "../../http/transaction.ts";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { insertProduct } from "../cart/cart.fixtures.ts";
import { settle } from "../orders/index.ts";
import { CHECKOUT_ADDRESS, insertCheckoutSetup, methodIds } from "../orders/orders.fixtures.ts";
import { deliverDueReceipts, issueReceipt } from "./index.ts";

/**
 * Receipts issued with the order and delivered to the CIS emulator in process: numbered without
 * gaps, ZKI at once, the JIR stored once, late delivery (NakDost) after CIS did not answer.
 */

describe("fiscalised receipts", () => {
  let p: TestPlatform;
  let m: Awaited<ReturnType<typeof methodIds>>;
  let product: number;

  beforeAll(async () => {
    p = await createTestPlatform({ fiscal: true });
    await insertCheckoutSetup(p.db);
    m = await methodIds(p.db);
    product = await insertProduct(p.db, { retailCents: 1250, stock: 1000, name: "Pjena za pranje" });
  });
  afterAll(() => p.close());

  const cis = () => {
    if (!p.cis) throw new Error("the test platform has no CIS emulator");
    return p.cis;
  };
  const api = <T>(method: string, path: string, body: unknown) => p.call<T>(method, `/api/v2/${path}`, { body });

  /** An order placed through the API, paid by transfer or at the branch. */
  async function placeOrder(payment: "bankTransfer" | "branch" | "card", company?: { companyName: string; oib: string }) {
    const s = (await p.call<NewCartSession>("GET", "/api/v2/cart/getNewCartSession")).body.data;
    await api("POST", "cart/addItem", { ...s, productId: product, qty: 2 });
    await api("PUT", "checkout/saveAddresses", {
      ...s,
      email: "marko@example.hr",
      delivery: CHECKOUT_ADDRESS,
      ...(company ? { company } : {}),
    });
    await api("PUT", "delivery/saveDeliveryMethod", { ...s, deliveryMethodId: m.pickup, branchId: m.branches[0] });
    expect((await api("PUT", "payment/savePaymentMethod", { ...s, paymentMethodId: m[payment] })).status).toBe(200);
    const res = await api<OrderCreateAnswer>("POST", "order/create", s);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return p.db.selectFrom("orders").selectAll().where("code", "=", res.body.data.orderSlug).executeTakeFirstOrThrow();
  }
  const receiptOf = (orderId: number) => p.db.selectFrom("receipts").selectAll().where("order_id", "=", orderId).executeTakeFirst();

  it("issues a numbered receipt with its ZKI when a transfer order is placed, and delivers it once for a JIR", async () => {
    const first = await placeOrder("bankTransfer");
    const second = await placeOrder("bankTransfer");
    const a = await receiptOf(first.id);
    const b = await receiptOf(second.id);
    expect(a).toMatchObject({
      premise: "WEB1",
      device: "1",
      payment_method: "T",
      total_cents: first.total_cents,
      status: "pending_delivery",
    });
    expect(a?.zki).toMatch(/^[0-9a-f]{32}$/);
    expect(a?.jir).toBeNull();
    expect(b?.sequence).toBe((a?.sequence ?? 0) + 1);
    expect(JSON.parse(a?.vat ?? "[]")).toEqual(
      (JSON.parse(first.vat) as { rate: number; baseCents: number; taxCents: number }[]).map((v) => ({
        ratePercent: v.rate,
        baseCents: v.baseCents,
        vatCents: v.taxCents,
      })),
    );

    const before = cis().registered.length;
    expect(await deliverDueReceipts(p.requestCtx())).toBe(2);
    const delivered = await receiptOf(first.id);
    expect(delivered).toMatchObject({ status: "delivered", attempts: 1, last_error: null });
    const registered = cis().registered.slice(before);
    expect(registered.find((r) => r.zki === a?.zki)).toMatchObject({ jir: delivered?.jir, late: false, totalCents: first.total_cents });
    expect(await deliverDueReceipts(p.requestCtx())).toBe(0);
    expect(cis().registered).toHaveLength(before + 2);
  });

  it("issues a card order's receipt when its payment is settled, not when it is placed", async () => {
    const order = await placeOrder("card");
    expect(order.status).toBe("pending_payment");
    expect(await receiptOf(order.id)).toBeUndefined();
    const attempt = await p.db.selectFrom("payment_attempts").selectAll().where("order_id", "=", order.id).executeTakeFirstOrThrow();
    const provider = p.deps.payments;
    if (!provider) throw new Error("the test platform pays by card");
    const evidence = {
      kind: "paid" as const,
      orderNumber: attempt.provider_order_number,
      amountCents: attempt.amount_cents,
      currency: "EUR",
      approvalCode: "123456",
      transactionId: "t-1",
    };
    expect((await settle(p.requestCtx(), provider, evidence, "callback")).result).toBe("paid");
    expect(await receiptOf(order.id)).toMatchObject({ payment_method: "K", total_cents: order.total_cents, status: "pending_delivery" });
    // A repeated callback issues nothing more.
    expect((await settle(p.requestCtx(), provider, evidence, "callback")).result).toBe("already");
    expect(await p.db.selectFrom("receipts").select("id").where("order_id", "=", order.id).execute()).toHaveLength(1);
  });

  it("gives a company's order an R1 receipt with the buyer's OIB, and none for a payment at the branch", async () => {
    const company = await placeOrder("bankTransfer", { companyName: "Firma d.o.o.", oib: "69435151530" });
    expect(await receiptOf(company.id)).toMatchObject({ buyer_oib: "69435151530" });
    await deliverDueReceipts(p.requestCtx());
    expect(cis().registered.at(-1)).toMatchObject({ buyerOib: "69435151530", zki: (await receiptOf(company.id))?.zki });
    const atBranch = await placeOrder("branch");
    expect(await receiptOf(atBranch.id)).toBeUndefined();
  });

  it("keeps the order placed with a ZKI-only receipt while CIS times out, then delivers it late, exactly once", async () => {
    const order = await placeOrder("bankTransfer");
    const before = cis().registered.length;
    cis().misbehave("timeout");
    expect(await deliverDueReceipts(p.requestCtx())).toBe(0);
    const waiting = await receiptOf(order.id);
    expect(waiting).toMatchObject({ status: "pending_delivery", jir: null, attempts: 1 });
    expect(waiting?.last_error).toMatch(/did not answer/);
    expect(Date.parse(waiting?.next_attempt_at ?? "")).toBeGreaterThan(Date.now() + 20_000);
    expect((await p.db.selectFrom("orders").select("status").where("id", "=", order.id).executeTakeFirstOrThrow()).status).toBe("placed");
    // Not due yet: nothing is sent again.
    expect(await deliverDueReceipts(p.requestCtx())).toBe(0);

    const later = () => new Date(Date.now() + 31_000);
    const [x, y] = await Promise.all([deliverDueReceipts(p.requestCtx(), later), deliverDueReceipts(p.requestCtx(), later)]);
    expect((x ?? 0) + (y ?? 0)).toBe(1);
    const delivered = await receiptOf(order.id);
    expect(delivered).toMatchObject({ status: "delivered", attempts: 2 });
    expect(cis().registered.slice(before)).toEqual([expect.objectContaining({ zki: waiting?.zki, jir: delivered?.jir, late: true })]);
    expect(await deliverDueReceipts(p.requestCtx(), later)).toBe(0);
    expect(cis().registered).toHaveLength(before + 1);
  });

  it("gives the number back when the order's transaction rolls back, so numbers have no gaps", async () => {
    const atBranch = await placeOrder("branch");
    const asTransfer = { ...atBranch, payment_kind: "bank_transfer" as const };
    const last = await p.db
      .selectFrom("receipts")
      .select((eb) => eb.fn.max("sequence").as("max"))
      .executeTakeFirstOrThrow();
    await expect(
      withTransaction(p.requestCtx(), async (tx) => {
        await issueReceipt(tx, asTransfer);
        throw new Error("the order's change fails after the receipt");
      }),
    ).rejects.toThrow(/fails after/);
    expect(await receiptOf(atBranch.id)).toBeUndefined();
    const issued = await issueReceipt(p.requestCtx(), asTransfer);
    expect(issued?.sequence).toBe(Number(last.max) + 1);
    // Once per order.
    expect((await issueReceipt(p.requestCtx(), asTransfer))?.id).toBe(issued?.id);
  });

  const alertsOf = (orderId: number) =>
    p.db.selectFrom("order_alerts").select(["kind", "detail", "resolved_at"]).where("order_id", "=", orderId).execute();

  it("alerts staff at once, and once, when CIS refuses a receipt for good, and keeps sending it", async () => {
    // Earlier tests' receipts out of the way: the misbehaviour is this receipt's.
    await deliverDueReceipts(p.requestCtx(), () => new Date(Date.now() + 4_000_000));
    const order = await placeOrder("bankTransfer");
    cis().misbehave("refuse", { code: "s004" });
    expect(await deliverDueReceipts(p.requestCtx())).toBe(0);
    const refused = await receiptOf(order.id);
    expect(refused).toMatchObject({ status: "pending_delivery", attempts: 1 });
    expect(refused?.alerted_at).not.toBeNull();
    const alerts = await alertsOf(order.id);
    expect(alerts).toEqual([{ kind: "receipt_refused", detail: expect.stringContaining("s004"), resolved_at: null }]);
    expect(alerts[0]?.detail).toContain(`receipt ${refused?.sequence}/WEB1/1`);

    // Refused again on the next try: no second alert. Then CIS takes it.
    cis().misbehave("refuse", { code: "s004" });
    expect(await deliverDueReceipts(p.requestCtx(), () => new Date(Date.now() + 31_000))).toBe(0);
    expect(await alertsOf(order.id)).toHaveLength(1);
    expect(await deliverDueReceipts(p.requestCtx(), () => new Date(Date.now() + 200_000))).toBe(1);
    expect(await receiptOf(order.id)).toMatchObject({ status: "delivered", attempts: 3 });
    expect(await alertsOf(order.id)).toHaveLength(1);
  });

  it("alerts staff once when CIS has not answered by the cut-off after issue (48 h, configurable), and keeps sending", async () => {
    await deliverDueReceipts(p.requestCtx(), () => new Date(Date.now() + 4_000_000));
    const order = await placeOrder("bankTransfer");
    const issued = Date.parse((await receiptOf(order.id))?.issued_at ?? "");
    const hours = (h: number) => () => new Date(issued + h * 3_600_000);
    // A time-out within the window is only retried.
    cis().misbehave("timeout");
    expect(await deliverDueReceipts(p.requestCtx())).toBe(0);
    expect(await alertsOf(order.id)).toEqual([]);
    cis().misbehave("timeout");
    expect(await deliverDueReceipts(p.requestCtx(), hours(47))).toBe(0);
    expect(await alertsOf(order.id)).toEqual([]);
    // Past 48 hours: one alert, however often it fails after.
    cis().misbehave("timeout", { times: 2 });
    expect(await deliverDueReceipts(p.requestCtx(), hours(48))).toBe(0);
    expect(await deliverDueReceipts(p.requestCtx(), hours(50))).toBe(0);
    expect(await alertsOf(order.id)).toEqual([
      { kind: "receipt_late", detail: expect.stringContaining("did not answer"), resolved_at: null },
    ]);
    expect(await deliverDueReceipts(p.requestCtx(), hours(52))).toBe(1);
    expect(await receiptOf(order.id)).toMatchObject({ status: "delivered", attempts: 5 });

    // The cut-off is the shop's setting (RECEIPT_ALERT_HOURS).
    const soon = await placeOrder("bankTransfer");
    const ctx = p.requestCtx();
    const oneHour = { ...ctx, config: { ...ctx.config, receiptAlertHours: 1 } };
    cis().misbehave("timeout");
    expect(await deliverDueReceipts(oneHour, () => new Date(Date.now() + 3_700_000))).toBe(0);
    expect((await alertsOf(soon.id)).map((a) => a.kind)).toEqual(["receipt_late"]);
  });
});
