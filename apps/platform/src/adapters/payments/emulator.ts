import { randomBytes, randomInt } from "node:crypto";
import { type Context, Hono } from "hono";
import { EMULATOR_CREDENTIALS } from "./config.ts";
import { CORVUS_API_VERSION, corvusHash, corvusSignature } from "./corvus.ts";
import { componentsScript } from "./emulator-components.ts";
import { monriCallbackDigest, monriDigest } from "./monri.ts";
import { escapeXml, flatXml, formatCents, parseDecimalCents, parseFlatXml, parseMinorUnits, sha1, sha512 } from "./protocol.ts";
import type { ProviderName } from "./provider.ts";
import {
  WSPAY_VERSION,
  wspayApiSignature,
  wspayCallbackSignature,
  wspayRequestSignature,
  wspayReturnSignature,
  wspayStatusSignature,
} from "./wspay.ts";

/**
 * A local stand-in for a provider's hosted payment page and API, speaking the provider's protocol
 * with the fixed emulator credentials, so development and tests run the real adapter code without
 * a provider account. The buyer picks how the provider behaves (declines, late, repeated, forged or
 * missing callbacks) to exercise the shop's order pipeline. Mounted at /__emulator/<provider>, only
 * when the payment configuration says `env: "emulator"`; it keeps its transactions in memory.
 */

export type EmulatorBehaviour =
  | "normal"
  | "decline"
  | "return-tampered"
  | "callback-late"
  | "callback-twice"
  | "callback-tampered"
  | "callback-never"
  | "callback-before-redirect";

const BEHAVIOURS: readonly EmulatorBehaviour[] = [
  "normal",
  "decline",
  "return-tampered",
  "callback-late",
  "callback-twice",
  "callback-tampered",
  "callback-never",
  "callback-before-redirect",
];
/** CorvusPay has no callback: only the browser's way back can misbehave. */
const CORVUS_BEHAVIOURS: readonly EmulatorBehaviour[] = ["normal", "decline", "return-tampered"];

export interface PaymentEmulatorOptions {
  provider: ProviderName;
  /**
   * What the shop set in the provider's back office: CorvusPay's success and cancel URLs (required
   * for corvus), WSPay's callback URL. For Monri they stand in for a form without its overrides.
   */
  merchant?: { successUrl?: string; cancelUrl?: string; callbackUrl?: string };
  /** Sends a server-to-server callback; default `fetch`. In-process tests pass the shop's `app.request`. */
  deliver?: (url: string, init: RequestInit) => Promise<Response>;
  /** How long "callback late" waits; default 10 seconds. */
  lateCallbackMs?: number;
}

type Language = "hr" | "en" | "de";
type State = "pending" | "paid" | "declined" | "cancelled";

interface Transaction {
  orderNumber: string;
  amountCents: number;
  /** What is still captured: refunds lower it. */
  heldCents: number;
  currency: string;
  language: Language;
  customerName: string;
  successUrl: string;
  cancelUrl: string;
  /** Where a declined card goes back to (WSPay only). */
  errorUrl: string;
  callbackUrl: string | undefined;
  state: State;
  approvalCode: string;
  transactionId: string;
  stan: string;
}

type Intake = Omit<Transaction, "heldCents" | "state" | "approvalCode" | "transactionId" | "stan">;

/** How the browser leaves the hosted page: a redirect (GET), an auto-submitted POST form, or staying put. */
type Way = { redirect: string } | { post: { action: string; fields: Record<string, string> } } | "stay";

interface Callback {
  body: string;
  headers: Record<string, string>;
}

/** The provider-specific half: reading its form, signing its ways back and callbacks, answering its API. */
interface Dialect {
  label: string;
  formPaths: readonly string[];
  behaviours: readonly EmulatorBehaviour[];
  /** The checked form, or why the provider would refuse it. */
  intake(fields: Record<string, string>): Intake | string;
  back(tx: Transaction, outcome: "paid" | "declined" | "cancelled", tampered: boolean): Way;
  callback(tx: Transaction, tampered: boolean): Callback | null;
  api(app: Hono, transactions: Map<string, Transaction>, approve: Approve): void;
}

/** Marks a transaction paid and sends its callbacks the way the buyer chose. */
type Approve = (tx: Transaction, behaviour: EmulatorBehaviour) => Promise<void>;

const TEXTS = {
  hr: {
    title: "Plaćanje karticom",
    notice: "Emulator: ovo nije pravo plaćanje i ništa se ne naplaćuje.",
    order: "Broj narudžbe",
    amount: "Iznos",
    behaviour: "Ponašanje pružatelja (emulator)",
    pay: "Plati",
    cancel: "Odustani",
    back: "Natrag u trgovinu",
    declined: "Plaćanje je odbijeno.",
    returning: "Povratak u trgovinu",
    continue: "Nastavi",
    refused: "Zahtjev za plaćanje je odbijen",
    finished: "Ovo plaćanje je već završeno.",
    behaviours: {
      normal: "Uobičajeno",
      decline: "Odbij karticu",
      "return-tampered": "Izmijenjen povratak u trgovinu",
      "callback-late": "Obavijest kasni",
      "callback-twice": "Obavijest dvaput",
      "callback-tampered": "Izmijenjena obavijest",
      "callback-never": "Bez obavijesti",
      "callback-before-redirect": "Obavijest prije povratka",
    },
  },
  en: {
    title: "Card payment",
    notice: "Emulator: this is not a real payment and nothing is charged.",
    order: "Order number",
    amount: "Amount",
    behaviour: "Provider behaviour (emulator)",
    pay: "Pay",
    cancel: "Cancel",
    back: "Back to the shop",
    declined: "The payment was declined.",
    returning: "Returning to the shop",
    continue: "Continue",
    refused: "The payment request was refused",
    finished: "This payment has already finished.",
    behaviours: {
      normal: "Normal",
      decline: "Decline the card",
      "return-tampered": "Tampered return to the shop",
      "callback-late": "Callback late",
      "callback-twice": "Callback twice",
      "callback-tampered": "Callback tampered",
      "callback-never": "Callback never",
      "callback-before-redirect": "Callback before the redirect",
    },
  },
  de: {
    title: "Kartenzahlung",
    notice: "Emulator: Dies ist keine echte Zahlung, es wird nichts abgebucht.",
    order: "Bestellnummer",
    amount: "Betrag",
    behaviour: "Verhalten des Anbieters (Emulator)",
    pay: "Bezahlen",
    cancel: "Abbrechen",
    back: "Zurück zum Shop",
    declined: "Die Zahlung wurde abgelehnt.",
    returning: "Zurück zum Shop",
    continue: "Weiter",
    refused: "Die Zahlungsanfrage wurde abgelehnt",
    finished: "Diese Zahlung ist bereits abgeschlossen.",
    behaviours: {
      normal: "Normal",
      decline: "Karte ablehnen",
      "return-tampered": "Manipulierte Rückkehr zum Shop",
      "callback-late": "Benachrichtigung verspätet",
      "callback-twice": "Benachrichtigung doppelt",
      "callback-tampered": "Manipulierte Benachrichtigung",
      "callback-never": "Keine Benachrichtigung",
      "callback-before-redirect": "Benachrichtigung vor der Rückleitung",
    },
  },
} as const;

const LOCALES: Record<Language, string> = { hr: "hr-HR", en: "en-GB", de: "de-DE" };
const asLanguage = (value: string | undefined): Language => {
  const lower = value?.toLowerCase();
  return lower === "en" || lower === "de" ? lower : "hr";
};

const escapeHtml = escapeXml;

/** Formats from the decimal text, so the shown amount is exact. */
const shownAmount = (tx: Transaction) =>
  new Intl.NumberFormat(LOCALES[tx.language], { style: "currency", currency: tx.currency }).format(
    formatCents(tx.amountCents) as Intl.StringNumericLiteral,
  );

const digits = (n: number) => String(randomInt(10 ** (n - 1), 10 ** n));
/** Another approval code than the signed one, for the tampered behaviours. */
const tamperedCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Reads an application/x-www-form-urlencoded body; the last copy of a repeated field wins, as in PHP. */
async function formOf(c: Context): Promise<Record<string, string>> {
  return Object.fromEntries(new URLSearchParams(await c.req.text()));
}

const addQuery = (url: string, params: Record<string, string>) => `${url}${url.includes("?") ? "&" : "?"}${new URLSearchParams(params)}`;

// ---------------------------------------------------------------- CorvusPay

function corvusDialect(merchant: PaymentEmulatorOptions["merchant"]): Dialect {
  const { storeId, secret } = EMULATOR_CREDENTIALS.corvus;
  const successUrl = merchant?.successUrl;
  const cancelUrl = merchant?.cancelUrl;
  if (!successUrl || !cancelUrl)
    throw new TypeError("The CorvusPay emulator needs merchant.successUrl and merchant.cancelUrl (set in CorvusPay's Merchant Center)");
  const xml = (c: Context, status: 200 | 400 | 403 | 404, root: string, fields: Record<string, string>) =>
    c.body(flatXml(root, fields), status, { "Content-Type": "application/xml; charset=utf-8" });
  const error = (c: Context, status: 400 | 403 | 404, description: string) => xml(c, status, "errors", { description });

  return {
    label: "CorvusPay",
    formPaths: ["/checkout/", "/checkout"],
    behaviours: CORVUS_BEHAVIOURS,
    intake(fields) {
      for (const name of [
        "store_id",
        "order_number",
        "language",
        "currency",
        "amount",
        "cart",
        "require_complete",
        "version",
        "signature",
      ]) {
        if (!fields[name]) return `${name} is missing`;
      }
      if (fields.store_id !== storeId) return "unknown store_id";
      if (corvusSignature(fields, secret) !== fields.signature) return "the signature does not match";
      const amountCents = /^\d+\.\d{2}$/.test(fields.amount ?? "") ? parseDecimalCents(fields.amount ?? "") : null;
      if (amountCents === null || amountCents === 0) return "amount must look like 12.34";
      if ((fields.order_number ?? "").length > 36) return "order_number is longer than 36 characters";
      return {
        orderNumber: fields.order_number ?? "",
        amountCents,
        currency: fields.currency ?? "EUR",
        language: asLanguage(fields.language),
        customerName: [fields.cardholder_name, fields.cardholder_surname].filter(Boolean).join(" "),
        successUrl,
        cancelUrl,
        errorUrl: cancelUrl,
        callbackUrl: undefined,
      };
    },
    back(tx, outcome, tampered) {
      // A declined card stays on CorvusPay's page; the buyer leaves through cancel.
      if (outcome === "declined") return "stay";
      if (outcome === "cancelled") return { post: { action: tx.cancelUrl, fields: { order_number: tx.orderNumber } } };
      const fields: Record<string, string> = { order_number: tx.orderNumber, language: tx.language, approval_code: tx.approvalCode };
      const signed: Record<string, string> = { ...fields, signature: corvusSignature(fields, secret) };
      return { post: { action: tx.successUrl, fields: tampered ? { ...signed, approval_code: tamperedCode(tx.approvalCode) } : signed } };
    },
    callback: () => null,
    api(app, transactions) {
      const statusName = (tx: Transaction) => {
        if (tx.state !== "paid") return tx.state;
        if (tx.heldCents === tx.amountCents) return "authorized";
        return tx.heldCents === 0 ? "refunded" : "partially_refunded";
      };
      const answer = (c: Context, tx: Transaction) =>
        xml(c, 200, "order", {
          "order-number": tx.orderNumber,
          status: statusName(tx),
          "response-code": "0",
          "transaction-amount": String(tx.heldCents),
          "currency-code": "978",
          "approval-code": tx.approvalCode,
          "cc-type": "visa",
          "card-details": "411111******1111",
        });
      const paidTx = (c: Context, orderNumber: string | undefined) => {
        const tx = transactions.get(orderNumber ?? "");
        if (!tx) return error(c, 404, "Order not found");
        if (tx.state !== "paid" || tx.heldCents === 0) return error(c, 400, "Nothing to refund");
        return tx;
      };

      app.post("/status", async (c) => {
        const f = await formOf(c);
        const values = [f.order_number, f.store_id, f.currency_code, f.timestamp, f.version].map((v) => v ?? "");
        if (f.store_id !== storeId || f.hash !== corvusHash(secret, values)) return error(c, 403, "Invalid hash");
        const tx = transactions.get(f.order_number ?? "");
        return tx ? answer(c, tx) : error(c, 404, "Order not found");
      });
      app.post("/refund", async (c) => {
        const f = await formOf(c);
        if (f.store_id !== storeId || f.hash !== corvusHash(secret, [f.order_number ?? "", f.store_id]))
          return error(c, 403, "Invalid hash");
        const tx = paidTx(c, f.order_number);
        if (tx instanceof Response) return tx;
        tx.heldCents = 0;
        return answer(c, tx);
      });
      app.post("/partial_refund", async (c) => {
        const f = await formOf(c);
        const values = [f.order_number, f.store_id, f.version, f.new_amount, f.currency].map((v) => v ?? "");
        if (f.store_id !== storeId || f.version !== CORVUS_API_VERSION || f.hash !== corvusHash(secret, values)) {
          return error(c, 403, "Invalid hash");
        }
        const tx = paidTx(c, f.order_number);
        if (tx instanceof Response) return tx;
        const remaining = parseDecimalCents(f.new_amount ?? "");
        if (remaining === null || remaining >= tx.heldCents) return error(c, 400, "new_amount must be less than the captured amount");
        tx.heldCents = remaining;
        return answer(c, tx);
      });
    },
  };
}

// ---------------------------------------------------------------- Monri

function monriDialect(merchant: PaymentEmulatorOptions["merchant"]): Dialect {
  const { authenticityToken, key } = EMULATOR_CREDENTIALS.monri;
  const xml = (c: Context, status: 200 | 401 | 404 | 422, root: string, fields: Record<string, string>) =>
    c.body(flatXml(root, fields), status, { "Content-Type": "application/xml; charset=utf-8" });
  const error = (c: Context, status: 401 | 404 | 422, message: string) => xml(c, status, "errors", { error: message });

  return {
    label: "Monri WebPay",
    formPaths: ["/v2/form"],
    behaviours: BEHAVIOURS,
    intake(fields) {
      for (const name of ["order_number", "amount", "currency", "authenticity_token", "digest"]) {
        if (!fields[name]) return `${name} is missing`;
      }
      if (fields.authenticity_token !== authenticityToken) return "unknown authenticity_token";
      const { order_number = "", amount = "", currency = "" } = fields;
      if (monriDigest(key, order_number, amount, currency) !== fields.digest) return "the digest does not match";
      const amountCents = parseMinorUnits(amount);
      if (!amountCents) return "amount must be in minor units";
      const successUrl = fields.success_url_override || merchant?.successUrl;
      const cancelUrl = fields.cancel_url_override || merchant?.cancelUrl;
      if (!successUrl || !cancelUrl) return "no success or cancel URL";
      return {
        orderNumber: order_number,
        amountCents,
        currency,
        language: asLanguage(fields.language),
        customerName: fields.ch_full_name ?? "",
        successUrl,
        cancelUrl,
        errorUrl: cancelUrl,
        callbackUrl: fields.callback_url_override || merchant?.callbackUrl,
      };
    },
    back(tx, outcome, tampered) {
      // Monri keeps a declined buyer on its form and tells the shop nothing.
      if (outcome === "declined") return "stay";
      if (outcome === "cancelled") return { redirect: tx.cancelUrl };
      const params = {
        acquirer: "emulator",
        amount: String(tx.amountCents),
        approval_code: tx.approvalCode,
        cc_type: "visa",
        ch_full_name: tx.customerName,
        currency: tx.currency,
        language: tx.language,
        masked_pan: "411111-xxx-xxx-1111",
        order_number: tx.orderNumber,
        response_code: "0000",
      };
      const url = addQuery(tx.successUrl, params);
      const digest = sha512(key + url);
      const shown = tampered ? addQuery(tx.successUrl, { ...params, amount: String(tx.amountCents + 100) }) : url;
      return { redirect: `${shown}&digest=${digest}` };
    },
    callback(tx, tampered) {
      const payload = {
        id: Number(tx.transactionId),
        acquirer: "emulator",
        order_number: tx.orderNumber,
        amount: tx.amountCents,
        currency: tx.currency,
        ch_full_name: tx.customerName,
        outgoing_amount: tx.amountCents,
        outgoing_currency: tx.currency,
        approval_code: tx.approvalCode,
        response_code: "0000",
        response_message: "approved",
        reference_number: tx.stan,
        systan: tx.stan,
        cc_type: "visa",
        status: "approved",
        transaction_type: "purchase",
        created_at: new Date().toISOString(),
        masked_pan: "411111-xxx-xxx-1111",
      };
      const body = JSON.stringify(payload);
      const sent = tampered ? JSON.stringify({ ...payload, amount: tx.amountCents + 100 }) : body;
      return {
        body: sent,
        headers: { "Content-Type": "application/json", Authorization: `WP3-callback ${monriCallbackDigest(key, body)}` },
      };
    },
    api(app, transactions, approve) {
      mountComponents(app, transactions, approve, merchant);
      const readXml = async (c: Context) => parseFlatXml(await c.req.text())?.fields ?? {};
      app.post("/orders/show", async (c) => {
        const f = await readXml(c);
        const orderNumber = f["order-number"] ?? "";
        if (f["authenticity-token"] !== authenticityToken || f.digest !== sha1(key + orderNumber)) return error(c, 401, "Invalid digest");
        const tx = transactions.get(orderNumber);
        if (!tx) return error(c, 404, "Order not found");
        const status = tx.state === "paid" ? "approved" : tx.state;
        return xml(c, 200, "order", {
          id: tx.transactionId,
          "order-number": tx.orderNumber,
          amount: String(tx.heldCents),
          currency: tx.currency,
          status,
          "response-code": tx.state === "paid" ? "0000" : tx.state === "declined" ? "1050" : "",
          "approval-code": tx.approvalCode,
          "transaction-type": "purchase",
        });
      });
      app.post("/transactions/:order/refund.xml", async (c) => {
        const f = await readXml(c);
        const orderNumber = c.req.param("order");
        const amount = f.amount ?? "";
        const currency = f.currency ?? "";
        if (f["order-number"] !== orderNumber || f["authenticity-token"] !== authenticityToken) return error(c, 401, "Invalid request");
        if (f.digest !== sha1(key + orderNumber + amount + currency)) return error(c, 401, "Invalid digest");
        const tx = transactions.get(orderNumber);
        if (!tx) return error(c, 404, "Order not found");
        const cents = parseMinorUnits(amount);
        if (tx.state !== "paid" || !cents || cents > tx.heldCents) return error(c, 422, "Amount is larger than what can be refunded");
        tx.heldCents -= cents;
        return xml(c, 200, "transaction", {
          "order-number": orderNumber,
          amount,
          currency,
          status: "approved",
          "response-code": "0000",
          "transaction-type": "refund",
        });
      });
    },
  };
}

/** The wallet's ways: no browser return is signed (the shop asks the status API), so that one cannot be tampered. */
const WALLET_BEHAVIOURS = BEHAVIOURS.filter((b) => b !== "return-tampered");

/**
 * Monri Components (reference B2, Wallets): the shop opens the payment with `POST /v2/payment/new`
 * signed `WP3-v2 <token> <time> sha512(key + time + token + body)` and gets a client secret; the
 * buyer's browser loads `/dist/components.js` and approves in its button, which the emulator's
 * script confirms at `/v2/components/confirm` (where Monri's own frame talks to Monri).
 */
function mountComponents(
  app: Hono,
  transactions: Map<string, Transaction>,
  approve: Approve,
  merchant: PaymentEmulatorOptions["merchant"],
) {
  const { authenticityToken, key } = EMULATOR_CREDENTIALS.monri;
  const secrets = new Map<string, string>();
  const script = componentsScript(
    Object.fromEntries(
      Object.entries(TEXTS).map(([language, t]) => [
        language,
        { emulator: "emulator", behaviour: t.behaviour, failed: t.refused, behaviours: t.behaviours },
      ]),
    ),
    WALLET_BEHAVIOURS,
  );
  const refuse = (c: Context, status: 400 | 401 | 409, message: string) => c.json({ status: "declined", message }, status);

  app.post("/v2/payment/new", async (c) => {
    const body = await c.req.text();
    const [scheme, token, time, digest] = (c.req.header("authorization") ?? "").trim().split(/\s+/);
    if (scheme !== "WP3-v2" || token !== authenticityToken || !time || digest !== sha512(key + time + token + body)) {
      return refuse(c, 401, "Invalid authorization");
    }
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return refuse(c, 400, "The body is not JSON");
    }
    const orderNumber = typeof payload.order_number === "string" ? payload.order_number : "";
    const amountCents = parseMinorUnits(typeof payload.amount === "number" ? payload.amount : -1);
    if (!/^[A-Za-z0-9_.-]{1,40}$/.test(orderNumber)) return refuse(c, 400, "order_number is missing or malformed");
    if (!amountCents || payload.currency !== "EUR" || payload.transaction_type !== "purchase") {
      return refuse(c, 400, "amount, currency or transaction_type is invalid");
    }
    if (transactions.has(orderNumber)) return refuse(c, 409, "order_number was used before");
    const tx: Transaction = {
      orderNumber,
      amountCents,
      currency: "EUR",
      language: "hr",
      customerName: "",
      successUrl: merchant?.successUrl ?? "",
      cancelUrl: merchant?.cancelUrl ?? "",
      errorUrl: merchant?.cancelUrl ?? "",
      callbackUrl: merchant?.callbackUrl,
      heldCents: 0,
      state: "pending",
      approvalCode: "",
      transactionId: digits(10),
      stan: digits(6),
    };
    transactions.set(orderNumber, tx);
    const clientSecret = randomBytes(20).toString("hex");
    secrets.set(clientSecret, orderNumber);
    return c.json({ status: "approved", id: tx.transactionId, client_secret: clientSecret });
  });

  app.get("/dist/components.js", (c) =>
    c.body(script, 200, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    }),
  );

  app.post("/v2/components/confirm", async (c) => {
    const payload = (await c.req.json().catch(() => ({}))) as { client_secret?: unknown; behaviour?: unknown };
    const tx = transactions.get(secrets.get(String(payload.client_secret)) ?? "");
    if (!tx) return c.json({ result: null, error: { message: "Unknown payment" } }, 404);
    if (tx.state !== "pending") return c.json({ result: null, error: { message: TEXTS[tx.language].finished } }, 409);
    const behaviour = WALLET_BEHAVIOURS.find((b) => b === payload.behaviour) ?? "normal";
    if (behaviour === "decline") {
      tx.state = "declined";
      return c.json({ result: { status: "declined", order_number: tx.orderNumber, response_code: "1050" }, error: null });
    }
    await approve(tx, behaviour);
    return c.json({
      result: {
        status: "approved",
        order_number: tx.orderNumber,
        amount: tx.amountCents,
        currency: tx.currency,
        approval_code: tx.approvalCode,
        response_code: "0000",
      },
      error: null,
    });
  });
}

// ---------------------------------------------------------------- WSPay

function wspayDialect(merchant: PaymentEmulatorOptions["merchant"]): Dialect {
  const { shopId, secret } = EMULATOR_CREDENTIALS.wspay;
  const when = () => new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const returnParams = (tx: Transaction, success: string, approvalCode: string, errorMessage: string) => ({
    ShoppingCartID: tx.orderNumber,
    Success: success,
    ApprovalCode: approvalCode,
    Signature: wspayReturnSignature(shopId, secret, tx.orderNumber, success, approvalCode),
    Amount: formatCents(tx.amountCents, ","),
    WsPayOrderId: tx.transactionId,
    STAN: tx.stan,
    CreditCardName: "VISA",
    DateTime: when(),
    ErrorMessage: errorMessage,
    Lang: tx.language.toUpperCase(),
  });

  return {
    label: "WSPay",
    formPaths: ["/authorization.aspx"],
    behaviours: BEHAVIOURS,
    intake(posted) {
      // WSPay reads its field names without regard to case (its documentation and plugins differ).
      const f = Object.fromEntries(Object.entries(posted).map(([k, v]) => [k.toLowerCase(), v]));
      for (const name of ["shopid", "shoppingcartid", "version", "totalamount", "signature", "returnurl", "cancelurl", "returnerrorurl"]) {
        if (!f[name]) return `${name} is missing`;
      }
      if (f.shopid !== shopId) return "unknown ShopID";
      if (f.version !== WSPAY_VERSION) return `version must be ${WSPAY_VERSION}`;
      const { shoppingcartid = "", totalamount = "" } = f;
      if (!/^\d+,\d{2}$/.test(totalamount)) return "TotalAmount must look like 12,34";
      if (wspayRequestSignature(shopId, secret, shoppingcartid, totalamount) !== f.signature) return "the signature does not match";
      if (!/^[A-Za-z0-9_.-]{1,255}$/.test(shoppingcartid)) return "ShoppingCartID has characters WSPay refuses";
      return {
        orderNumber: shoppingcartid,
        amountCents: parseDecimalCents(totalamount) ?? 0,
        currency: "EUR",
        language: asLanguage(f.lang),
        customerName: [f.customerfirstname, f.customerlastname].filter(Boolean).join(" "),
        successUrl: f.returnurl ?? "",
        cancelUrl: f.cancelurl ?? "",
        errorUrl: f.returnerrorurl ?? "",
        callbackUrl: merchant?.callbackUrl,
      };
    },
    back(tx, outcome, tampered) {
      if (outcome === "cancelled") return { redirect: tx.cancelUrl };
      if (outcome === "declined") return { redirect: addQuery(tx.errorUrl, returnParams(tx, "0", "", "Declined by the emulator")) };
      const params = returnParams(tx, "1", tx.approvalCode, "");
      return { redirect: addQuery(tx.successUrl, tampered ? { ...params, ApprovalCode: tamperedCode(tx.approvalCode) } : params) };
    },
    callback(tx, tampered) {
      const payload = {
        ShoppingCartID: tx.orderNumber,
        WsPayOrderId: tx.transactionId,
        ApprovalCode: tx.approvalCode,
        STAN: tx.stan,
        Amount: formatCents(tx.amountCents, ","),
        ActionSuccess: "1",
        Success: "1",
        Authorized: "1",
        Completed: "1",
        Voided: "0",
        Refunded: "0",
        PaymentPlan: "0000",
        CreditCardName: "VISA",
        DateTime: when(),
        ErrorMessage: "",
        Signature: wspayCallbackSignature(shopId, secret, "1", tx.approvalCode, tx.transactionId),
      };
      const sent = tampered ? { ...payload, ApprovalCode: tamperedCode(tx.approvalCode) } : payload;
      return { body: JSON.stringify(sent), headers: { "Content-Type": "application/json" } };
    },
    api(app, transactions) {
      const readJson = async (c: Context): Promise<Record<string, unknown>> => {
        try {
          const value: unknown = JSON.parse(await c.req.text());
          return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
        } catch {
          return {};
        }
      };
      const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");
      app.post("/api/services/statusCheck", async (c) => {
        const f = await readJson(c);
        const cartId = text(f.ShoppingCartID);
        if (text(f.ShopID) !== shopId || text(f.Signature) !== wspayStatusSignature(shopId, secret, cartId)) {
          return c.json({ ActionSuccess: "0", ErrorMessage: "Invalid signature" }, 401);
        }
        const tx = transactions.get(cartId);
        if (!tx) return c.json({ ActionSuccess: "0", ErrorMessage: "Transaction not found" });
        const paid = tx.state === "paid";
        const flag = (on: boolean) => (on ? "1" : "0");
        return c.json({
          WsPayOrderId: tx.transactionId,
          ShopID: shopId,
          ShoppingCartID: tx.orderNumber,
          STAN: tx.stan,
          ApprovalCode: paid ? tx.approvalCode : "",
          Amount: formatCents(tx.heldCents, ","),
          CurrencyCode: tx.currency,
          ActionSuccess: "1",
          Success: flag(paid),
          Authorized: flag(paid),
          Completed: flag(paid),
          // The emulator shows a buyer's cancel as a void: WSPay's own answer for it is not documented.
          Voided: flag(tx.state === "cancelled"),
          Refunded: flag(paid && tx.heldCents < tx.amountCents),
          ErrorMessage: tx.state === "declined" ? "Declined by the emulator" : "",
          Signature: wspayCallbackSignature(shopId, secret, "1", paid ? tx.approvalCode : "", tx.transactionId),
        });
      });
      app.post("/api/services/refund", async (c) => {
        const f = await readJson(c);
        const [orderId, stan, approvalCode, amount] = [f.WsPayOrderId, f.STAN, f.ApprovalCode, f.Amount].map(text) as [
          string,
          string,
          string,
          string,
        ];
        if (text(f.ShopID) !== shopId || text(f.Signature) !== wspayApiSignature(shopId, secret, orderId, stan, approvalCode, amount)) {
          return c.json({ ActionSuccess: "0", ErrorMessage: "Invalid signature" }, 401);
        }
        const tx = [...transactions.values()].find(
          (t) => t.transactionId === orderId && t.stan === stan && t.approvalCode === approvalCode,
        );
        const cents = parseMinorUnits(amount);
        const refused = (message: string) => c.json({ WsPayOrderId: orderId, ShopID: shopId, ActionSuccess: "0", ErrorMessage: message });
        if (tx?.state !== "paid") return refused("Transaction not found");
        if (!cents || cents > tx.heldCents) return refused("Amount exceeds what can be refunded");
        tx.heldCents -= cents;
        return c.json({
          WsPayOrderId: orderId,
          ShopID: shopId,
          ApprovalCode: approvalCode,
          STAN: stan,
          ActionSuccess: "1",
          ErrorMessage: "",
          Signature: wspayCallbackSignature(shopId, secret, "1", approvalCode, orderId),
        });
      });
    },
  };
}

// ---------------------------------------------------------------- pages

const STYLE =
  "body{font:1rem/1.5 system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}" +
  ".notice{background:#fff4ce;border:1px solid #c9a400;padding:.5rem .75rem}" +
  "dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dd{margin:0;font-weight:600}" +
  "button,select{font:inherit;padding:.5rem 1rem}button{margin-right:.5rem}[role=alert]{color:#a00000;font-weight:600}";

/** The page's own policy: no script but one carrying this response's nonce, forms only to the shop and here. */
function csp(formTargets: readonly string[], nonce?: string): string {
  const origins = [...new Set(formTargets.map(originOf).filter((o): o is string => o !== null))];
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    ...(nonce ? [`script-src 'nonce-${nonce}'`] : []),
    `form-action 'self' ${origins.join(" ")}`.trim(),
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

function page(language: Language, title: string, body: string, nonce?: string): string {
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>
${body}
</main>${nonce ? `<script nonce="${nonce}">document.forms[0].submit()</script>` : ""}</body>
</html>`;
}

function hostedPage(dialect: Dialect, tx: Transaction, payUrl: string, declined: boolean): string {
  const t = TEXTS[tx.language];
  const options = dialect.behaviours
    .map((b) => `<option value="${b}"${b === "normal" ? " selected" : ""}>${escapeHtml(t.behaviours[b])}</option>`)
    .join("");
  const controls = declined
    ? `<p role="alert">${escapeHtml(t.declined)}</p>
<p><button type="submit" name="action" value="cancel">${escapeHtml(t.back)}</button></p>`
    : `<p><label for="behaviour">${escapeHtml(t.behaviour)}</label><br><select id="behaviour" name="behaviour">${options}</select></p>
<p><button type="submit" name="action" value="pay">${escapeHtml(t.pay)}</button><button type="submit" name="action" value="cancel">${escapeHtml(t.cancel)}</button></p>`;
  return page(
    tx.language,
    `${t.title} · ${dialect.label}`,
    `<p class="notice">${escapeHtml(t.notice)}</p>
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(dialect.label)}</p>
<dl><dt>${escapeHtml(t.order)}</dt><dd>${escapeHtml(tx.orderNumber)}</dd><dt>${escapeHtml(t.amount)}</dt><dd>${escapeHtml(shownAmount(tx))}</dd></dl>
<form method="post" action="${escapeHtml(payUrl)}">
<input type="hidden" name="order_number" value="${escapeHtml(tx.orderNumber)}">
${controls}
</form>`,
  );
}

// ---------------------------------------------------------------- the app

export function createPaymentEmulator(options: PaymentEmulatorOptions): Hono {
  const dialect =
    options.provider === "corvus"
      ? corvusDialect(options.merchant)
      : options.provider === "monri"
        ? monriDialect(options.merchant)
        : wspayDialect(options.merchant);
  const deliver = options.deliver ?? ((url: string, init: RequestInit) => fetch(url, init));
  const lateMs = options.lateCallbackMs ?? 10_000;
  const transactions = new Map<string, Transaction>();
  const app = new Hono();

  const html = (c: Context, status: 200 | 400 | 409, body: string, formTargets: readonly string[], nonce?: string) =>
    c.body(body, status, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": csp(formTargets, nonce),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    });

  const refusal = (c: Context, language: Language, reason: string, status: 400 | 409 = 400) => {
    const t = TEXTS[language];
    return html(c, status, page(language, t.refused, `<h1>${escapeHtml(t.refused)}</h1>\n<p role="alert">${escapeHtml(reason)}</p>`), []);
  };

  const leave = (c: Context, tx: Transaction, way: Way) => {
    if (way === "stay") return html(c, 200, hostedPage(dialect, tx, payUrlOf(c.req.path, "/pay"), true), [c.req.url]);
    if ("redirect" in way) return c.redirect(way.redirect, 302);
    const t = TEXTS[tx.language];
    const inputs = Object.entries(way.post.fields)
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join("\n");
    // Auto-submitted like CorvusPay's page; the button is the way back without JavaScript.
    const nonce = randomBytes(16).toString("base64url");
    const body = `<h1>${escapeHtml(t.returning)}</h1>
<form method="post" action="${escapeHtml(way.post.action)}">
${inputs}
<button type="submit">${escapeHtml(t.continue)}</button>
</form>`;
    return html(c, 200, page(tx.language, t.returning, body, nonce), [way.post.action], nonce);
  };

  /** Sends the signed callback; a shop that does not answer is its own problem, as with the real providers. */
  const sendCallback = async (tx: Transaction, tampered: boolean) => {
    const callback = dialect.callback(tx, tampered);
    if (!callback || !tx.callbackUrl) return;
    try {
      await deliver(tx.callbackUrl, { method: "POST", headers: callback.headers, body: callback.body });
    } catch {
      // The real providers retry on their own schedule; the shop's reconciliation covers a lost callback.
    }
  };

  const approve: Approve = async (tx, behaviour) => {
    tx.state = "paid";
    tx.heldCents = tx.amountCents;
    tx.approvalCode = digits(6);
    switch (behaviour) {
      case "callback-before-redirect":
        await sendCallback(tx, false);
        break;
      case "callback-late":
        setTimeout(() => void sendCallback(tx, false), lateMs).unref();
        break;
      case "callback-twice":
        void sendCallback(tx, false).then(() => sendCallback(tx, false));
        break;
      case "callback-tampered":
        void sendCallback(tx, true);
        break;
      case "callback-never":
        break;
      default:
        // The real providers notify about when the browser is sent back: neither waits for the other.
        void sendCallback(tx, false);
    }
  };

  for (const path of dialect.formPaths) {
    app.post(path, async (c) => {
      const fields = await formOf(c);
      const intake = dialect.intake(fields);
      const language = asLanguage(fields.language ?? fields.lang ?? fields.Lang);
      if (typeof intake === "string") return refusal(c, language, intake);
      const known = transactions.get(intake.orderNumber);
      if (known && known.state !== "pending") return refusal(c, intake.language, TEXTS[intake.language].finished, 409);
      const tx: Transaction = { ...intake, heldCents: 0, state: "pending", approvalCode: "", transactionId: digits(10), stan: digits(6) };
      transactions.set(tx.orderNumber, tx);
      return html(c, 200, hostedPage(dialect, tx, payUrlOf(c.req.path, path), false), [
        c.req.url,
        tx.successUrl,
        tx.cancelUrl,
        tx.errorUrl,
      ]);
    });
  }

  app.post("/pay", async (c) => {
    const fields = await formOf(c);
    const tx = transactions.get(fields.order_number ?? "");
    if (!tx) return refusal(c, "hr", "Unknown order number");
    const action = fields.action === "cancel" ? "cancel" : "pay";
    if (action === "cancel" && (tx.state === "pending" || tx.state === "declined")) {
      if (tx.state === "pending") tx.state = "cancelled";
      return leave(c, tx, dialect.back(tx, "cancelled", false));
    }
    if (tx.state !== "pending") return refusal(c, tx.language, TEXTS[tx.language].finished, 409);
    const behaviour = dialect.behaviours.find((b) => b === fields.behaviour) ?? "normal";
    if (behaviour === "decline") {
      tx.state = "declined";
      return leave(c, tx, dialect.back(tx, "declined", false));
    }
    await approve(tx, behaviour);
    return leave(c, tx, dialect.back(tx, "paid", behaviour === "return-tampered"));
  });

  dialect.api(app, transactions, approve);
  return app;
}

/** The pay handler's address, beside the route that answered wherever the emulator is mounted. */
const payUrlOf = (requestPath: string, routePath: string): string => `${requestPath.slice(0, requestPath.length - routePath.length)}/pay`;
