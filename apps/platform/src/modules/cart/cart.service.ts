import {
  CART_LINES_MAX,
  CART_QTY_MAX,
  type CartAddBody,
  type CartSessionBody,
  type CartUpdateItemBody,
  type CartView,
  type NewCartSession,
  SERVER_MESSAGES,
  type ValidateCartAnswer,
} from "@shop/contracts";
import { newOpaqueToken } from "../../auth/tokens.ts";
import { AppError, fieldError, fieldsError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { enforceLimit } from "../../http/rate-limits.ts";
import { withTransaction } from "../../http/transaction.ts";
import { toEur } from "../catalog/index.ts";
import { holdsMemberCard } from "../user/index.ts";
import { usableVoucher, VOUCHER_ERRORS } from "../vouchers/index.ts";
import { chosenDelivery } from "./cart.checkout-state.ts";
import { cartTotals } from "./cart.pricing.ts";
import {
  type CartRow,
  deleteLines,
  findCouponByCode,
  forgetCartsOf,
  insertCart,
  insertLine,
  linesOf,
  newestAbandonedCart,
  updateCart,
  updateLine,
} from "./cart.repository.ts";
import { type CartRequest, type Change, changeCart } from "./cart.request-keys.ts";
import { CART_ERRORS, type CatalogSnapshot, canonicalOptions, checkAddable, checkStock } from "./cart.rules.ts";
import { type CartSession, openForRead } from "./cart.session.ts";
import { couponOf, flat, loadCatalog, memberCardValid, readState, toLines, view } from "./cart.state.ts";
import { type CartLine, priceLines } from "./cart.view.ts";
import { totalsWithVoucher } from "./cart.voucher.ts";

/**
 * The v2 cart's endpoints (SPEC §7 Cart). Every change runs through `changeCart`: locked, in one
 * transaction, and once per Idempotency-Key (`key`, undefined when the caller sent none).
 */

/** New carts per address: a shop visit needs one; a script minting thousands does not. */
export const NEW_SESSION_LIMIT = { perIp: 30, windowS: 600 } as const;
const USER_LIMIT = { perUser: 30, windowS: 600 } as const;

export async function newCartSession(ctx: RequestCtx): Promise<NewCartSession> {
  await enforceLimit(ctx, `cart-new:ip:${ctx.ip}`, NEW_SESSION_LIMIT.perIp, NEW_SESSION_LIMIT.windowS);
  const code = newOpaqueToken();
  const now = new Date().toISOString();
  const row = await insertCart(ctx.db, {
    protect_hash: code.hash,
    user_id: ctx.user?.id ?? null,
    currency_id: 1,
    coupon_code: null,
    member_card: null,
    delivery_method_id: null,
    payment_method_id: null,
    options: "{}",
    instructions: "",
    guest_email: null,
    ordered_at: null,
    created_at: now,
    updated_at: now,
  });
  return { cartId: row.id, protectCode: code.token };
}

export async function getCart(ctx: RequestCtx, body: CartSessionBody): Promise<CartView> {
  const cart = await openForRead(ctx, body);
  return view(ctx, { cart, ...(await readState(ctx, cart)) });
}

export async function validateCart(ctx: RequestCtx, body: CartSessionBody): Promise<ValidateCartAnswer> {
  const cart = await openForRead(ctx, body);
  const { lines, catalog, coupon } = await readState(ctx, cart);
  const now = new Date().toISOString();
  const member = await memberCardValid(ctx, cart);
  const priced = priceLines(lines, catalog, member, now);
  const delivery = await chosenDelivery(ctx, cart);
  const { totals } = await totalsWithVoucher(ctx, cart, priced, { coupon, delivery }, now);
  return {
    items: priced.map((p) => ({ itemId: p.line.row.id, finalPrice: toEur(p.price.unitCents), qty: p.line.row.qty })),
    cartTotal: totals.prices.cartTotal,
    validateMemberCard: member,
    voucher: totals.prices.voucher,
  };
}

export async function addItem(ctx: RequestCtx, body: CartAddBody, key?: string): Promise<CartView> {
  return changeCart(ctx, body, { endpoint: "addItem", key }, async (tx, cart, now) => {
    const lines = toLines(await linesOf(tx.db, cart.id));
    const catalog = await loadCatalog(tx, lines.map(flat), { productId: body.productId, options: body.options });
    const options = checkAddable(ctx.locale, catalog, body.productId, body.options);
    const stored = canonicalOptions(options);
    const same = lines.find((l) => l.row.product_id === body.productId && canonicalOptions(l.options) === stored);
    if (!same && lines.length >= CART_LINES_MAX) throw fieldError("productId", CART_ERRORS.tooManyLines, { max: CART_LINES_MAX });
    const qty = (same?.row.qty ?? 0) + body.qty;
    if (qty > CART_QTY_MAX) throw fieldsError([{ path: "qty", key: CART_ERRORS.invalidQuantity }]);
    const next = same
      ? lines.map((l) => (l === same ? { ...l, row: { ...l.row, qty } } : l))
      : [...lines, { row: { id: 0, cart_id: cart.id, product_id: body.productId, qty, options: stored, created_at: now }, options }];
    checkStock(catalog, next.map(flat), { product_id: body.productId, options });

    if (same) {
      await updateLine(tx.db, same.row.id, { qty });
    } else {
      const inserted = await insertLine(tx.db, { cart_id: cart.id, product_id: body.productId, qty, options: stored, created_at: now });
      const added = next[next.length - 1] as CartLine;
      added.row.id = inserted.id;
    }
    // Prices of the new line's options come from the rows loaded for checking.
    return { cart, lines: next, catalog, coupon: await couponOf(tx.db, cart) };
  });
}

export async function updateItem(ctx: RequestCtx, body: CartUpdateItemBody, key?: string): Promise<CartView> {
  return changeCart(ctx, body, { endpoint: "updateItem", key }, async (tx, cart, now) => {
    const lines = toLines(await linesOf(tx.db, cart.id));
    const line = lines.find((l) => l.row.id === body.itemId);
    if (!line) throw new AppError("NOT_FOUND", CART_ERRORS.itemNotInCart);
    const catalog = await loadCatalog(
      tx,
      lines.map(flat),
      body.options ? { productId: line.row.product_id, options: body.options } : undefined,
    );
    const options = body.options ? checkAddable(ctx.locale, catalog, line.row.product_id, body.options) : line.options;
    const stored = canonicalOptions(options);
    const next = lines.map((l) => (l === line ? { row: { ...l.row, qty: body.qty, options: stored }, options } : l));
    checkStock(catalog, next.map(flat), { product_id: line.row.product_id, options });
    await updateLine(tx.db, line.row.id, { qty: body.qty, options: stored });
    return { ...(await settleCoupon(tx, cart, next, catalog, now)), lines: next, catalog };
  });
}

export async function deleteItem(ctx: RequestCtx, body: CartSession & { itemId: number }, key?: string): Promise<CartView> {
  return changeCart(ctx, body, { endpoint: "deleteItem", key }, async (tx, cart, now) => {
    const lines = toLines(await linesOf(tx.db, cart.id));
    if (!lines.some((l) => l.row.id === body.itemId)) throw new AppError("NOT_FOUND", CART_ERRORS.itemNotInCart);
    await deleteLines(tx.db, cart.id, body.itemId);
    const next = lines.filter((l) => l.row.id !== body.itemId);
    const catalog = await loadCatalog(tx, next.map(flat));
    return { ...(await settleCoupon(tx, cart, next, catalog, now)), lines: next, catalog };
  });
}

export async function clearCart(ctx: RequestCtx, body: CartSessionBody, key?: string): Promise<CartView> {
  return changeCart(ctx, body, { endpoint: "clearCart", key }, async (tx, cart, now) => {
    await deleteLines(tx.db, cart.id);
    const catalog = await loadCatalog(tx, []);
    return { ...(await settleCoupon(tx, cart, [], catalog, now)), lines: [], catalog };
  });
}

/**
 * After a change: a coupon whose conditions no longer hold (SPEC §4: a quantity change that drops it
 * removes it) is taken off the cart, so the answer's couponCode is null.
 */
async function settleCoupon(tx: RequestCtx, cart: CartRow, lines: readonly CartLine[], catalog: CatalogSnapshot, now: string) {
  const coupon = await couponOf(tx.db, cart);
  if (cart.coupon_code === null) return { cart, coupon };
  const totals = cartTotals(
    priceLines(lines, catalog, await memberCardValid(tx, cart), now).map((p) => p.price),
    coupon,
    now,
  );
  if (totals.couponApplies) return { cart, coupon };
  await updateCart(tx.db, cart.id, { coupon_code: null });
  return { cart: { ...cart, coupon_code: null }, coupon: undefined };
}

/**
 * A failed application takes any coupon off the cart (SPEC §4) and answers 404 with the verbatim
 * 'Coupon not found!' of SPEC §8; the field error carries a translated text as well.
 */
export async function applyCoupon(ctx: RequestCtx, body: CartSession & { couponCode: string }, key?: string): Promise<CartView> {
  return changeCart(ctx, body, { endpoint: "applyCoupon", key }, async (tx, cart, now) => {
    const { lines, catalog } = await readState(tx, cart);
    const coupon = await findCouponByCode(tx.db, body.couponCode);
    const applies =
      coupon !== undefined &&
      cartTotals(
        priceLines(lines, catalog, await memberCardValid(tx, cart), now).map((p) => p.price),
        coupon,
        now,
      ).couponApplies;
    const saved = { ...cart, coupon_code: applies ? coupon.code : null };
    await updateCart(tx.db, cart.id, { coupon_code: saved.coupon_code });
    const refusal = applies
      ? undefined
      : new AppError("NOT_FOUND", SERVER_MESSAGES.couponNotFound, { fields: [{ path: "couponCode", key: CART_ERRORS.couponNotFound }] });
    return { cart: saved, lines, catalog, coupon: applies ? coupon : undefined, refusal };
  });
}

export async function removeCoupon(ctx: RequestCtx, body: CartSessionBody, key?: string): Promise<CartView> {
  return updateCartFields(ctx, body, { endpoint: "removeCoupon", key }, { coupon_code: null });
}

/**
 * Pays with a gift voucher: an unknown, expired or used-up code is refused (the cart keeps what it
 * had), and so is a cart of only vouchers (a voucher never pays for vouchers: see `voucherPayable`).
 * What it pays is worked out again on every answer and at the order.
 */
export async function applyVoucher(ctx: RequestCtx, body: CartSession & { voucherCode: string }, key?: string): Promise<CartView> {
  return changeCart(ctx, body, { endpoint: "applyVoucher", key }, async (tx, cart, now) => {
    const voucher = await usableVoucher(tx, body.voucherCode, now);
    const { lines, catalog } = await readState(tx, cart);
    const priced = priceLines(lines, catalog, await memberCardValid(tx, cart), now);
    if (priced.length > 0 && priced.every((p) => p.product.format === "EProduct"))
      throw fieldError("voucherCode", VOUCHER_ERRORS.forVoucher);
    await updateCart(tx.db, cart.id, { voucher_code: voucher.code });
    const updated = { ...cart, voucher_code: voucher.code };
    return { cart: updated, ...(await readState(tx, updated)) };
  });
}

export async function removeVoucher(ctx: RequestCtx, body: CartSessionBody, key?: string): Promise<CartView> {
  return updateCartFields(ctx, body, { endpoint: "removeVoucher", key }, { voucher_code: null });
}

/**
 * Logged-in customers only (the endpoint refuses anonymous callers); membership prices apply at once.
 * The session is checked before the barcode: a stranger's cartId learns nothing, not even whether
 * the barcode was good.
 */
export async function applyMemberCard(ctx: RequestCtx, body: CartSession & { barcode: string }, key?: string): Promise<CartView> {
  if (ctx.user) await enforceLimit(ctx, `cart-card:user:${ctx.user.id}`, USER_LIMIT.perUser, USER_LIMIT.windowS);
  return changeCart(ctx, body, { endpoint: "applyMemberCard", key }, async (tx, cart) => {
    if (!tx.user || !(await holdsMemberCard(tx.db, tx.user.id, body.barcode))) {
      throw new AppError("BARCODE_INVALID", "core.notifications.membershipCardBarcodeInvalid");
    }
    return changedFields(tx, cart, { member_card: body.barcode });
  });
}

export async function removeMemberCard(ctx: RequestCtx, body: CartSessionBody, key?: string): Promise<CartView> {
  return updateCartFields(ctx, body, { endpoint: "removeMemberCard", key }, { member_card: null });
}

export async function setInstructions(ctx: RequestCtx, body: CartSession & { instructions: string }, key?: string): Promise<CartView> {
  return updateCartFields(ctx, body, { endpoint: "setInstructions", key }, { instructions: body.instructions });
}

export async function updateGuest(ctx: RequestCtx, body: CartSession & { email: string }, key?: string): Promise<CartView> {
  return updateCartFields(ctx, body, { endpoint: "updateGuest", key }, { guest_email: body.email.toLowerCase() });
}

type CartFields = Partial<Pick<CartRow, "coupon_code" | "voucher_code" | "member_card" | "instructions" | "guest_email">>;

async function changedFields(tx: RequestCtx, cart: CartRow, set: CartFields): Promise<Change> {
  await updateCart(tx.db, cart.id, set);
  const updated = { ...cart, ...set };
  return { cart: updated, ...(await readState(tx, updated)) };
}

function updateCartFields(ctx: RequestCtx, body: CartSession, request: CartRequest, set: CartFields): Promise<CartView> {
  return changeCart(ctx, body, request, (tx, cart) => changedFields(tx, cart, set));
}

/**
 * The logged-in customer's newest open cart with lines, with a fresh protectCode: only its hash is
 * kept, so the old code stops working and the cart is reachable from this login only.
 */
export async function getAbandoned(ctx: RequestCtx): Promise<NewCartSession | null> {
  if (!ctx.user) throw new AppError("UNAUTHORIZED", "error.unauthorized");
  await enforceLimit(ctx, `cart-abandoned:user:${ctx.user.id}`, USER_LIMIT.perUser, USER_LIMIT.windowS);
  const userId = ctx.user.id;
  return withTransaction(ctx, async (tx) => {
    const found = await newestAbandonedCart(tx.db, userId);
    if (!found) return null;
    const code = newOpaqueToken();
    await updateCart(tx.db, found.id, { protect_hash: code.hash });
    return { cartId: found.id, protectCode: code.token };
  });
}

/** A deleted account's carts: see `forgetCartsOf`. */
export async function forgetCarts(ctx: RequestCtx, userId: number): Promise<void> {
  await withTransaction(ctx, (tx) => forgetCartsOf(tx.db, userId, new Date().toISOString()));
}
