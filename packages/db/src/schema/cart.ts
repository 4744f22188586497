import type { ColumnType, Generated } from "kysely";

/** Tables of carts and coupons (SPEC §3 Cart, Cart item). Money in cents, times ISO text. */

type Id = Generated<number>;
type Created = ColumnType<string, string | undefined, never>;

export interface CartsTable {
  id: Id;
  /** sha256 (hex) of the protectCode: a stolen database gives no working cart cookies. */
  protect_hash: string;
  /** The logged-in owner, if any (abandoned-cart lookup on login). */
  user_id: number | null;
  currency_id: number;
  coupon_code: string | null;
  /** The gift voucher applied to pay (normalised code, no dashes); checked again on every view and order. */
  voucher_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** Membership card barcode applied to this cart (logged-in users only). */
  member_card: string | null;
  delivery_method_id: number | null;
  payment_method_id: number | null;
  /** JSON text, e.g. {"deliveryBranchId":2}. */
  options: string;
  instructions: string;
  guest_email: string | null;
  /** JSON text: the checkout's guest details, delivery and billing addresses and company (SPEC §3 Guest update payload). */
  checkout: ColumnType<string, string | undefined, string>;
  /** Counts changes: an order names the version it was made from, so a repeated request finds it. */
  version: ColumnType<number, number | undefined, number>;
  /** Set when the cart became an order; such a cart is closed. */
  ordered_at: string | null;
  created_at: Created;
  updated_at: string;
}

export interface CartItemsTable {
  id: Id;
  cart_id: number;
  product_id: number;
  qty: number;
  /** JSON text: customPriceOption[], personalizations, bundleOptions. */
  options: string;
  created_at: Created;
}

export interface CouponsTable {
  id: Id;
  code: string;
  /** percent: value is a whole percent; fixed: value is cents off the items total. */
  kind: "percent" | "fixed";
  value: number;
  active: number;
  valid_from: string | null;
  valid_to: string | null;
  /** Items total (cents) the cart must reach for the coupon to apply. */
  min_total_cents: number;
  /** Orders that may use the coupon in all; null: no limit. */
  usage_limit: ColumnType<number | null, number | null | undefined, number | null>;
  /** Orders one customer (account or e-mail) may use it for; null: no limit. */
  per_customer_limit: ColumnType<number | null, number | null | undefined, number | null>;
  /** Orders holding a use now (a cancelled or expired order gives its use back). */
  used_count: ColumnType<number, number | undefined, number>;
}

/** SPEC §3 Guest user: what a guest entered on their last address step, found by the guestUser cookie's token. */
export interface GuestsTable {
  id: Id;
  /** sha256 (hex) of the cookie's token. */
  token_hash: string;
  email: string;
  /** JSON text: the delivery address, billing address (or null) and company (or null). */
  details: string;
  created_at: Created;
  last_used_at: string;
  /** Thirty days after the last use; an expired row opens nothing and is deleted. */
  expires_at: string;
}

/**
 * An Idempotency-Key sent with a change of this cart, and the answer (the cart view as JSON) its first
 * request got; null only inside the transaction that claimed the key. Deleted after a day.
 */
export interface CartRequestKeysTable {
  cart_id: number;
  request_key: string;
  /** sha256 (hex) of the endpoint and the body: the same key with anything else is refused. */
  request_hash: string;
  answer: string | null;
  created_at: string;
}

export interface CartTables {
  carts: CartsTable;
  cart_request_keys: CartRequestKeysTable;
  guests: GuestsTable;
  cart_items: CartItemsTable;
  coupons: CouponsTable;
}
