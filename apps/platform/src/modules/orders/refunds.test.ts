import type { DocumentFile, DocumentList } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../http/app-error.ts";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { pdfTextLines } from "../bank-transfer/bank-transfer.test-support.ts";
import { insertProduct } from "../cart/cart.fixtures.ts";
import { deliverDueReceipts } from "../receipts/index.ts";
import { refundOrder, settle } from "./index.ts";
import { insertCheckoutSetup, paidEvidence, payAtEmulator, placeTestOrder } from "./orders.fixtures.ts";

/**
 * Refunds through the card provider's emulator: never more than was paid minus earlier refunds
 * (two refunds racing for the whole amount: one succeeds), the payment partly refunded then
 * refunded, and a storno receipt per refund with negative amounts per VAT rate, delivered to the
 * CIS emulator and mailed to the customer. A provider that refuses leaves nothing behind.
 */

interface Vat {
  ratePercent: number;
  baseCents: number;
  vatCents: number;
}

describe("refundOrder", () => {
  let p: TestPlatform;
  let foam: number;
  let towel: number;

  beforeAll(async () => {
    p = await createTestPlatform({ fiscal: true });
    await insertCheckoutSetup(p.db);
    foam = await insertProduct(p.db, { retailCents: 1250, stock: 1000, name: "Pjena za pranje" });
    towel = await insertProduct(p.db, { retailCents: 999, stock: 1000, name: "Ručnik", vatRate: 13 });
  });
  afterAll(() => p.close());

  const cis = () => {
    if (!p.cis) throw new Error("the test platform has no CIS emulator");
    return p.cis;
  };
  const provider = () => {
    if (!p.deps.payments) throw new Error("the test platform pays by card");
    return p.deps.payments;
  };
  const staff = (orderCode: string, amountCents: number) =>
    refundOrder(p.requestCtx(), { orderCode, amountCents, actor: "staff:1", reason: "returned goods" });
  const orderRow = (id: number) => p.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const attemptOf = (id: number) => p.db.selectFrom("payment_attempts").selectAll().where("order_id", "=", id).executeTakeFirstOrThrow();
  const receiptsOf = (id: number) => p.db.selectFrom("receipts").selectAll().where("order_id", "=", id).orderBy("id").execute();
  /** What the provider still holds of the order's payment. */
  const held = async (orderId: number) => {
    const status = await provider().status((await attemptOf(orderId)).provider_order_number);
    return status.kind === "paid" ? status.amountCents : 0;
  };

  /** A card order for two rates, paid at the emulator. */
  async function paidOrder(email: string) {
    const placed = await placeTestOrder(p, { product: foam, more: [{ product: towel, qty: 1 }], payment: "card", email });
    await payAtEmulator(p, placed.html as string);
    const order = await orderRow(placed.order.id);
    expect(order.payment_status).toBe("paid");
    return Object.assign(order, { token: placed.token });
  }

  it("refunds part and then the rest: partly refunded, refunded, and two stornos that cancel the receipt to the cent", async () => {
    const order = await paidOrder("povrat@example.hr");
    expect(order.total_cents).toBe(3499);
    const [receipt] = await receiptsOf(order.id);
    if (!receipt) throw new Error("the paid order has no receipt");

    expect(await staff(order.code, 1000)).toMatchObject({ amountCents: 1000, paymentStatus: "partially_refunded" });
    expect((await orderRow(order.id)).payment_status).toBe("partially_refunded");
    expect(await held(order.id)).toBe(2499);
    expect(await staff(order.code, 2499)).toMatchObject({ paymentStatus: "refunded" });
    expect((await orderRow(order.id)).payment_status).toBe("refunded");
    expect(await attemptOf(order.id)).toMatchObject({ status: "refunded", refunded_cents: 3499 });
    expect(await held(order.id)).toBe(0);
    const history = await p.db
      .selectFrom("order_history")
      .select(["from_status", "to_status", "actor", "reason"])
      .where("order_id", "=", order.id)
      .where("axis", "=", "payment")
      .orderBy("id")
      .execute();
    expect(history.slice(-2)).toEqual([
      { from_status: "paid", to_status: "partially_refunded", actor: "staff:1", reason: "returned goods" },
      { from_status: "partially_refunded", to_status: "refunded", actor: "staff:1", reason: "returned goods" },
    ]);

    const [, first, second] = await receiptsOf(order.id);
    expect(first).toMatchObject({ storno_of: receipt.id, total_cents: -1000, payment_method: "K", status: "pending_delivery" });
    expect(second).toMatchObject({ storno_of: receipt.id, total_cents: -2499 });
    // Its own numbers, from the receipts' one sequence.
    expect(first?.sequence).toBeGreaterThan(receipt.sequence);
    expect(second?.sequence).toBe((first?.sequence ?? 0) + 1);
    // Per VAT rate, in the receipt's proportion; together they cancel every rate exactly.
    const sale = JSON.parse(receipt.vat) as Vat[];
    const stornos = [first, second].map((r) => JSON.parse(r?.vat ?? "[]") as Vat[]);
    for (const [i, rate] of sale.entries()) {
      expect(stornos.reduce((sum, s) => sum + (s[i]?.baseCents ?? 0), 0)).toBe(-rate.baseCents);
      expect(stornos.reduce((sum, s) => sum + (s[i]?.vatCents ?? 0), 0)).toBe(-rate.vatCents);
    }
    for (const [s, total] of [
      [stornos[0], -1000],
      [stornos[1], -2499],
    ] as const) {
      expect((s ?? []).reduce((sum, v) => sum + v.baseCents + v.vatCents, 0)).toBe(total);
    }
    const refunds = await p.db.selectFrom("order_refunds").selectAll().where("order_id", "=", order.id).orderBy("id").execute();
    expect(refunds.map((r) => [r.amount_cents, r.receipt_id, r.actor])).toEqual([
      [1000, first?.id, "staff:1"],
      [2499, second?.id, "staff:1"],
    ]);

    // Delivered to CIS like any receipt, with their negative totals.
    const before = cis().registered.length;
    await deliverDueReceipts(p.requestCtx());
    const registered = cis().registered.slice(before);
    expect(registered.filter((r) => r.totalCents < 0).map((r) => r.totalCents)).toEqual(expect.arrayContaining([-1000, -2499]));

    // The customer gets each storno by mail.
    const mail = await p.waitForMail((m) => m.to.includes("povrat@example.hr") && m.subject.includes("Povrat") && m.text.includes("24,99"));
    const pdf = mail.attachments.find((a) => a.contentType === "application/pdf");
    expect(pdf?.filename).toBe(`storno-${second?.sequence}-WEB1-1.pdf`);
    const text = pdfTextLines(pdf?.content ?? Buffer.alloc(0)).map((l) => l.replace(/\u00a0/g, " "));
    expect(text).toEqual(
      expect.arrayContaining([`Račun ${second?.sequence}/WEB1/1`, `Storno računa br. ${receipt.sequence}/WEB1/1`, "\u221224,99 EUR"]),
    );

    // The order's documents list the stornos after the receipt, for the token holder.
    const headers = { orderToken: order.token };
    const list = await p.call<DocumentList>("POST", "/api/v2/document/filter/web", { body: { orderCode: order.code }, headers });
    expect(list.body.data.records.map((d) => [d.id, d.kind, d.filename])).toEqual([
      [`receipt-${order.code}`, "receipt", `racun-${receipt.sequence}-WEB1-1.pdf`],
      [`storno1-${order.code}`, "storno", `storno-${first?.sequence}-WEB1-1.pdf`],
      [`storno2-${order.code}`, "storno", `storno-${second?.sequence}-WEB1-1.pdf`],
    ]);
    const file = await p.call<DocumentFile>("GET", `/api/v2/document/get/web/storno1-${order.code}`, { headers });
    expect(pdfTextLines(Buffer.from(file.body.data.base64, "base64"))).toContain(`Storno računa br. ${receipt.sequence}/WEB1/1`);
    expect((await p.call("GET", `/api/v2/document/get/web/storno3-${order.code}`, { headers })).status).toBe(404);
  });

  it("never refunds more than was paid minus earlier refunds, and changes nothing when it would", async () => {
    const order = await paidOrder("previse@example.hr");
    await staff(order.code, 500);
    const refused = staff(order.code, order.total_cents - 499);
    await expect(refused).rejects.toThrow(AppError);
    await expect(refused).rejects.toMatchObject({ code: "CONFLICT", message: "error.refund.tooMuch" });
    await expect(staff(order.code, 0)).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    expect(await attemptOf(order.id)).toMatchObject({ refunded_cents: 500, status: "partially_refunded" });
    expect(await receiptsOf(order.id)).toHaveLength(2);
    expect(await held(order.id)).toBe(order.total_cents - 500);
  });

  it("lets exactly one of two refunds racing for the whole amount through", async () => {
    const order = await paidOrder("utrka@example.hr");
    const outcomes = await Promise.allSettled([staff(order.code, order.total_cents), staff(order.code, order.total_cents)]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const lost = outcomes.find((o) => o.status === "rejected");
    expect(lost?.status === "rejected" ? lost.reason : null).toMatchObject({ message: "error.refund.tooMuch" });
    expect(await attemptOf(order.id)).toMatchObject({ refunded_cents: order.total_cents, status: "refunded" });
    expect((await receiptsOf(order.id)).filter((r) => r.storno_of !== null)).toHaveLength(1);
    expect(await p.db.selectFrom("order_refunds").select("id").where("order_id", "=", order.id).execute()).toHaveLength(1);
    expect(await held(order.id)).toBe(0);
  });

  it("leaves nothing behind, the storno's number included, when the provider refuses", async () => {
    // Paid in the shop's books, but the provider holds no such payment: it refuses the refund.
    const placed = await placeTestOrder(p, { product: foam, payment: "card", email: "odbijeno@example.hr" });
    expect((await settle(p.requestCtx(), provider(), await paidEvidence(p, placed.order.id), "callback")).result).toBe("paid");
    const last = async () =>
      Number(
        (
          await p.db
            .selectFrom("receipts")
            .select((eb) => eb.fn.max("sequence").as("max"))
            .executeTakeFirstOrThrow()
        ).max,
      );
    const before = await last();
    await expect(staff(placed.order.code, 500)).rejects.toMatchObject({ code: "PROVIDER_UNAVAILABLE" });
    expect(await attemptOf(placed.order.id)).toMatchObject({ refunded_cents: 0, status: "paid" });
    expect((await orderRow(placed.order.id)).payment_status).toBe("paid");
    expect(await receiptsOf(placed.order.id)).toHaveLength(1);
    expect(await p.db.selectFrom("order_refunds").select("id").where("order_id", "=", placed.order.id).execute()).toHaveLength(0);
    expect(await last()).toBe(before);
    // The next receipt takes the number the refused storno gave back.
    const next = await placeTestOrder(p, { product: foam, payment: "bankTransfer", email: "sljedeci@example.hr" });
    expect((await receiptsOf(next.order.id))[0]?.sequence).toBe(before + 1);
  });

  it("refuses an order without a card payment to refund, and a missing one", async () => {
    const transfer = await placeTestOrder(p, { product: foam, payment: "bankTransfer", email: "virman@example.hr" });
    await expect(staff(transfer.order.code, 100)).rejects.toMatchObject({ code: "CONFLICT", message: "error.refund.notRefundable" });
    await expect(staff("ZZZZZZZZZZZZZZZZ", 100)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
