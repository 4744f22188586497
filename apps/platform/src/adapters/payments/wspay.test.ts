import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type IncomingRequest, type PaymentRequest, PaymentSignatureError } from "./provider.ts";
import { wspayProvider, wspayRequestSignature, wspayReturnSignature } from "./wspay.ts";

const SHOP = "MYSHOP";
const SECRET = "test-secret";
const wspay = wspayProvider({ shopId: SHOP, secret: SECRET, formUrl: "https://formtest.wspay.biz", apiUrl: "https://test.wspay.biz" });
const sha512 = (text: string) => createHash("sha512").update(text, "utf8").digest("hex");

const request: PaymentRequest = {
  orderNumber: "2026-000123",
  amountCents: 1234,
  currency: "EUR",
  language: "de",
  description: "Gutschein 20 EUR",
  customer: { firstName: "Ivan", lastName: "Horvat", email: "ivan@example.hr", phone: "+385 1 2345 678" },
  urls: { success: "https://shop.test/pay/ok", cancel: "https://shop.test/pay/cancel", callback: "https://shop.test/pay/cb" },
};

const get = (url: string): IncomingRequest => ({ method: "GET", url, headers: new Headers(), rawBody: new Uint8Array() });
const returnUrl = (params: Record<string, string>) => `https://shop.test/pay/ok?${new URLSearchParams(params)}`;

/** The callback signature as WSPay computes it (reference B3). */
const callbackSignature = (actionSuccess: string, approvalCode: string, orderId: string) =>
  sha512(SHOP + SECRET + actionSuccess + approvalCode + SECRET + SHOP + approvalCode + orderId);

const post = (payload: Record<string, string>): IncomingRequest => ({
  method: "POST",
  url: "https://shop.test/pay/cb",
  headers: new Headers({ "Content-Type": "application/json" }),
  rawBody: new TextEncoder().encode(JSON.stringify(payload)),
});

describe("WSPay form", () => {
  // Self-computed from the formulas of reference B3: WSPay publishes no vectors.
  it("matches the golden request and return vectors", () => {
    expect(wspayRequestSignature(SHOP, SECRET, "2026-000123", "12,34")).toBe(
      "2dac7b1e2888ef57f234db6fedeaf986028b7b90b9a44704cc69702fd66fa4f36526fea7c4af2bcb680849d5e5826a09de071706a6084189ea301b20cf544c13",
    );
    expect(wspayReturnSignature(SHOP, SECRET, "2026-000123", "1", "123456")).toBe(
      "7b61fcd8ba379297e641645c378909c0f812091d40014c109e3af65ac945105a87a75dc5cf0ba82eceb6cc4592ca00edabf4a66e080050ee12dab9d2695fdb97",
    );
  });

  it("posts the amount with a decimal comma, signed, and names the cart on the cancel URL", () => {
    const form = wspay.hostedForm(request);
    expect(form.action).toBe("https://formtest.wspay.biz/authorization.aspx");
    expect(form.fields).toMatchObject({
      shopID: SHOP,
      shoppingCartID: "2026-000123",
      version: "2.0",
      totalAmount: "12,34",
      signature:
        "2dac7b1e2888ef57f234db6fedeaf986028b7b90b9a44704cc69702fd66fa4f36526fea7c4af2bcb680849d5e5826a09de071706a6084189ea301b20cf544c13",
      returnURL: "https://shop.test/pay/ok",
      returnErrorURL: "https://shop.test/pay/cancel",
      cancelURL: "https://shop.test/pay/cancel?ShoppingCartID=2026-000123",
      lang: "DE",
      customerPhone: "+385 1 2345 678",
    });
    expect(form.fields).not.toHaveProperty("customerCity");
  });
});

describe("WSPay return", () => {
  const paid = {
    ShoppingCartID: "2026-000123",
    Success: "1",
    ApprovalCode: "123456",
    Signature:
      "7b61fcd8ba379297e641645c378909c0f812091d40014c109e3af65ac945105a87a75dc5cf0ba82eceb6cc4592ca00edabf4a66e080050ee12dab9d2695fdb97",
    Amount: "12,34",
    WsPayOrderId: "ab12",
  };

  it("takes a signed success as paid, without the amount WSPay does not sign", () => {
    expect(wspay.verifyReturn(get(returnUrl(paid)))).toEqual({
      kind: "paid",
      orderNumber: "2026-000123",
      amountCents: null,
      currency: null,
      approvalCode: "123456",
      transactionId: null,
    });
  });

  it("takes a signed failure as declined and an unsigned cancel as one nobody signed", () => {
    const failed = { ShoppingCartID: "2026-000123", Success: "0", ApprovalCode: "", ErrorMessage: "Declined" };
    const signed = { ...failed, Signature: sha512(`${SHOP + SECRET}2026-000123${SECRET}0${SECRET}${SECRET}`) };
    expect(wspay.verifyReturn(get(returnUrl(signed)))).toEqual({ kind: "declined", orderNumber: "2026-000123" });
    expect(wspay.verifyReturn(get("https://shop.test/pay/cancel?ShoppingCartID=2026-000123"))).toEqual({
      kind: "unsigned_cancel",
      orderNumber: "2026-000123",
      url: "https://shop.test/pay/cancel?ShoppingCartID=2026-000123",
    });
  });

  it("refuses tampered fields, wrong signatures, a signature of another length and missing fields", () => {
    const cases = [
      { ...paid, ApprovalCode: "654321" },
      { ...paid, ShoppingCartID: "2026-000124" },
      { ...paid, Success: "0" },
      { ...paid, Signature: "0".repeat(128) },
      { ...paid, Signature: paid.Signature.slice(0, 64) },
      Object.fromEntries(Object.entries(paid).filter(([k]) => k !== "Success")),
      Object.fromEntries(Object.entries(paid).filter(([k]) => k !== "Signature")),
      Object.fromEntries(Object.entries(paid).filter(([k]) => k !== "ShoppingCartID")),
    ];
    for (const params of cases)
      expect(() => wspay.verifyReturn(get(returnUrl(params))), JSON.stringify(params)).toThrow(PaymentSignatureError);
  });
});

describe("WSPay callback", () => {
  const completed = {
    ShoppingCartID: "2026-000123",
    WsPayOrderId: "f5e1c3",
    ApprovalCode: "123456",
    STAN: "38417",
    Amount: "12,34",
    ActionSuccess: "1",
    Authorized: "1",
    Completed: "1",
    Voided: "0",
    Refunded: "0",
    Signature: callbackSignature("1", "123456", "f5e1c3"),
  };

  it("takes a signed completion as paid, with WSPay's order id", () => {
    expect(wspay.verifyCallback(post(completed))).toEqual({
      kind: "paid",
      orderNumber: "2026-000123",
      amountCents: null,
      currency: null,
      approvalCode: "123456",
      transactionId: "f5e1c3",
    });
  });

  it("reports a void and a failed action", () => {
    expect(wspay.verifyCallback(post({ ...completed, Voided: "1" }))).toEqual({ kind: "cancelled", orderNumber: "2026-000123" });
    const failed = { ...completed, ActionSuccess: "0", Signature: callbackSignature("0", "123456", "f5e1c3") };
    expect(wspay.verifyCallback(post(failed))).toEqual({ kind: "declined", orderNumber: "2026-000123" });
  });

  it("refuses tampered fields, wrong signatures, a signature of another length and missing fields", () => {
    const cases = [
      { ...completed, ApprovalCode: "654321" },
      { ...completed, ActionSuccess: "0" },
      { ...completed, WsPayOrderId: "f5e1c4" },
      { ...completed, Signature: `${completed.Signature.slice(0, -1)}${completed.Signature.endsWith("0") ? "1" : "0"}` },
      { ...completed, Signature: completed.Signature.slice(1) },
      Object.fromEntries(Object.entries(completed).filter(([k]) => k !== "Signature")),
      Object.fromEntries(Object.entries(completed).filter(([k]) => k !== "WsPayOrderId")),
      Object.fromEntries(Object.entries(completed).filter(([k]) => k !== "ShoppingCartID")),
    ];
    for (const payload of cases) expect(() => wspay.verifyCallback(post(payload)), JSON.stringify(payload)).toThrow(PaymentSignatureError);
  });
});
