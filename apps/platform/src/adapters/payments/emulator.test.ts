import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import { EMULATOR_PATH, parsePaymentsConfig } from "./config.ts";
import { createPaymentEmulator, type EmulatorBehaviour } from "./emulator.ts";
import { createPaymentProvider } from "./index.ts";
import {
  type IncomingRequest,
  type PaymentEvidence,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentRequest,
  PaymentSignatureError,
  type ProviderName,
} from "./provider.ts";

const SHOP = "http://shop.test";

/**
 * A shop in process: the emulator mounted where the integrator mounts it, and a callback route that
 * verifies with the adapter. The adapter reaches the emulator's API, and the emulator the callback
 * route, through `app.request`: no socket.
 */
function shopWith(provider: ProviderName) {
  const app = new Hono();
  const callbacks: (PaymentEvidence | Error)[] = [];
  const config = parsePaymentsConfig({ PAYMENT_PROVIDER: provider }, { production: false, publicUrl: SHOP });
  const adapter = createPaymentProvider(config, { fetch: (url, init) => Promise.resolve(app.request(url, init)) }) as PaymentProvider;
  app.post("/pay/callback", async (c) => {
    try {
      callbacks.push(adapter.verifyCallback(await incoming(c.req.raw)));
      return c.text("OK");
    } catch (err) {
      callbacks.push(err as Error);
      return c.text("Bad signature", 400);
    }
  });
  app.route(
    `${EMULATOR_PATH}/${provider}`,
    createPaymentEmulator({
      provider,
      merchant: { successUrl: `${SHOP}/pay/success`, cancelUrl: `${SHOP}/pay/cancel`, callbackUrl: `${SHOP}/pay/callback` },
      deliver: (url, init) => Promise.resolve(app.request(url, init)),
      lateCallbackMs: 40,
    }),
  );
  return { app, adapter, callbacks };
}
type Shop = ReturnType<typeof shopWith>;

async function incoming(req: Request): Promise<IncomingRequest> {
  return { method: req.method, url: req.url, headers: req.headers, rawBody: new Uint8Array(await req.arrayBuffer()) };
}

let serial = 0;
const attempt = (overrides: Partial<PaymentRequest> = {}): PaymentRequest => ({
  orderNumber: `2026-000123-${++serial}`,
  amountCents: 1234,
  currency: "EUR",
  language: "hr",
  description: "Pranje Premium x1",
  customer: { firstName: "Ivan", lastName: "Horvat", email: "ivan@example.hr" },
  urls: { success: `${SHOP}/pay/success`, cancel: `${SHOP}/pay/cancel`, callback: `${SHOP}/pay/callback` },
  ...overrides,
});

const htmlText = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The browser posting the shop's auto-submitting form to the provider. */
async function openHostedPage(shop: Shop, request: PaymentRequest) {
  const form = shop.adapter.hostedForm(request);
  const res = await shop.app.request(form.action, { method: "POST", body: new URLSearchParams(form.fields) });
  return { res, html: await res.text() };
}

/** The buyer pressing Pay or Cancel on the hosted page with a chosen behaviour. */
async function press(shop: Shop, html: string, action: "pay" | "cancel", behaviour: EmulatorBehaviour = "normal") {
  const target = htmlText(/<form method="post" action="([^"]+)">/.exec(html)?.[1] ?? "");
  const orderNumber = htmlText(/name="order_number" value="([^"]+)"/.exec(html)?.[1] ?? "");
  return shop.app.request(`${SHOP}${target}`, {
    method: "POST",
    body: new URLSearchParams({ order_number: orderNumber, behaviour, action }),
  });
}

/** Where the provider sends the browser back: a redirect, or an auto-submitted POST form. */
async function browserReturn(res: Response): Promise<IncomingRequest> {
  if (res.status === 302) {
    return { method: "GET", url: res.headers.get("location") ?? "", headers: new Headers(), rawBody: new Uint8Array() };
  }
  const html = await res.text();
  const action = htmlText(/<form method="post" action="([^"]+)">/.exec(html)?.[1] ?? "");
  const fields = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, k, v]) => [
    htmlText(k ?? ""),
    htmlText(v ?? ""),
  ]);
  return { method: "POST", url: action, headers: new Headers(), rawBody: new TextEncoder().encode(new URLSearchParams(fields).toString()) };
}

async function payWith(shop: Shop, behaviour: EmulatorBehaviour, request = attempt()) {
  const { html } = await openHostedPage(shop, request);
  const res = await press(shop, html, "pay", behaviour);
  return { request, res };
}

const settle = () => new Promise((done) => setTimeout(done, 120));

/** What each provider states in its signed return: Monri signs the amount, CorvusPay and WSPay do not. */
const returnAmount: Record<ProviderName, number | null> = { corvus: null, monri: 1234, wspay: null };

describe.each(["corvus", "monri", "wspay"] as const)("%s emulator", (provider) => {
  it("shows the order and amount in the buyer's language, with no script, and pay and cancel buttons", async () => {
    const shop = shopWith(provider);
    const english = await openHostedPage(shop, attempt({ language: "en", amountCents: 123456 }));
    expect(english.res.status).toBe(200);
    expect(english.html).toContain('<html lang="en">');
    expect(english.html).toContain("<dt>Order number</dt>");
    expect(english.html).toContain("€1,234.56");
    expect(english.html).toMatch(/<button type="submit" name="action" value="pay">Pay<\/button>/);
    expect(english.html).toMatch(/<button type="submit" name="action" value="cancel">Cancel<\/button>/);
    expect(english.html).toContain('<label for="behaviour">');
    expect(english.html).not.toContain("<script");
    expect(english.res.headers.get("content-security-policy")).toMatch(
      /^default-src 'none'; style-src 'unsafe-inline'; form-action 'self'/,
    );
    const croatian = await openHostedPage(shop, attempt());
    expect(croatian.html).toContain('<html lang="hr">');
    expect(croatian.html).toContain("12,34\u00a0€");
    expect(croatian.html).toContain(">Plati</button>");
    const options = [...english.html.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]);
    expect(options).toEqual(
      provider === "corvus"
        ? ["normal", "decline", "return-tampered"]
        : [
            "normal",
            "decline",
            "return-tampered",
            "callback-late",
            "callback-twice",
            "callback-tampered",
            "callback-never",
            "callback-before-redirect",
          ],
    );
  });

  it("refuses a form whose signature does not match, as the provider would", async () => {
    const shop = shopWith(provider);
    const request = attempt();
    const form = shop.adapter.hostedForm(request);
    const amountField = Object.keys(form.fields).find((k) => ["amount", "totalAmount"].includes(k)) ?? "";
    const tampered = { ...form.fields, [amountField]: provider === "monri" ? "1" : provider === "wspay" ? "0,01" : "0.01" };
    const res = await shop.app.request(form.action, { method: "POST", body: new URLSearchParams(tampered) });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/<p role="alert">the (signature|digest) does not match<\/p>/);
    expect(await shop.adapter.status(request.orderNumber)).toEqual({ kind: "unknown", orderNumber: request.orderNumber });
  });

  it("pays: the signed return verifies as paid, and the status API agrees on the amount", async () => {
    const shop = shopWith(provider);
    const { request, res } = await payWith(shop, "normal");
    const evidence = shop.adapter.verifyReturn(await browserReturn(res));
    expect(evidence).toMatchObject({ kind: "paid", orderNumber: request.orderNumber, amountCents: returnAmount[provider] });
    expect(evidence.kind === "paid" && evidence.approvalCode).toMatch(/^\d{6}$/);
    expect(await shop.adapter.status(request.orderNumber)).toMatchObject({ kind: "paid", amountCents: 1234, currency: "EUR" });
  });

  it("reports a pending payment while the buyer is on the page, and knows no other order", async () => {
    const shop = shopWith(provider);
    const request = attempt();
    await openHostedPage(shop, request);
    expect(await shop.adapter.status(request.orderNumber)).toEqual({ kind: "pending", orderNumber: request.orderNumber });
    expect(await shop.adapter.status("never-sent")).toEqual({ kind: "unknown", orderNumber: "never-sent" });
  });

  it("sends the buyer back as cancelled", async () => {
    const shop = shopWith(provider);
    const request = attempt();
    const { html } = await openHostedPage(shop, request);
    const evidence = shop.adapter.verifyReturn(await browserReturn(await press(shop, html, "cancel")));
    // Unsigned, as the providers send it: the status API is the provider's word on it.
    expect(evidence).toMatchObject({ kind: "unsigned_cancel", orderNumber: request.orderNumber });
    expect(await shop.adapter.status(request.orderNumber)).toEqual({ kind: "cancelled", orderNumber: request.orderNumber });
    await settle();
    expect(shop.callbacks).toEqual([]);
  });

  it("declines the card the way the provider does", async () => {
    const shop = shopWith(provider);
    const { request, res } = await payWith(shop, "decline");
    if (provider === "wspay") {
      // WSPay sends a declined buyer back, signed, to the error URL.
      expect(shop.adapter.verifyReturn(await browserReturn(res))).toEqual({ kind: "declined", orderNumber: request.orderNumber });
    } else {
      // CorvusPay and Monri keep the buyer on their page; the way back is cancel.
      const html = await res.text();
      expect(html).toMatch(/<p role="alert">Plaćanje je odbijeno\.<\/p>/);
      expect(html).not.toContain('value="pay"');
      expect(shop.adapter.verifyReturn(await browserReturn(await press(shop, html, "cancel")))).toMatchObject({
        kind: "unsigned_cancel",
        orderNumber: request.orderNumber,
      });
    }
    expect(await shop.adapter.status(request.orderNumber)).toEqual({ kind: "declined", orderNumber: request.orderNumber });
    await settle();
    expect(shop.callbacks).toEqual([]);
  });

  it("sends a tampered return that the adapter refuses", async () => {
    const shop = shopWith(provider);
    const { res } = await payWith(shop, "return-tampered");
    const back = await browserReturn(res);
    expect(() => shop.adapter.verifyReturn(back)).toThrow(PaymentSignatureError);
  });

  it("refuses an order number that was already paid", async () => {
    const shop = shopWith(provider);
    const { request } = await payWith(shop, "normal");
    const again = await openHostedPage(shop, request);
    expect(again.res.status).toBe(409);
    expect(again.html).toContain("Ovo plaćanje je već završeno.");
  });

  it("refunds in part and in full, lowering what the status API reports, and refuses more than was paid", async () => {
    const shop = shopWith(provider);
    const { request } = await payWith(shop, "callback-never");
    await expect(shop.adapter.refund(request.orderNumber, 1235)).rejects.toThrow(PaymentProviderError);
    await shop.adapter.refund(request.orderNumber, 234);
    expect(await shop.adapter.status(request.orderNumber)).toMatchObject({ kind: "paid", amountCents: 1000 });
    await expect(shop.adapter.refund(request.orderNumber, 1001)).rejects.toThrow(PaymentProviderError);
    await shop.adapter.refund(request.orderNumber, 1000);
    expect(await shop.adapter.status(request.orderNumber)).toMatchObject({ kind: "paid", amountCents: 0 });
    await expect(shop.adapter.refund(request.orderNumber, 1)).rejects.toThrow(PaymentProviderError);
  });

  it("does not refund an order that was never paid", async () => {
    const shop = shopWith(provider);
    const request = attempt();
    await openHostedPage(shop, request);
    await expect(shop.adapter.refund(request.orderNumber, 100)).rejects.toThrow(PaymentProviderError);
  });
});

describe.each(["monri", "wspay"] as const)("%s emulator callbacks", (provider) => {
  const paidCallback = (request: PaymentRequest) => ({
    kind: "paid",
    orderNumber: request.orderNumber,
    amountCents: provider === "monri" ? 1234 : null,
  });

  it("sends one signed callback that verifies as paid", async () => {
    const shop = shopWith(provider);
    const { request } = await payWith(shop, "normal");
    await vi.waitFor(() => expect(shop.callbacks).toHaveLength(1));
    expect(shop.callbacks[0]).toMatchObject(paidCallback(request));
    await settle();
    expect(shop.callbacks).toHaveLength(1);
  });

  it("calls back before sending the buyer back", async () => {
    const shop = shopWith(provider);
    const { request, res } = await payWith(shop, "callback-before-redirect");
    expect(res.status).toBe(302);
    expect(shop.callbacks).toHaveLength(1);
    expect(shop.callbacks[0]).toMatchObject(paidCallback(request));
  });

  it("calls back late", async () => {
    const shop = shopWith(provider);
    const { request } = await payWith(shop, "callback-late");
    await new Promise((done) => setTimeout(done, 10));
    expect(shop.callbacks).toHaveLength(0);
    await vi.waitFor(() => expect(shop.callbacks).toHaveLength(1));
    expect(shop.callbacks[0]).toMatchObject(paidCallback(request));
  });

  it("calls back twice with the same evidence", async () => {
    const shop = shopWith(provider);
    const { request } = await payWith(shop, "callback-twice");
    await vi.waitFor(() => expect(shop.callbacks).toHaveLength(2));
    expect(shop.callbacks[0]).toMatchObject(paidCallback(request));
    expect(shop.callbacks[1]).toEqual(shop.callbacks[0]);
  });

  it("sends a tampered callback that the adapter refuses", async () => {
    const shop = shopWith(provider);
    await payWith(shop, "callback-tampered");
    await vi.waitFor(() => expect(shop.callbacks).toHaveLength(1));
    expect(shop.callbacks[0]).toBeInstanceOf(PaymentSignatureError);
  });

  it("never calls back, though the return and the status API say paid", async () => {
    const shop = shopWith(provider);
    const { request, res } = await payWith(shop, "callback-never");
    expect(shop.adapter.verifyReturn(await browserReturn(res))).toMatchObject({ kind: "paid" });
    await settle();
    expect(shop.callbacks).toEqual([]);
    expect(await shop.adapter.status(request.orderNumber)).toMatchObject({ kind: "paid", amountCents: 1234 });
  });
});

describe("corvus emulator", () => {
  it("needs the success and cancel URLs of CorvusPay's Merchant Center", () => {
    expect(() => createPaymentEmulator({ provider: "corvus" })).toThrow(/merchant\.successUrl/);
  });

  it("auto-submits the way back with a script the page's own policy allows by nonce, and a button without it", async () => {
    const shop = shopWith("corvus");
    const { res } = await payWith(shop, "normal");
    const html = await res.text();
    const nonce = /<script nonce="([^"]+)">document\.forms\[0\]\.submit\(\)<\/script>/.exec(html)?.[1];
    expect(nonce).toMatch(/^[\w-]{22}$/);
    expect(res.headers.get("content-security-policy")).toContain(`script-src 'nonce-${nonce}'`);
    expect(res.headers.get("content-security-policy")).toContain(`form-action 'self' ${SHOP}`);
    expect(html).toMatch(/<form method="post" action="http:\/\/shop\.test\/pay\/success">/);
    expect(html).toContain('<button type="submit">Nastavi</button>');
    expect(html.match(/<script/g)).toHaveLength(1);
  });
});
