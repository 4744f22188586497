import { z } from "zod";
import { PAYMENT_TYPES } from "../constants.ts";
import { endpoint } from "../endpoint.ts";
import { LOCALES } from "../locales.ts";
import {
  checkoutAddressBody,
  checkoutSessionBody,
  deliveryMethodsBody,
  orderAccessBody,
  orderCodeParams,
  orderCreateBody,
  orderLinkBody,
  paymentMethodsBody,
  saveDeliveryBody,
  savePaymentBody,
  walletApprovedBody,
} from "../schemas/checkout.ts";
import { idempotencyHeaders } from "../schemas/idempotency.ts";
import { cartView } from "./cart.ts";
import { countryView } from "./settings.ts";

/** Answers of the checkout and the order (SPEC §3 Shipping method, Payment method, Order creation payload; §7 E-commerce). */

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
/** A branch's opening hours, Monday first (ISO weekday order); null: closed that day. */
export const weekHours = z.array(z.object({ opens: clock, closes: clock }).nullable()).length(7);
export type WeekHours = z.infer<typeof weekHours>;

export const branchView = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  /** Null: not known (a branch without hours, an order placed before branches had them). */
  hours: weekHours.nullable(),
});
export type BranchView = z.infer<typeof branchView>;

export const shippingMethodView = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** EUR with VAT. */
  price: z.number(),
  /** Pickup branches: one must be chosen when there are any. */
  options: z.array(branchView),
});
export type ShippingMethodView = z.infer<typeof shippingMethodView>;

export const deliveryMethodsAnswer = z.object({
  /** Only e-products: no delivery step (SPEC §3 Cart digitalOnly). */
  digitalOnly: z.boolean(),
  methods: z.array(shippingMethodView),
});
export type DeliveryMethodsAnswer = z.infer<typeof deliveryMethodsAnswer>;

export const paymentMethodView = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** SPEC §3: HPF redirects to the provider's page; empty means no redirect. */
  paymentType: z.enum([PAYMENT_TYPES.none, PAYMENT_TYPES.hostedForm, PAYMENT_TYPES.wallet]),
  kind: z.enum(["branch", "bank_transfer", "card", "wallet"]),
});
export type PaymentMethodView = z.infer<typeof paymentMethodView>;

/** The card wallet of SPEC §7 (`html` as an object): the provider's script and what it needs. */
export const walletAnswer = z.object({ scriptUrl: z.string(), config: z.record(z.string(), z.string()) });

export const orderCreateAnswer = z.object({
  /** The public order code (SPEC orderSlug). */
  orderSlug: z.string(),
  /** Reads the order on the success page (kept by the storefront in an httpOnly cookie). */
  accessToken: z.string(),
  paymentType: paymentMethodView.shape.paymentType,
  /** The form that auto-submits to the provider; an object for the wallet; null without a redirect. */
  html: z.union([z.string(), walletAnswer]).nullable(),
});
export type OrderCreateAnswer = z.infer<typeof orderCreateAnswer>;

const money = z.number();
export const orderView = z.object({
  code: z.string(),
  number: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  fulfilmentStatus: z.string(),
  createdAt: z.string(),
  email: z.string(),
  currency: z.string(),
  lines: z.array(
    z.object({
      name: z.string(),
      sku: z.string(),
      options: z.array(z.string()),
      qty: z.number().int(),
      unitPrice: money,
      rowTotal: money,
      vatRate: z.number(),
    }),
  ),
  /** `voucher`: what a gift voucher paid of the total; `toPay`: the rest, paid by the payment method. */
  totals: z.object({ items: money, discount: money, delivery: money, tax: money, total: money, voucher: money, toPay: money }),
  vat: z.array(z.object({ rate: z.number(), base: money, tax: money })),
  couponCode: z.string().nullable(),
  /** The gift voucher that paid a part (printed form, with dashes). */
  voucherCode: z.string().nullable(),
  delivery: z.object({ name: z.string(), branch: branchView.nullable() }).nullable(),
  payment: z.object({ kind: paymentMethodView.shape.kind, name: z.string() }),
  customer: z.object({
    firstName: z.string(),
    lastName: z.string(),
    company: z.object({ companyName: z.string(), oib: z.string() }).nullable(),
  }),
  /** Bank transfer: what the customer pays to (the HUB-3 slip's data). */
  bankTransfer: z
    .object({
      recipient: z.string(),
      iban: z.string(),
      model: z.string(),
      reference: z.string(),
      amount: money,
      description: z.string(),
      /** The HUB-3 PDF417 barcode as SVG, titled for screen readers: banking apps scan it. */
      barcodeSvg: z.string(),
    })
    .nullable(),
});
export type OrderView = z.infer<typeof orderView>;

const tag = "checkout";

/** SPEC §7 E-commerce (v2): the three checkout steps and the order. Every call presents the cart's session. */
export const checkoutApi = {
  getAvailableCountries: endpoint({
    method: "POST",
    path: "/v2/checkout/getAvailableCountries",
    summary: "Countries the shop delivers to (checkout settings allowedCountries: a list or ALL)",
    tag,
    access: "public",
    body: checkoutSessionBody,
    answer: z.array(countryView),
  }),
  saveAddresses: endpoint({
    method: "PUT",
    path: "/v2/checkout/saveAddresses",
    summary: "The address step: guest e-mail, delivery and billing address (or saved address ids), company with OIB",
    tag,
    access: "public",
    body: checkoutAddressBody,
    answer: cartView,
  }),
  getApplicableDeliveryMethods: endpoint({
    method: "POST",
    path: "/v2/delivery/getApplicableDeliveryMethods",
    summary: "Delivery methods for the cart and country, with pickup branches; none for a cart of only e-products (digitalOnly)",
    tag,
    access: "public",
    body: deliveryMethodsBody,
    answer: deliveryMethodsAnswer,
  }),
  saveDeliveryMethod: endpoint({
    method: "PUT",
    path: "/v2/delivery/saveDeliveryMethod",
    summary: "Choose the delivery method (and the branch when it has branches)",
    tag,
    access: "public",
    body: saveDeliveryBody,
    answer: cartView,
  }),
  getApplicablePaymentMethods: endpoint({
    method: "POST",
    path: "/v2/payment/getApplicablePaymentMethods",
    summary: "Payment methods for the cart and its delivery method",
    tag,
    access: "public",
    body: paymentMethodsBody,
    answer: z.array(paymentMethodView),
  }),
  savePaymentMethod: endpoint({
    method: "PUT",
    path: "/v2/payment/savePaymentMethod",
    summary: "Choose the payment method, with the company data of a company purchase",
    tag,
    access: "public",
    body: savePaymentBody,
    answer: cartView,
  }),
  createOrder: endpoint({
    method: "POST",
    path: "/v2/order/create",
    summary:
      "Place the order: re-prices the cart, reserves stock, counts the coupon and closes the cart in one transaction. The same cart or Idempotency-Key answers the first order",
    tag,
    access: "public",
    body: orderCreateBody,
    headers: idempotencyHeaders,
    answer: orderCreateAnswer,
  }),
  getOrder: endpoint({
    method: "POST",
    path: "/v2/order/get/:code",
    summary: "An order by its code and the access token its creation answered",
    tag,
    access: "public",
    params: orderCodeParams,
    body: orderAccessBody,
    answer: orderView,
  }),
  payAgain: endpoint({
    method: "POST",
    path: "/v2/order/payAgain/:code",
    summary:
      "A card order whose payment failed or was cancelled, paid again: a new attempt and its provider form (the open attempt's form while one is still open)",
    tag,
    access: "public",
    params: orderCodeParams,
    body: orderAccessBody,
    answer: orderCreateAnswer,
  }),
  openLink: endpoint({
    method: "POST",
    path: "/v2/order/openLink/:code",
    summary:
      "The link in an order's confirmation e-mail: while it has not expired, the order's access token (what the success page reads it with) and its language",
    tag,
    access: "public",
    params: orderCodeParams,
    body: orderLinkBody,
    answer: z.object({ accessToken: z.string(), locale: z.enum(LOCALES) }),
  }),
  pgSuccess: endpoint({
    method: "POST",
    path: "/v2/order/pgSuccess/:code",
    summary:
      "The card wallet approved in the browser: the platform asks the provider and settles the payment, then answers where the buyer goes (the success page, or the failure page after a decline)",
    tag,
    access: "public",
    params: orderCodeParams,
    body: walletApprovedBody,
    answer: z.object({ url: z.string() }),
  }),
} as const;
