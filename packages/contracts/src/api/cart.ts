import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import {
  cartAddBody,
  cartCouponBody,
  cartDeleteItemBody,
  cartGuestBody,
  cartInstructionsBody,
  cartItemOptions,
  cartMemberCardBody,
  cartSessionBody,
  cartUpdateItemBody,
  cartVoucherBody,
} from "../schemas/cart.ts";
import { companyData } from "../schemas/checkout.ts";
import { idempotencyHeaders } from "../schemas/idempotency.ts";
import { addressSchema } from "../validation.ts";
import { mediaRef, productFormat } from "./catalog.ts";

/** Answers of the v2 cart (SPEC §3 Cart, Cart item; §7 Cart). Amounts in EUR with 2 decimals, VAT included. */

export const newCartSession = z.object({ cartId: z.number().int(), protectCode: z.string() });
export type NewCartSession = z.infer<typeof newCartSession>;

export const cartItemView = z.object({
  itemId: z.number().int(),
  productId: z.number().int(),
  qty: z.number().int(),
  options: cartItemOptions,
  productData: z.object({
    name: z.string(),
    sku: z.string(),
    format: productFormat,
    media: z.array(mediaRef),
    slug: z.string(),
    /** The configurable product's slug for a variant; null otherwise. */
    mainProductSlug: z.string().nullable(),
    isVisibleIndividually: z.boolean(),
    /** Units on hand; null: not stock-kept. */
    stock: z.number().int().nullable(),
    /** Variant attribute labels, e.g. ["Miris: Limun", "Volumen: 500 ml"]. */
    variantLabels: z.array(z.string()),
  }),
  prices: z.object({
    /** Price of one unit with its custom options (membership price when the card applies). */
    unitPrice: z.number(),
    retailPrice: z.number(),
    rowTotal: z.number(),
    tax: z.number(),
  }),
});
export type CartItemView = z.infer<typeof cartItemView>;

export const cartPrices = z.object({
  itemsTotal: z.number(),
  coupon: z.number(),
  delivery: z.number(),
  loyalty: z.number(),
  tax: z.number(),
  orderTotal: z.number(),
  cartTotal: z.number(),
  /** What the applied gift voucher pays of the order total (0 without one). */
  voucher: z.number(),
  /** The order total less the voucher: what the chosen payment method pays. */
  toPay: z.number(),
  currency: z.string(),
});
export type CartPrices = z.infer<typeof cartPrices>;

/** What the checkout has collected on the cart so far (SPEC §3 Guest update payload); the form starts from it. */
export const checkoutState = z.object({
  email: z.string().nullable(),
  delivery: addressSchema.nullable(),
  /** Null: billed to the delivery address. */
  billing: addressSchema.nullable(),
  company: companyData.nullable(),
  /** The chosen pickup branch (SPEC §3 Cart options deliveryBranchId). */
  branchId: z.number().int().nullable(),
});
export type CheckoutState = z.infer<typeof checkoutState>;

/**
 * The gift voucher applied to pay, checked again on every answer (its balance can change): the
 * amount it pays now, or why it pays nothing (a message key: unknown, expired, used up, or the cart
 * holds only vouchers).
 */
export const cartVoucher = z.object({ code: z.string(), amount: z.number(), problem: z.string().nullable() });
export type CartVoucher = z.infer<typeof cartVoucher>;

export const cartView = z.object({
  id: z.number().int(),
  items: z.array(cartItemView),
  itemCount: z.number().int(),
  prices: cartPrices,
  couponCode: z.string().nullable(),
  voucher: cartVoucher.nullable(),
  memberCard: z.string().nullable(),
  /** Whether the applied membership card is (still) valid. */
  validateMemberCard: z.boolean(),
  deliveryMethodId: z.number().int().nullable(),
  paymentMethodId: z.number().int().nullable(),
  options: z.string(),
  instructions: z.string(),
  /** Only e-products (vouchers): no delivery needed. */
  digitalOnly: z.boolean(),
  checkout: checkoutState,
});
export type CartView = z.infer<typeof cartView>;

export const validateCartAnswer = z.object({
  items: z.array(z.object({ itemId: z.number().int(), finalPrice: z.number(), qty: z.number().int() })),
  cartTotal: z.number(),
  validateMemberCard: z.boolean(),
  /** What the applied gift voucher pays now (0 without one). */
  voucher: z.number(),
});
export type ValidateCartAnswer = z.infer<typeof validateCartAnswer>;

const tag = "cart";

/**
 * The v2 cart of SPEC §7: every call but getNewCartSession presents cartId and its protectCode. Every
 * change takes an optional Idempotency-Key: a repeat of the key on the same cart answers the first
 * answer and changes nothing; the key with another body or endpoint is refused (422).
 */
export const cartApi = {
  getNewCartSession: endpoint({
    method: "GET",
    path: "/v2/cart/getNewCartSession",
    summary: "Open a cart: answers cartId and protectCode (kept by the visitor; only its hash is stored)",
    tag,
    access: "public",
    answer: newCartSession,
  }),
  getCart: endpoint({
    method: "POST",
    path: "/v2/cart/getCart",
    summary: "The cart with every price recomputed from the current products",
    tag,
    access: "public",
    body: cartSessionBody,
    answer: cartView,
  }),
  validateCart: endpoint({
    method: "POST",
    path: "/v2/cart/validateCart",
    summary: "Current unit prices, quantities, cart total and membership card validity, to compare before checkout",
    tag,
    access: "public",
    body: cartSessionBody,
    answer: validateCartAnswer,
  }),
  addItem: endpoint({
    method: "POST",
    path: "/v2/cart/addItem",
    summary: "Add a product (SPEC §4 Addability, custom options, stock); the same product with the same options adds to its line",
    tag,
    access: "public",
    body: cartAddBody,
    headers: idempotencyHeaders,
    answer: cartView,
  }),
  updateItem: endpoint({
    method: "PATCH",
    path: "/v2/cart/updateItem",
    summary: "Set a line's quantity (and options); a coupon whose minimum is no longer reached is removed",
    tag,
    access: "public",
    body: cartUpdateItemBody,
    headers: idempotencyHeaders,
    answer: cartView,
  }),
  deleteItem: endpoint({
    method: "DELETE",
    path: "/v2/cart/deleteItem",
    summary: "Remove a line (body: cartId, protectCode, itemId)",
    tag,
    access: "public",
    body: cartDeleteItemBody,
    headers: idempotencyHeaders,
    answer: cartView,
  }),
  clearCart: endpoint({
    method: "POST",
    path: "/v2/cart/clearCart",
    summary: "Remove every line",
    tag,
    access: "public",
    body: cartSessionBody,
    headers: idempotencyHeaders,
    answer: cartView,
  }),
  applyCoupon: endpoint({
    method: "POST",
    path: "/v2/cart/applyCoupon",
    summary: "Apply a coupon code (any letter case); unknown, inactive, expired or below its minimum: 404 'Coupon not found!'",
    tag,
    access: "public",
    body: cartCouponBody,
    headers: idempotencyHeaders,
    answer: cartView,
  }),
  removeCoupon: endpoint({
    method: "POST",
    path: "/v2/cart/removeCoupon",
    summary: "Take the coupon off the cart",
    tag,
    access: "public",
    body: cartSessionBody,
    headers: idempotencyHeaders,
    answer: cartView,
  }),
  applyVoucher: endpoint({
    method: "POST",
    path: "/v2/cart/applyVoucher",
    summary:
      "Pay with a gift voucher code (any letter case, dashes optional): unknown, expired or used up is refused; it never pays for other vouchers",
    tag,
    access: "public",
    body: cartVoucherBody,
    headers: idempotencyHeaders,
    answer: cartView,
  }),
  removeVoucher: endpoint({
    method: "POST",
    path: "/v2/cart/removeVoucher",
    summary: "Take the gift voucher off the cart",
    tag,
    access: "public",
    body: cartSessionBody,
    headers: idempotencyHeaders,
    answer: cartView,
  }),
  applyMemberCard: endpoint({
    method: "POST",
    path: "/v2/cart/applyMemberCard",
    summary: "Apply a membership card barcode (logged-in customers): membership prices apply",
    tag,
    access: "user",
    body: cartMemberCardBody,
    headers: idempotencyHeaders,
    answer: cartView,
  }),
  removeMemberCard: endpoint({
    method: "POST",
    path: "/v2/cart/removeMemberCard",
    summary: "Take the membership card off the cart (SPEC §4: the card was removed from the profile); membership prices end",
    tag,
    access: "user",
    body: cartSessionBody,
    headers: idempotencyHeaders,
    answer: cartView,
  }),
  getAbandoned: endpoint({
    method: "POST",
    path: "/v2/cart/getAbandoned",
    summary: "The logged-in customer's newest open cart with lines, with a new protectCode (the old one stops working); null if none",
    tag,
    access: "user",
    answer: newCartSession.nullable(),
  }),
  setInstructions: endpoint({
    method: "POST",
    path: "/v2/cart/setInstructions",
    summary: "Free-text instructions for the order",
    tag,
    access: "public",
    body: cartInstructionsBody,
    headers: idempotencyHeaders,
    answer: cartView,
  }),
  updateGuest: endpoint({
    method: "PUT",
    path: "/v2/cart/updateGuest",
    summary: "The guest checkout's e-mail on the cart",
    tag,
    access: "public",
    body: cartGuestBody,
    headers: idempotencyHeaders,
    answer: cartView,
  }),
} as const;
