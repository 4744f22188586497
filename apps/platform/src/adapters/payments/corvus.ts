import { request as httpsRequest } from "node:https";
import {
  callApi,
  checkRequest,
  checkSignature,
  formatCents,
  formFields,
  hmacSha256,
  optionalFields,
  parseDecimalCents,
  parseFlatXml,
  parseMinorUnits,
  sha1,
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
} from "./provider.ts";

/**
 * CorvusPay hosted checkout (reference B1): the form is signed with HMAC-SHA256 over the sorted
 * fields; the buyer comes back by POST to the success or cancel URL set in CorvusPay's Merchant
 * Center; there is no server callback, so payments are confirmed with the status API on cps.corvus.hr,
 * which wants a client certificate (PKCS#12) and `hash = sha1(secret + values)`.
 */

export const CORVUS_API_VERSION = "1.4";
/** ISO 4217 numeric code: the status API asks by number. */
const EUR_NUMERIC = "978";
/** CorvusWallet, IBAN payment, paysafecard, IPS and crypto tabs stay hidden; card, Apple Pay and Google Pay show. */
const HIDE_TABS = "pis,wallet,paysafecard,ips,crypto";

export interface CorvusOptions {
  storeId: string;
  secret: string;
  /** The checkout form's full URL, e.g. https://wallet.test.corvuspay.com/checkout/. */
  checkoutUrl: string;
  /** The API's base URL with its trailing slash, e.g. https://testcps.corvus.hr/. */
  apiUrl: string;
  /** The client certificate cps.corvus.hr asks for; without it only an emulator answers the API. */
  certificate?: { pfx: Buffer; password?: string };
  /** Used when there is no certificate (the emulator); default `fetch`. */
  fetch?: Fetch;
  now?: () => Date;
}

/** HMAC-SHA256 over `key + value` of every field but `signature`, keys sorted by code unit (PHP's ksort of these keys). */
export function corvusSignature(fields: Record<string, string>, secret: string): string {
  const data = Object.keys(fields)
    .filter((key) => key !== "signature")
    .sort()
    .map((key) => `${key}${fields[key]}`)
    .join("");
  return hmacSha256(secret, data);
}

/** The API's request hash: sha1 of the secret followed by the values in the order sent. */
export const corvusHash = (secret: string, values: readonly string[]): string => sha1(secret + values.join(""));

/** The status API's timestamp, yyyyMMddHHmmss in Zagreb time (the SDK's `date('YmdHis')` on a Croatian server). */
export function corvusTimestamp(at: Date): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Zagreb",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}${part("month")}${part("day")}${part("hour")}${part("minute")}${part("second")}`;
}

/** A `fetch` that presents a PKCS#12 client certificate (mutual TLS), which global fetch cannot. */
export function certificateFetch(certificate: { pfx: Buffer; password?: string }): Fetch {
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const req = httpsRequest(url, {
        method: init.method ?? "GET",
        headers: Object.fromEntries(new Headers(init.headers).entries()),
        pfx: certificate.pfx,
        passphrase: certificate.password,
        signal: init.signal ?? undefined,
      });
      req.on("response", (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 500 })));
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end(typeof init.body === "string" ? init.body : undefined);
    });
}

const RETURN = "CorvusPay return";

export function corvusProvider(options: CorvusOptions): PaymentProvider {
  const fetcher = options.certificate ? certificateFetch(options.certificate) : (options.fetch ?? fetch);
  const now = options.now ?? (() => new Date());

  async function api(endpoint: string, params: Record<string, string>) {
    const { status, text } = await callApi(fetcher, "CorvusPay", `${options.apiUrl}${endpoint}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(params).toString(),
    });
    const xml = parseFlatXml(text);
    // An order CorvusPay does not know: an error document with 404 (any other 404 is a wrong URL).
    if (status === 404 && xml?.root === "errors") return null;
    if (!xml) throw new PaymentProviderError(`CorvusPay ${endpoint}: answer ${status} is not XML`);
    if (xml.root === "errors" || status >= 400) {
      throw new PaymentProviderError(`CorvusPay ${endpoint}: ${xml.fields.description ?? `answer ${status}`}`);
    }
    return xml.fields;
  }

  async function status(orderNumber: string): Promise<PaymentEvidence> {
    const params = {
      order_number: orderNumber,
      store_id: options.storeId,
      currency_code: EUR_NUMERIC,
      timestamp: corvusTimestamp(now()),
      version: CORVUS_API_VERSION,
    };
    const fields = await api("status", { ...params, hash: corvusHash(options.secret, Object.values(params)) });
    if (!fields) return { kind: "unknown", orderNumber };
    switch (fields.status) {
      case "authorized":
      case "completed":
      case "partially_completed":
      case "partially_refunded":
      case "refunded": {
        const amountCents = parseMinorUnits(fields["transaction-amount"] ?? "");
        if (amountCents === null) throw new PaymentProviderError("CorvusPay status: no transaction-amount");
        return {
          kind: "paid",
          orderNumber,
          amountCents,
          currency: "EUR",
          approvalCode: fields["approval-code"] || null,
          transactionId: null,
        };
      }
      case "pending":
      case "pre_authorized":
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

  return {
    name: "corvus",
    hasCallback: false,

    hostedForm(request: PaymentRequest): HostedForm {
      checkRequest(request);
      const { customer } = request;
      const fields: Record<string, string> = {
        version: CORVUS_API_VERSION,
        store_id: options.storeId,
        order_number: request.orderNumber,
        language: request.language,
        currency: request.currency,
        amount: formatCents(request.amountCents),
        cart: request.description,
        require_complete: "false",
        hide_tabs: HIDE_TABS,
        ...optionalFields({
          cardholder_name: customer.firstName,
          cardholder_surname: customer.lastName,
          cardholder_email: customer.email,
          cardholder_phone: customer.phone,
          cardholder_address: customer.street,
          cardholder_city: customer.city,
          cardholder_zip_code: customer.zipCode,
          cardholder_country_code: customer.country,
        }),
      };
      return { action: options.checkoutUrl, fields: { ...fields, signature: corvusSignature(fields, options.secret) } };
    },

    verifyReturn(req: IncomingRequest): PaymentEvidence {
      if (req.method !== "POST") throw new PaymentSignatureError(`${RETURN}: CorvusPay returns by POST`);
      const fields = formFields(req, RETURN);
      const orderNumber = fields.order_number;
      if (!orderNumber) throw new PaymentSignatureError(`${RETURN}: order_number is missing`);
      if (fields.signature === undefined) {
        // The cancel URL carries the order number alone, unsigned: anything more must be signed.
        if (Object.keys(fields).some((key) => key !== "order_number" && key !== "language")) {
          throw new PaymentSignatureError(`${RETURN}: no signature`);
        }
        return { kind: "unsigned_cancel", orderNumber, url: req.url };
      }
      checkSignature(corvusSignature(fields, options.secret), fields.signature, RETURN);
      if (!fields.approval_code) return { kind: "unknown", orderNumber };
      const amountCents = fields.amount === undefined ? null : parseDecimalCents(fields.amount);
      if (amountCents === null && fields.amount !== undefined)
        throw new PaymentSignatureError(`${RETURN}: amount ${fields.amount} is malformed`);
      return {
        kind: "paid",
        orderNumber,
        amountCents,
        currency: fields.currency ?? null,
        approvalCode: fields.approval_code,
        transactionId: fields.transaction_id ?? null,
      };
    },

    verifyCallback(): PaymentEvidence {
      throw new PaymentSignatureError("CorvusPay sends no server callback: confirm with status()");
    },

    status,

    async refund(orderNumber: string, amountCents: number): Promise<void> {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
        throw new RangeError(`amountCents must be a positive integer: ${amountCents}`);
      // A partial refund names the amount that remains (`new_amount`, as CorvusPay's WooCommerce plugin sends it).
      const held = await status(orderNumber);
      if (held.kind !== "paid" || held.amountCents === null) throw new PaymentProviderError(`CorvusPay refund: ${orderNumber} is not paid`);
      if (amountCents > held.amountCents) {
        throw new PaymentProviderError(
          `CorvusPay refund: ${formatCents(amountCents)} is more than the ${formatCents(held.amountCents)} paid`,
        );
      }
      const base = { order_number: orderNumber, store_id: options.storeId };
      if (amountCents === held.amountCents) {
        const answer = await api("refund", { ...base, hash: corvusHash(options.secret, Object.values(base)) });
        if (answer?.status !== "refunded") throw new PaymentProviderError(`CorvusPay refund: answered ${answer?.status ?? "not found"}`);
        return;
      }
      const params = { ...base, version: CORVUS_API_VERSION, new_amount: formatCents(held.amountCents - amountCents), currency: "EUR" };
      const answer = await api("partial_refund", { ...params, hash: corvusHash(options.secret, Object.values(params)) });
      if (answer?.status !== "partially_refunded")
        throw new PaymentProviderError(`CorvusPay refund: answered ${answer?.status ?? "not found"}`);
    },
  };
}
