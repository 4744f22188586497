import {
  callApi,
  checkRequest,
  checkSignature,
  formatCents,
  jsonObject,
  jsonText,
  optionalFields,
  parseDecimalCents,
  queryOf,
  required,
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
} from "./provider.ts";

/**
 * WSPay form 2.0 (reference B3). The form, the browser return and the callback each have their own
 * SHA-512 signature. Neither the return nor the callback signs the amount, and the callback does not
 * sign the cart id: their evidence carries no amount, and the status API (over TLS) is the one to
 * believe about money. The callback goes to the URL set in WSPay's merchant panel, not `urls.callback`.
 */

export const WSPAY_VERSION = "2.0";

export interface WspayOptions {
  shopId: string;
  secret: string;
  /** The form host, e.g. https://formtest.wspay.biz (form at /authorization.aspx). */
  formUrl: string;
  /** The management API host, e.g. https://test.wspay.biz (API at /api/services). */
  apiUrl: string;
  fetch?: Fetch;
}

/** The form signature: the amount counts with its digits only ("12,34" → "1234"). */
export const wspayRequestSignature = (shopId: string, secret: string, cartId: string, totalAmount: string): string =>
  sha512(shopId + secret + cartId + secret + totalAmount.replace(/\D/g, "") + secret);

export const wspayReturnSignature = (shopId: string, secret: string, cartId: string, success: string, approvalCode: string): string =>
  sha512(shopId + secret + cartId + secret + success + secret + approvalCode + secret);

/** Signs the callback, and the status answer in the emulator. */
export const wspayCallbackSignature = (
  shopId: string,
  secret: string,
  actionSuccess: string,
  approvalCode: string,
  orderId: string,
): string => sha512(shopId + secret + actionSuccess + approvalCode + secret + shopId + approvalCode + orderId);

export const wspayStatusSignature = (shopId: string, secret: string, cartId: string): string =>
  sha512(shopId + secret + cartId + secret + shopId + cartId);

/** Completion, refund and void: the amount in cents, its commas dropped (Monri's WooCommerce plugin). */
export const wspayApiSignature = (
  shopId: string,
  secret: string,
  orderId: string,
  stan: string,
  approvalCode: string,
  amount: string,
): string => sha512(shopId + orderId + secret + stan + secret + approvalCode + secret + amount.replace(/,/g, "") + secret + orderId);

const LIMITS = {
  customerFirstName: 100,
  customerLastName: 100,
  customerAddress: 100,
  customerCity: 100,
  customerZIP: 20,
  customerPhone: 30,
};

const RETURN = "WSPay return";
const CALLBACK = "WSPay callback";

export function wspayProvider(options: WspayOptions): PaymentProvider {
  const fetcher = options.fetch ?? fetch;

  async function api(service: string, body: Record<string, string | number>): Promise<Record<string, unknown>> {
    const { status, text } = await callApi(fetcher, "WSPay", `${options.apiUrl}/api/services/${service}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    if (status >= 400) throw new PaymentProviderError(`WSPay ${service}: answer ${status}`);
    try {
      return jsonObject(new TextEncoder().encode(text), `WSPay ${service}`);
    } catch {
      throw new PaymentProviderError(`WSPay ${service}: the answer is not a JSON object`);
    }
  }

  /** The transaction as the API states it, or null when WSPay does not know the cart. */
  async function transaction(orderNumber: string) {
    const answer = await api("statusCheck", {
      Version: WSPAY_VERSION,
      ShopID: options.shopId,
      ShoppingCartID: orderNumber,
      Signature: wspayStatusSignature(options.shopId, options.secret, orderNumber),
    });
    if (jsonText(answer.ActionSuccess) !== "1") return null;
    const flag = (name: string) => jsonText(answer[name]) === "1";
    return {
      answer,
      paid: flag("Success") && (flag("Authorized") || flag("Completed")) && !flag("Voided") && Boolean(jsonText(answer.ApprovalCode)),
      voided: flag("Voided"),
      failed: !flag("Success") && Boolean(jsonText(answer.ErrorMessage)),
    };
  }

  async function status(orderNumber: string): Promise<PaymentEvidence> {
    const tx = await transaction(orderNumber);
    if (!tx) return { kind: "unknown", orderNumber };
    if (tx.voided) return { kind: "cancelled", orderNumber };
    if (tx.failed) return { kind: "declined", orderNumber };
    if (!tx.paid) return { kind: "pending", orderNumber };
    const amountCents = parseDecimalCents(jsonText(tx.answer.Amount) ?? "");
    if (amountCents === null) throw new PaymentProviderError("WSPay statusCheck: no amount");
    return {
      kind: "paid",
      orderNumber,
      amountCents,
      currency: jsonText(tx.answer.CurrencyCode) ?? "EUR",
      approvalCode: jsonText(tx.answer.ApprovalCode),
      transactionId: jsonText(tx.answer.WsPayOrderId),
    };
  }

  return {
    name: "wspay",
    hasCallback: true,

    hostedForm(request: PaymentRequest): HostedForm {
      checkRequest(request);
      const { customer } = request;
      const totalAmount = formatCents(request.amountCents, ",");
      return {
        action: `${options.formUrl}/authorization.aspx`,
        fields: {
          shopID: options.shopId,
          shoppingCartID: request.orderNumber,
          version: WSPAY_VERSION,
          totalAmount,
          signature: wspayRequestSignature(options.shopId, options.secret, request.orderNumber, totalAmount),
          returnURL: request.urls.success,
          // A declined card comes back signed (Success=0) to the cancel URL; a plain cancel names the cart itself.
          returnErrorURL: request.urls.cancel,
          cancelURL: withParam(request.urls.cancel, "ShoppingCartID", request.orderNumber),
          lang: request.language.toUpperCase(),
          ...optionalFields(
            {
              customerFirstName: customer.firstName,
              customerLastName: customer.lastName,
              customerAddress: customer.street,
              customerCity: customer.city,
              customerZIP: customer.zipCode,
              customerCountry: customer.country,
              customerPhone: customer.phone,
              customerEmail: customer.email,
            },
            LIMITS,
          ),
        },
      };
    },

    verifyReturn(req: IncomingRequest): PaymentEvidence {
      if (req.method !== "GET") throw new PaymentSignatureError(`${RETURN}: WSPay returns by GET`);
      const params = queryOf(req.url, RETURN);
      const orderNumber = required(params.get("ShoppingCartID"), "ShoppingCartID", RETURN);
      const signature = params.get("Signature");
      if (signature === null) {
        if (params.has("Success") || params.has("ApprovalCode")) throw new PaymentSignatureError(`${RETURN}: no signature`);
        return { kind: "unsigned_cancel", orderNumber, url: req.url };
      }
      const success = required(params.get("Success"), "Success", RETURN);
      const approvalCode = params.get("ApprovalCode") ?? "";
      checkSignature(wspayReturnSignature(options.shopId, options.secret, orderNumber, success, approvalCode), signature, RETURN);
      if (success !== "1" || !approvalCode) return { kind: "declined", orderNumber };
      return { kind: "paid", orderNumber, amountCents: null, currency: null, approvalCode, transactionId: null };
    },

    verifyCallback(req: IncomingRequest): PaymentEvidence {
      if (req.method !== "POST") throw new PaymentSignatureError(`${CALLBACK}: WSPay calls back by POST`);
      const payload = jsonObject(req.rawBody, CALLBACK);
      const field = (name: string) => jsonText(payload[name]);
      const orderNumber = required(field("ShoppingCartID"), "ShoppingCartID", CALLBACK);
      const actionSuccess = required(field("ActionSuccess"), "ActionSuccess", CALLBACK);
      const orderId = required(field("WsPayOrderId"), "WsPayOrderId", CALLBACK);
      const approvalCode = field("ApprovalCode") ?? "";
      checkSignature(
        wspayCallbackSignature(options.shopId, options.secret, actionSuccess, approvalCode, orderId),
        field("Signature"),
        CALLBACK,
      );
      if (actionSuccess !== "1") return { kind: "declined", orderNumber };
      if (field("Voided") === "1") return { kind: "cancelled", orderNumber };
      if (field("Refunded") === "1") return { kind: "unknown", orderNumber };
      if ((field("Completed") === "1" || field("Authorized") === "1") && approvalCode) {
        return { kind: "paid", orderNumber, amountCents: null, currency: null, approvalCode, transactionId: orderId };
      }
      return { kind: "unknown", orderNumber };
    },

    status,

    async refund(orderNumber: string, amountCents: number): Promise<void> {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
        throw new RangeError(`amountCents must be a positive integer: ${amountCents}`);
      // WSPay refunds by its own transaction identifiers, which only the status API gives.
      const tx = await transaction(orderNumber);
      if (!tx?.paid) throw new PaymentProviderError(`WSPay refund: ${orderNumber} is not paid`);
      const orderId = jsonText(tx.answer.WsPayOrderId) ?? "";
      const stan = jsonText(tx.answer.STAN) ?? "";
      const approvalCode = jsonText(tx.answer.ApprovalCode) ?? "";
      const amount = String(amountCents);
      const answer = await api("refund", {
        Version: WSPAY_VERSION,
        WsPayOrderId: orderId,
        ShopID: options.shopId,
        ApprovalCode: approvalCode,
        STAN: stan,
        Amount: amount,
        Signature: wspayApiSignature(options.shopId, options.secret, orderId, stan, approvalCode, amount),
      });
      if (jsonText(answer.ActionSuccess) !== "1") {
        throw new PaymentProviderError(`WSPay refund: ${jsonText(answer.ErrorMessage) || "refused"} (${formatCents(amountCents)})`);
      }
    },
  };
}
