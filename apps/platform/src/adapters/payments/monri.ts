import { createHash } from "node:crypto";
import type { PaymentEnv } from "./config.ts";
import {
  callApi,
  checkRequest,
  checkSignature,
  flatXml,
  jsonObject,
  jsonText,
  optionalFields,
  parseFlatXml,
  parseMinorUnits,
  queryOf,
  required,
  sha1,
  sha512,
  withParam,
} from "./protocol.ts";
import {
  type Fetch,
  type HostedForm,
  type IncomingRequest,
  type PaymentEvidence,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentRequest,
  PaymentSignatureError,
  type WalletScript,
  type WalletSession,
} from "./provider.ts";

/**
 * Monri WebPay Form v2 (reference B2): the form carries `digest = sha512(key + order + amount +
 * currency)`; the success redirect is signed as a whole URL; the server callback is JSON with
 * `Authorization: WP3-callback sha512(key + body)`; status and refunds are XML on the same host.
 * Monri keeps a declined buyer on its form, so no decline reaches the shop from the browser.
 */

export interface MonriOptions {
  authenticityToken: string;
  key: string;
  /** The host, e.g. https://ipgtest.monri.com (form at /v2/form, API at /orders and /transactions). */
  baseUrl: string;
  /** Offer the Components wallet (Google Pay, Apple Pay): Monri's own plugin still calls it alpha. */
  wallet?: boolean;
  /** Monri's wallet script wants to know whether it runs against the test host. */
  env?: PaymentEnv;
  fetch?: Fetch;
}

/** The form digest (Monri's "how to calculate digest"). */
export const monriDigest = (key: string, orderNumber: string, amount: string, currency: string): string =>
  sha512(key + orderNumber + amount + currency);

/** The success redirect's digest: over the URL without its `&digest=…` (what Monri's WooCommerce plugin checks). */
export const monriUrlDigest = (key: string, url: string): string => sha512(key + url.replace(/&digest=[^&]*/g, ""));

/** The callback's Authorization value: over the raw body bytes. */
export const monriCallbackDigest = (key: string, body: string | Uint8Array): string =>
  createHash("sha512").update(key, "utf8").update(body).digest("hex");

/**
 * The Authorization of Monri's JSON API (payment/new for Components): the token, the time in
 * seconds and sha512(key + time + token + body).
 */
export const monriApiAuthorization = (key: string, token: string, timestamp: number, body: string): string =>
  `WP3-v2 ${token} ${timestamp} ${sha512(key + timestamp + token + body)}`;

/** The wallet buttons the storefront mounts (Monri Components types); each shows only where the device offers it. */
export const MONRI_WALLET_COMPONENTS = "google-pay apple-pay";

/** Monri's field limits in characters (its Form v2 documentation). */
const LIMITS = { ch_full_name: 30, ch_address: 100, ch_city: 30, ch_zip: 9, ch_country: 30, ch_phone: 30, ch_email: 100, order_info: 100 };

/** The cardholder as Monri's form and its wallet take it, cut to Monri's limits. */
function cardholderFields({ customer }: PaymentRequest): Record<string, string> {
  return optionalFields(
    {
      ch_full_name: `${customer.firstName} ${customer.lastName}`,
      ch_address: customer.street,
      ch_city: customer.city,
      ch_zip: customer.zipCode,
      ch_country: customer.country,
      ch_phone: customer.phone,
      ch_email: customer.email,
    },
    LIMITS,
  );
}

const RETURN = "Monri return";
const CALLBACK = "Monri callback";

export function monriProvider(options: MonriOptions): PaymentProvider {
  const fetcher = options.fetch ?? fetch;

  async function api(path: string, root: string, fields: Record<string, string>) {
    const { status, text } = await callApi(fetcher, "Monri", `${options.baseUrl}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/xml", Accept: "application/xml" },
      body: flatXml(root, fields),
    });
    const xml = parseFlatXml(text);
    // An order Monri does not know: an error document with 404 (any other 404 is a wrong URL).
    if (status === 404 && xml?.root === "errors") return null;
    if (!xml || xml.root === "errors" || status >= 400) {
      throw new PaymentProviderError(`Monri ${path}: ${xml?.fields.error ?? `answer ${status}`}`);
    }
    return xml.fields;
  }

  async function status(orderNumber: string): Promise<PaymentEvidence> {
    const fields = await api("/orders/show", "order", {
      "order-number": orderNumber,
      "authenticity-token": options.authenticityToken,
      digest: sha1(options.key + orderNumber),
    });
    if (!fields) return { kind: "unknown", orderNumber };
    switch (fields.status) {
      case "approved": {
        if (fields["response-code"] !== "0000") return { kind: "declined", orderNumber };
        const amountCents = parseMinorUnits(fields.amount ?? "");
        if (amountCents === null) throw new PaymentProviderError("Monri /orders/show: no amount");
        return {
          kind: "paid",
          orderNumber,
          amountCents,
          currency: fields.currency || null,
          approvalCode: fields["approval-code"] || null,
          transactionId: fields.id || null,
        };
      }
      case "pending":
        return { kind: "pending", orderNumber };
      case "declined":
        return { kind: "declined", orderNumber };
      case "cancelled":
      case "voided":
        return { kind: "cancelled", orderNumber };
      default:
        return { kind: "unknown", orderNumber };
    }
  }

  /** Components: opens the payment server to server; the browser gets only its client secret. */
  async function openWallet(request: PaymentRequest): Promise<WalletSession> {
    checkRequest(request);
    const body = JSON.stringify({
      transaction_type: "purchase",
      amount: request.amountCents,
      currency: request.currency,
      order_number: request.orderNumber,
      order_info: [...request.description].slice(0, LIMITS.order_info).join(""),
      scenario: "charge",
    });
    const { status, text } = await callApi(fetcher, "Monri", `${options.baseUrl}/v2/payment/new`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        Authorization: monriApiAuthorization(options.key, options.authenticityToken, Math.floor(Date.now() / 1000), body),
      },
      body,
    });
    let answer: Record<string, unknown> = {};
    try {
      answer = jsonObject(new TextEncoder().encode(text), "Monri payment/new");
    } catch {
      // Reported below with the status.
    }
    const clientSecret = jsonText(answer.client_secret);
    if (status >= 400 || jsonText(answer.status) !== "approved" || !clientSecret) {
      throw new PaymentProviderError(`Monri payment/new: answer ${status} ${jsonText(answer.status) ?? ""}`.trim());
    }
    return { clientSecret };
  }

  function walletScript(session: WalletSession, request: PaymentRequest): WalletScript {
    return {
      scriptUrl: `${options.baseUrl}/dist/components.js`,
      config: {
        authenticityToken: options.authenticityToken,
        clientSecret: session.clientSecret,
        locale: request.language,
        environment: options.env === "production" ? "production" : "test",
        components: MONRI_WALLET_COMPONENTS,
        // The `transaction` Monri's plugin hands to confirmPayment.
        ...cardholderFields(request),
      },
    };
  }

  return {
    name: "monri",
    hasCallback: true,
    ...(options.wallet ? { wallet: { open: openWallet, script: walletScript } } : {}),

    hostedForm(request: PaymentRequest): HostedForm {
      checkRequest(request);
      const amount = String(request.amountCents);
      return {
        action: `${options.baseUrl}/v2/form`,
        fields: {
          ...cardholderFields(request),
          ...optionalFields({ order_info: request.description }, LIMITS),
          order_number: request.orderNumber,
          amount,
          currency: request.currency,
          language: request.language,
          transaction_type: "purchase",
          authenticity_token: options.authenticityToken,
          digest: monriDigest(options.key, request.orderNumber, amount, request.currency),
          success_url_override: request.urls.success,
          // Monri's cancel redirect is not documented to name the order: the URL names it itself.
          cancel_url_override: withParam(request.urls.cancel, "order_number", request.orderNumber),
          callback_url_override: request.urls.callback,
        },
      };
    },

    verifyReturn(req: IncomingRequest): PaymentEvidence {
      if (req.method !== "GET") throw new PaymentSignatureError(`${RETURN}: Monri returns by GET`);
      const params = queryOf(req.url, RETURN);
      const orderNumber = required(params.get("order_number"), "order_number", RETURN);
      const digest = params.get("digest");
      if (digest === null) {
        // A cancel is unsigned; a success without its digest is forged or cut.
        if (params.has("response_code") || params.has("approval_code")) throw new PaymentSignatureError(`${RETURN}: no digest`);
        return { kind: "unsigned_cancel", orderNumber, url: req.url };
      }
      checkSignature(monriUrlDigest(options.key, req.url), digest, RETURN);
      const responseCode = required(params.get("response_code"), "response_code", RETURN);
      if (responseCode === "pending") return { kind: "pending", orderNumber };
      if (responseCode !== "0000") return { kind: "declined", orderNumber };
      const amount = params.get("amount");
      const amountCents = amount === null ? null : parseMinorUnits(amount);
      if (amount !== null && amountCents === null) throw new PaymentSignatureError(`${RETURN}: amount ${amount} is malformed`);
      return {
        kind: "paid",
        orderNumber,
        amountCents,
        currency: params.get("currency"),
        approvalCode: params.get("approval_code"),
        transactionId: null,
      };
    },

    verifyCallback(req: IncomingRequest): PaymentEvidence {
      if (req.method !== "POST") throw new PaymentSignatureError(`${CALLBACK}: Monri calls back by POST`);
      const authorization = /^WP3-callback\s+(\S+)$/.exec(req.headers.get("authorization")?.trim() ?? "")?.[1];
      checkSignature(monriCallbackDigest(options.key, req.rawBody), authorization, CALLBACK);
      const payload = jsonObject(req.rawBody, CALLBACK);
      const orderNumber = required(jsonText(payload.order_number), "order_number", CALLBACK);
      const status = required(jsonText(payload.status), "status", CALLBACK);
      if (status === "approved" && jsonText(payload.response_code) === "0000") {
        const amountCents = parseMinorUnits(jsonText(payload.amount) ?? "");
        if (amountCents === null) throw new PaymentSignatureError(`${CALLBACK}: amount is missing or malformed`);
        return {
          kind: "paid",
          orderNumber,
          amountCents,
          currency: jsonText(payload.currency),
          approvalCode: jsonText(payload.approval_code),
          transactionId: jsonText(payload.id),
        };
      }
      if (status === "declined" || status === "approved") return { kind: "declined", orderNumber };
      return { kind: "unknown", orderNumber };
    },

    status,

    async refund(orderNumber: string, amountCents: number): Promise<void> {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
        throw new RangeError(`amountCents must be a positive integer: ${amountCents}`);
      const amount = String(amountCents);
      const currency = "EUR";
      const answer = await api(`/transactions/${encodeURIComponent(orderNumber)}/refund.xml`, "transaction", {
        "order-number": orderNumber,
        amount,
        currency,
        "authenticity-token": options.authenticityToken,
        digest: sha1(options.key + orderNumber + amount + currency),
      });
      if (answer?.status !== "approved") throw new PaymentProviderError(`Monri refund: answered ${answer?.status ?? "not found"}`);
    },
  };
}
