import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { monriApiAuthorization, monriDigest, monriProvider } from "./monri.ts";
import { type IncomingRequest, type PaymentRequest, PaymentSignatureError } from "./provider.ts";

const KEY = "2345klj";
const monri = monriProvider({ authenticityToken: "token-1", key: KEY, baseUrl: "https://ipgtest.monri.com" });
const sha512 = (text: string | Buffer) => createHash("sha512").update(text).digest("hex");

const request: PaymentRequest = {
  orderNumber: "abcdef",
  amountCents: 54321,
  currency: "EUR",
  language: "en",
  description: "Car care kit",
  customer: { firstName: "Ana Marija", lastName: "Kovačević-Horvatinčić", email: "ana@example.hr", city: "Zagreb" },
  urls: { success: "https://shop.test/pay/ok?attempt=9", cancel: "https://shop.test/pay/cancel", callback: "https://shop.test/pay/cb" },
};

const get = (url: string): IncomingRequest => ({ method: "GET", url, headers: new Headers(), rawBody: new Uint8Array() });

/** A success redirect as Monri signs it: sha512(key + the URL up to its digest). */
function signedReturn(params: Record<string, string>): string {
  const url = `https://shop.test/pay/ok?attempt=9&${new URLSearchParams(params)}`;
  return `${url}&digest=${sha512(KEY + url)}`;
}

const callback = (body: string, authorization: string | null): IncomingRequest => ({
  method: "POST",
  url: "https://shop.test/pay/cb",
  headers: new Headers(authorization === null ? {} : { Authorization: authorization }),
  rawBody: new TextEncoder().encode(body),
});
const signedCallback = (body: string) => callback(body, `WP3-callback ${sha512(Buffer.from(KEY + body, "utf8"))}`);

describe("Monri form", () => {
  it("matches Monri's official digest vector", () => {
    expect(monriDigest(KEY, "abcdef", "54321", "EUR")).toBe(
      "f71b8c1560bd7511ba2f0307b3823c06dd39042cd77480543e3d7bf9f3eefa6debed252979ba8edc7a82d9f111d90f8e31c1c7ab5af39796b26e59a0b2d7cf98",
    );
  });

  it("posts minor units, the digest and the attempt's URLs, cutting names to Monri's limits", () => {
    const form = monri.hostedForm(request);
    expect(form.action).toBe("https://ipgtest.monri.com/v2/form");
    expect(form.fields).toMatchObject({
      order_number: "abcdef",
      amount: "54321",
      currency: "EUR",
      language: "en",
      transaction_type: "purchase",
      authenticity_token: "token-1",
      digest:
        "f71b8c1560bd7511ba2f0307b3823c06dd39042cd77480543e3d7bf9f3eefa6debed252979ba8edc7a82d9f111d90f8e31c1c7ab5af39796b26e59a0b2d7cf98",
      success_url_override: "https://shop.test/pay/ok?attempt=9",
      cancel_url_override: "https://shop.test/pay/cancel?order_number=abcdef",
      callback_url_override: "https://shop.test/pay/cb",
      ch_city: "Zagreb",
    });
    expect([...(form.fields.ch_full_name ?? "")]).toHaveLength(30);
    expect(form.fields.ch_full_name).toBe("Ana Marija Kovačević-Horvatinč");
    expect(form.fields).not.toHaveProperty("ch_phone");
  });
});

describe("Monri success redirect", () => {
  const params = { amount: "54321", approval_code: "629762", currency: "EUR", order_number: "abcdef", response_code: "0000" };

  it("takes a URL signed whole as paid, with its amount", () => {
    expect(monri.verifyReturn(get(signedReturn(params)))).toEqual({
      kind: "paid",
      orderNumber: "abcdef",
      amountCents: 54321,
      currency: "EUR",
      approvalCode: "629762",
      transactionId: null,
    });
  });

  it("tells pending and declined response codes apart", () => {
    expect(monri.verifyReturn(get(signedReturn({ ...params, response_code: "pending" })))).toMatchObject({ kind: "pending" });
    expect(monri.verifyReturn(get(signedReturn({ ...params, response_code: "1050" })))).toMatchObject({ kind: "declined" });
  });

  it("takes an unsigned return that claims nothing as a cancel nobody signed, with the address it came to", () => {
    expect(monri.verifyReturn(get("https://shop.test/pay/cancel?proof=x&order_number=abcdef"))).toEqual({
      kind: "unsigned_cancel",
      orderNumber: "abcdef",
      url: "https://shop.test/pay/cancel?proof=x&order_number=abcdef",
    });
  });

  it("refuses tampered parameters, wrong digests, a digest of another length and missing fields", () => {
    const good = signedReturn(params);
    const digest = new URL(good).searchParams.get("digest") ?? "";
    const cases = [
      good.replace("amount=54321", "amount=54"),
      good.replace("attempt=9", "attempt=8"),
      good.replace(digest, "f".repeat(128)),
      good.replace(digest, digest.slice(0, 64)),
      good.replace(`&digest=${digest}`, ""),
      signedReturn({ amount: "54321", response_code: "0000" }),
      signedReturn({ ...params, response_code: "" }),
      signedReturn({ ...params, amount: "543.21" }),
      "https://shop.test/pay/cancel",
      "not a url",
    ];
    for (const url of cases) expect(() => monri.verifyReturn(get(url)), url).toThrow(PaymentSignatureError);
    expect(() => monri.verifyReturn({ ...get(good), method: "POST" })).toThrow(PaymentSignatureError);
  });
});

describe("Monri callback", () => {
  const approved = JSON.stringify({
    id: 214,
    order_number: "abcdef",
    amount: 54321,
    currency: "EUR",
    ch_full_name: "Ana Kovačević",
    approval_code: "629762",
    response_code: "0000",
    status: "approved",
  });

  it("takes a body signed over its raw bytes as paid", () => {
    expect(monri.verifyCallback(signedCallback(approved))).toEqual({
      kind: "paid",
      orderNumber: "abcdef",
      amountCents: 54321,
      currency: "EUR",
      approvalCode: "629762",
      transactionId: "214",
    });
  });

  it("reports a declined transaction", () => {
    const declined = JSON.stringify({ order_number: "abcdef", amount: 54321, response_code: "1050", status: "declined" });
    expect(monri.verifyCallback(signedCallback(declined))).toEqual({ kind: "declined", orderNumber: "abcdef" });
  });

  it("refuses tampered bodies, wrong or missing authorization and missing fields", () => {
    const authorization = `WP3-callback ${sha512(Buffer.from(KEY + approved, "utf8"))}`;
    const cases = [
      callback(approved.replace("54321", "54"), authorization),
      // The same JSON spelled differently: the signature covers bytes, not meaning.
      callback(JSON.stringify(JSON.parse(approved), null, 1), authorization),
      callback(approved, null),
      callback(approved, authorization.replace("WP3-callback", "Bearer")),
      callback(approved, authorization.slice(0, -2)),
      callback(approved, `WP3-callback ${sha512(`other-key${approved}`)}`),
      signedCallback(JSON.stringify({ status: "approved", response_code: "0000", amount: 1 })),
      signedCallback(JSON.stringify({ order_number: "abcdef", status: "approved", response_code: "0000" })),
      signedCallback("[1,2]"),
      signedCallback("{not json"),
    ];
    for (const req of cases) expect(() => monri.verifyCallback(req)).toThrow(PaymentSignatureError);
  });
});

describe("Monri Components payment/new", () => {
  it("signs the JSON body as WP3-v2 token time sha512(key + time + token + body) (self-computed with sha512sum)", () => {
    expect(monriApiAuthorization("2345klj", "monri-token", 1700000000, '{"amount":54321}')).toBe(
      "WP3-v2 monri-token 1700000000 75c003044f075945587c37121a04e7f83f65f5c8fb3d0fc3798b4c148d38d11742ac473d2496827beb016a22c22bc1ab37009f3e4023b79d59aa975414249635",
    );
  });

  it("has no wallet unless the configuration switches it on", () => {
    const base = { authenticityToken: "t", key: "k", baseUrl: "https://ipgtest.monri.com" };
    expect(monriProvider(base).wallet).toBeUndefined();
    const wallet = monriProvider({ ...base, wallet: true, env: "test" }).wallet;
    expect(wallet?.script({ clientSecret: "s3cret" }, { ...request, language: "de" })).toEqual({
      scriptUrl: "https://ipgtest.monri.com/dist/components.js",
      config: {
        authenticityToken: "t",
        clientSecret: "s3cret",
        locale: "de",
        environment: "test",
        components: "google-pay apple-pay",
        // Cut to Monri's 30 characters, as on its form.
        ch_full_name: "Ana Marija Kovačević-Horvatinč",
        ch_email: "ana@example.hr",
        ch_city: "Zagreb",
      },
    });
  });

  it("reports a refused payment/new as a provider error", async () => {
    const provider = monriProvider({
      authenticityToken: "t",
      key: "k",
      baseUrl: "https://ipgtest.monri.com",
      wallet: true,
      fetch: async () => new Response(JSON.stringify({ status: "declined", message: "Invalid authorization" }), { status: 401 }),
    });
    await expect(provider.wallet?.open(request)).rejects.toThrow(/Monri payment\/new: answer 401 declined/);
  });
});
