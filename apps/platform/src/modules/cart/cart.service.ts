import { timingSafeEqual } from "node:crypto";
import {
  CART_LINES_MAX,
  CART_QTY_MAX,
  type CartAddBody,
  type CartItemOptions,
  type CartSessionBody,
  type CartUpdateItemBody,
  type CartView,
  type NewCartSession,
  SERVER_MESSAGES,
  type ValidateCartAnswer,
} from "@shop/contracts";
import type { Executor } from "@shop/db";
import { hashToken, newOpaqueToken } from "../../auth/tokens.ts";
import { AppError, fieldError, fieldsError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { enforceLimit } from "../../http/rate-limits.ts";
import { withTransaction } from "../../http/transaction.ts";
import { bundlePartsOf, customOptions, productsById, toEur } from "../catalog/index.ts";
import { holdsMemberCard } from "../user/index.ts";
import { usableVoucher, VOUCHER_ERRORS } from "../vouchers/index.ts";
import { chosenDelivery } from "./cart.checkout-state.ts";
import { cartTotals } from "./cart.pricing.ts";
import {
  type CartRow,
  type CouponRow,
  deleteLines,
  findCart,
  findCouponByCode,
  forgetCartsOf,
  insertCart,
  insertLine,
  type LineRow,
  linesOf,
  newestAbandonedCart,
  touchOpenCart,
  updateCart,
  updateLine,
} from "./cart.repository.ts";
import {
  CART_ERRORS,
  type CatalogSnapshot,
  canonicalOptions,
  checkAddable,
  checkStock,
  type LineInput,
  optionIdsOf,
  parseStoredOptions,
  selectedIdsOf,
} from "./cart.rules.ts";
import { buildView, type CartLine, priceLines } from "./cart.view.ts";
import { totalsWithVoucher } from "./cart.voucher.ts";

/** New carts per address: a shop visit needs one; a script minting thousands does not. */
export const NEW_SESSION_LIMIT = { perIp: 30, windowS: 600 } as const;
/**
 * Changes per cart session and per address: far above any person clicking, low enough that a script
 * cannot hammer. The cart's counter is keyed by its code too, so strangers guessing codes for a
 * cartId use up their own counters, not the owner's.
 */
export const WRITE_LIMIT = { perCart: 120, perIp: 600, windowS: 60 } as const;
const USER_LIMIT = { perUser: 30, windowS: 600 } as const;

/** Compared against when the cart does not exist, so both refusals take as long. */
const DUMMY_HASH = hashToken("no-such-cart");

const sessionInvalid = () => new AppError("CONFLICT", CART_ERRORS.sessionInvalid);

function hashMatches(storedHex: string, protectCode: string): boolean {
  const stored = Buffer.from(storedHex, "hex");
  const given = Buffer.from(hashToken(protectCode), "hex");
  return stored.length === given.length && timingSafeEqual(stored, given);
}

/**
 * Another visitor's cartId alone opens nothing: a wrong code, an unknown cart and a cart that became
 * an order all get the same 409, after the same constant-time comparison.
 */
function checkSession(row: CartRow | undefined, protectCode: string): CartRow {
  const ok = hashMatches(row?.protect_hash ?? DUMMY_HASH, protectCode);
  if (!row || !ok || row.ordered_at !== null) throw sessionInvalid();
  return row;
}

/** The cart of a session, open or already ordered (a repeated order/create answers the first order). */
export async function sessionCart(ctx: RequestCtx, session: { cartId: number; protectCode: string }): Promise<CartRow | undefined> {
  const row = await findCart(ctx.db, session.cartId);
  return hashMatches(row?.protect_hash ?? DUMMY_HASH, session.protectCode) ? row : undefined;
}

export async function openForRead(ctx: RequestCtx, session: { cartId: number; protectCode: string }): Promise<CartRow> {
  return checkSession(await findCart(ctx.db, session.cartId), session.protectCode);
}

/**
 * Runs a change to one cart in a transaction (or the caller's): checks the session, locks and
 * touches the cart first.
 */
export async function writeCart<T>(
  ctx: RequestCtx,
  session: { cartId: number; protectCode: string },
  work: (tx: RequestCtx, cart: CartRow, now: string) => Promise<T>,
): Promise<T> {
  await enforceLimit(ctx, `cart-write:ip:${ctx.ip}`, WRITE_LIMIT.perIp, WRITE_LIMIT.windowS);
  await enforceLimit(
    ctx,
    `cart-write:${session.cartId}:${hashToken(session.protectCode).slice(0, 16)}`,
    WRITE_LIMIT.perCart,
    WRITE_LIMIT.windowS,
  );
  return withTransaction(ctx, async (tx) => {
    const now = new Date().toISOString();
    const cart = checkSession(await touchOpenCart(tx.db, session.cartId, ctx.user?.id ?? null, now), session.protectCode);
    return work(tx, cart, now);
  });
}

/**
 * Products of the cart's lines and of the product being added, with bundle parts and chosen variants
 * (for stock), and custom options (for prices, and of the added product for checking): 2 to 4 queries.
 */
export async function loadCatalog(
  ctx: RequestCtx,
  lines: readonly LineInput[],
  adding?: { productId: number; options: CartItemOptions },
): Promise<CatalogSnapshot> {
  const ids = lines.map((l) => l.product_id);
  const selected = lines.flatMap((l) => selectedIdsOf(l.options));
  if (adding) ids.push(adding.productId, ...selectedIdsOf(adding.options));
  const products = await productsById(ctx.db, ctx.locale, [...ids, ...selected]);
  const bundleIds = [...products.values()].filter((p) => p.format === "bundle").map((p) => p.id);
  const parts = await bundlePartsOf(ctx.db, bundleIds);
  const missing = [...parts.values()]
    .flat()
    .map((p) => p.part_id)
    .filter((id) => !products.has(id));
  if (missing.length > 0) for (const [id, p] of await productsById(ctx.db, ctx.locale, missing)) products.set(id, p);

  const checkIds: number[] = [];
  if (adding) {
    const product = products.get(adding.productId);
    checkIds.push(adding.productId);
    if (product?.parent_id) checkIds.push(product.parent_id);
    for (const part of parts.get(adding.productId) ?? []) checkIds.push(part.part_id);
    checkIds.push(...selectedIdsOf(adding.options));
  }
  const options = await customOptions(
    ctx.db,
    ctx.locale,
    checkIds,
    lines.flatMap((l) => optionIdsOf(l.options)),
  );
  return { products, parts, options, optionsById: new Map(options.map((o) => [o.id, o])) };
}

export const toLines = (rows: readonly LineRow[]): CartLine[] => rows.map((row) => ({ row, options: parseStoredOptions(row.options) }));
export const flat = (l: CartLine): LineInput => ({ product_id: l.row.product_id, qty: l.row.qty, options: l.options });

/** Membership prices only for a card issued to the logged-in user (checked on every view: a card can be revoked). */
export const memberCardValid = async (ctx: RequestCtx, cart: CartRow) =>
  cart.member_card !== null && ctx.user !== null && holdsMemberCard(ctx.db, ctx.user.id, cart.member_card);

async function couponOf(db: Executor, cart: CartRow): Promise<CouponRow | undefined> {
  return cart.coupon_code === null ? undefined : findCouponByCode(db, cart.coupon_code);
}

/** Everything a view of the cart needs, read fresh. */
export async function readState(ctx: RequestCtx, cart: CartRow) {
  const lines = toLines(await linesOf(ctx.db, cart.id));
  const [catalog, coupon] = await Promise.all([loadCatalog(ctx, lines.map(flat)), couponOf(ctx.db, cart)]);
  return { lines, catalog, coupon };
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

export interface State {
  cart: CartRow;
  lines: readonly CartLine[];
  catalog: CatalogSnapshot;
  coupon: CouponRow | undefined;
}

export const view = async (ctx: RequestCtx, s: State) =>
  buildView(ctx, s.cart, s.lines, s.catalog, s.coupon, await memberCardValid(ctx, s.cart), await chosenDelivery(ctx, s.cart));

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

export async function addItem(ctx: RequestCtx, body: CartAddBody): Promise<CartView> {
  const state = await writeCart(ctx, body, async (tx, cart, now) => {
    const lines = toLines(await linesOf(tx.db, cart.id));
    const catalog = await loadCatalog(tx, lines.map(flat), { productId: body.productId, options: body.options });
    const options = checkAddable(ctx.locale, catalog, body.productId, body.options);
    const key = canonicalOptions(options);
    const same = lines.find((l) => l.row.product_id === body.productId && canonicalOptions(l.options) === key);
    if (!same && lines.length >= CART_LINES_MAX) throw fieldError("productId", CART_ERRORS.tooManyLines, { max: CART_LINES_MAX });
    const qty = (same?.row.qty ?? 0) + body.qty;
    if (qty > CART_QTY_MAX) throw fieldsError([{ path: "qty", key: CART_ERRORS.invalidQuantity }]);
    const next = same
      ? lines.map((l) => (l === same ? { ...l, row: { ...l.row, qty } } : l))
      : [...lines, { row: { id: 0, cart_id: cart.id, product_id: body.productId, qty, options: key, created_at: now }, options }];
    checkStock(catalog, next.map(flat), { product_id: body.productId, options });

    if (same) {
      await updateLine(tx.db, same.row.id, { qty });
    } else {
      const inserted = await insertLine(tx.db, { cart_id: cart.id, product_id: body.productId, qty, options: key, created_at: now });
      const added = next[next.length - 1] as CartLine;
      added.row.id = inserted.id;
    }
    // Prices of the new line's options come from the rows loaded for checking.
    return { cart, lines: next, catalog, coupon: await couponOf(tx.db, cart) };
  });
  return view(ctx, state);
}

export async function updateItem(ctx: RequestCtx, body: CartUpdateItemBody): Promise<CartView> {
  const state = await writeCart(ctx, body, async (tx, cart, now) => {
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
  return view(ctx, state);
}

export async function deleteItem(ctx: RequestCtx, body: { cartId: number; protectCode: string; itemId: number }): Promise<CartView> {
  const state = await writeCart(ctx, body, async (tx, cart, now) => {
    const lines = toLines(await linesOf(tx.db, cart.id));
    if (!lines.some((l) => l.row.id === body.itemId)) throw new AppError("NOT_FOUND", CART_ERRORS.itemNotInCart);
    await deleteLines(tx.db, cart.id, body.itemId);
    const next = lines.filter((l) => l.row.id !== body.itemId);
    const catalog = await loadCatalog(tx, next.map(flat));
    return { ...(await settleCoupon(tx, cart, next, catalog, now)), lines: next, catalog };
  });
  return view(ctx, state);
}

export async function clearCart(ctx: RequestCtx, body: CartSessionBody): Promise<CartView> {
  const state = await writeCart(ctx, body, async (tx, cart, now) => {
    await deleteLines(tx.db, cart.id);
    const catalog = await loadCatalog(tx, []);
    return { ...(await settleCoupon(tx, cart, [], catalog, now)), lines: [], catalog };
  });
  return view(ctx, state);
}

/**
 * A failed application takes any coupon off the cart (SPEC §4) and answers 404 with the verbatim
 * 'Coupon not found!' of SPEC §8; the field error carries a translated text as well.
 */
export async function applyCoupon(ctx: RequestCtx, body: { cartId: number; protectCode: string; couponCode: string }): Promise<CartView> {
  const state = await writeCart(ctx, body, async (tx, cart, now) => {
    const { lines, catalog } = await readState(tx, cart);
    const coupon = await findCouponByCode(tx.db, body.couponCode);
    const withCoupon = { ...cart, coupon_code: coupon?.code ?? null };
    const applies =
      coupon !== undefined &&
      cartTotals(
        priceLines(lines, catalog, await memberCardValid(tx, cart), now).map((p) => p.price),
        coupon,
        now,
      ).couponApplies;
    const saved = applies ? withCoupon : { ...cart, coupon_code: null };
    await updateCart(tx.db, cart.id, { coupon_code: saved.coupon_code });
    return { applies, cart: saved, lines, catalog, coupon: applies ? coupon : undefined };
  });
  if (!state.applies) {
    throw new AppError("NOT_FOUND", SERVER_MESSAGES.couponNotFound, { fields: [{ path: "couponCode", key: CART_ERRORS.couponNotFound }] });
  }
  return view(ctx, state);
}

export async function removeCoupon(ctx: RequestCtx, body: CartSessionBody): Promise<CartView> {
  return updateCartFields(ctx, body, { coupon_code: null });
}

/**
 * Pays with a gift voucher: an unknown, expired or used-up code is refused (the cart keeps what it
 * had), and so is a cart of only vouchers (a voucher never pays for vouchers: see `voucherPayable`).
 * What it pays is worked out again on every answer and at the order.
 */
export async function applyVoucher(ctx: RequestCtx, body: { cartId: number; protectCode: string; voucherCode: string }): Promise<CartView> {
  const state = await writeCart(ctx, body, async (tx, cart, now) => {
    const voucher = await usableVoucher(tx, body.voucherCode, now);
    const { lines, catalog } = await readState(tx, cart);
    const priced = priceLines(lines, catalog, await memberCardValid(tx, cart), now);
    if (priced.length > 0 && priced.every((p) => p.product.format === "EProduct"))
      throw fieldError("voucherCode", VOUCHER_ERRORS.forVoucher);
    await updateCart(tx.db, cart.id, { voucher_code: voucher.code });
    const updated = { ...cart, voucher_code: voucher.code };
    return { cart: updated, ...(await readState(tx, updated)) };
  });
  return view(ctx, state);
}

export async function removeVoucher(ctx: RequestCtx, body: CartSessionBody): Promise<CartView> {
  return updateCartFields(ctx, body, { voucher_code: null });
}

/** Logged-in customers only (the endpoint refuses anonymous callers); membership prices apply at once. */
export async function applyMemberCard(ctx: RequestCtx, body: { cartId: number; protectCode: string; barcode: string }): Promise<CartView> {
  if (ctx.user) await enforceLimit(ctx, `cart-card:user:${ctx.user.id}`, USER_LIMIT.perUser, USER_LIMIT.windowS);
  // The session first: a stranger's cartId learns nothing, not even whether the barcode was good.
  await openForRead(ctx, body);
  if (!ctx.user || !(await holdsMemberCard(ctx.db, ctx.user.id, body.barcode))) {
    throw new AppError("BARCODE_INVALID", "core.notifications.membershipCardBarcodeInvalid");
  }
  return updateCartFields(ctx, body, { member_card: body.barcode });
}

export async function removeMemberCard(ctx: RequestCtx, body: CartSessionBody): Promise<CartView> {
  return updateCartFields(ctx, body, { member_card: null });
}

export async function setInstructions(
  ctx: RequestCtx,
  body: { cartId: number; protectCode: string; instructions: string },
): Promise<CartView> {
  return updateCartFields(ctx, body, { instructions: body.instructions });
}

export async function updateGuest(ctx: RequestCtx, body: { cartId: number; protectCode: string; email: string }): Promise<CartView> {
  return updateCartFields(ctx, body, { guest_email: body.email.toLowerCase() });
}

async function updateCartFields(
  ctx: RequestCtx,
  session: { cartId: number; protectCode: string },
  set: Partial<Pick<CartRow, "coupon_code" | "voucher_code" | "member_card" | "instructions" | "guest_email">>,
): Promise<CartView> {
  const state = await writeCart(ctx, session, async (tx, cart) => {
    await updateCart(tx.db, cart.id, set);
    const updated = { ...cart, ...set };
    return { cart: updated, ...(await readState(tx, updated)) };
  });
  return view(ctx, state);
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
