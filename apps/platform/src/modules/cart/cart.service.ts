import { timingSafeEqual } from "node:crypto";
import {
  CART_LINES_MAX,
  CART_QTY_MAX,
  type CartAddBody,
  type CartItemOptions,
  type CartItemView,
  type CartSessionBody,
  type CartUpdateItemBody,
  type CartView,
  type NewCartSession,
  SERVER_MESSAGES,
  V,
  type ValidateCartAnswer,
} from "@shop/contracts";
import { t } from "@shop/i18n";
import { hashToken, newOpaqueToken } from "../../auth/tokens.ts";
import { AppError, type FieldRefusal, fieldError, fieldsError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { enforceLimit } from "../../http/rate-limits.ts";
import { toEur } from "../catalog/index.ts";
import { isValidMemberBarcode } from "../user/user.service.ts";
import { cartTotals, type PricedLine, priceLine } from "./cart.pricing.ts";
import {
  type BundlePartRow,
  bundlePartsOf,
  type CartRow,
  type CouponRow,
  customOptions,
  type Executor,
  findCart,
  findCouponByCode,
  firstMedia,
  type LineRow,
  linesOf,
  newestAbandonedCart,
  type OptionInfo,
  type ProductInfo,
  productsById,
  touchOpenCart,
  variantLabels,
} from "./cart.repository.ts";

/** i18n keys of the cart's own errors (messages/{hr,en,de}/cart-api.json); SPEC §8 keys as written. */
export const CART_ERRORS = {
  sessionInvalid: "cart.error.sessionInvalid",
  outOfStock: "cart.error.outOfStock",
  couponNotFound: "cart.error.couponNotFound",
  tooManyLines: "cart.error.tooManyLines",
  productNotFound: "cart.error.productNotFound",
  configurationNotSet: "core.notifications.configurationNotSet",
  itemNotInCart: "core.notifications.itemNotInCart",
  invalidQuantity: "error.invalidQuantity",
} as const;

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

const EMPTY_OPTIONS: CartItemOptions = { customPriceOption: [], personalizations: {}, bundleOptions: [] };

const sessionInvalid = () => new AppError("CONFLICT", CART_ERRORS.sessionInvalid);

const outOfStock = (available: number) => fieldError("qty", CART_ERRORS.outOfStock, { available: Math.max(0, available) });

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

async function openForRead(ctx: RequestCtx, session: { cartId: number; protectCode: string }): Promise<CartRow> {
  return checkSession(await findCart(ctx.db, session.cartId), session.protectCode);
}

/** Runs a change to one cart in a transaction: checks the session, locks and touches the cart first. */
async function writeCart<T>(
  ctx: RequestCtx,
  session: { cartId: number; protectCode: string },
  work: (trx: Executor, cart: CartRow, now: string) => Promise<T>,
): Promise<T> {
  await enforceLimit(ctx, `cart-write:ip:${ctx.ip}`, WRITE_LIMIT.perIp, WRITE_LIMIT.windowS);
  await enforceLimit(
    ctx,
    `cart-write:${session.cartId}:${hashToken(session.protectCode).slice(0, 16)}`,
    WRITE_LIMIT.perCart,
    WRITE_LIMIT.windowS,
  );
  return ctx.db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const cart = checkSession(await touchOpenCart(trx, session.cartId, ctx.user?.id ?? null, now), session.protectCode);
    return work(trx, cart, now);
  });
}

// ---------- Options ----------

function parseStored(text: string): CartItemOptions {
  try {
    const o = JSON.parse(text) as Partial<CartItemOptions>;
    return {
      customPriceOption: Array.isArray(o.customPriceOption) ? o.customPriceOption : [],
      personalizations: o.personalizations && typeof o.personalizations === "object" ? o.personalizations : {},
      bundleOptions: Array.isArray(o.bundleOptions) ? o.bundleOptions : [],
    };
  } catch {
    return EMPTY_OPTIONS;
  }
}

/** Stored form: filled options only, no titles (they are shown in the request language), stable order. */
function canonical(o: CartItemOptions): string {
  const custom = (list: CartItemOptions["customPriceOption"]) =>
    [...list].sort((a, b) => a.optionId - b.optionId).map((c) => ({ optionId: c.optionId, customOptionValue: c.customOptionValue }));
  return JSON.stringify({
    customPriceOption: custom(o.customPriceOption),
    personalizations: Object.fromEntries(Object.entries(o.personalizations).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    bundleOptions: [...o.bundleOptions]
      .sort((a, b) => a.id - b.id)
      .map((b) => ({ id: b.id, selected: b.selected, options: custom(b.options) })),
  });
}

const optionIdsOf = (o: CartItemOptions) => [...o.customPriceOption, ...o.bundleOptions.flatMap((b) => b.options)].map((c) => c.optionId);
const selectedIdsOf = (o: CartItemOptions) => o.bundleOptions.map((b) => b.selected);

/**
 * Checks filled-in custom options against the product's own (and its configurable parent's): known
 * ids, numbers for number options, max_length, required ones present. Empty values count as not filled.
 */
function checkCustomOptions(
  ctx: RequestCtx,
  given: CartItemOptions["customPriceOption"],
  allowed: readonly OptionInfo[],
  path: string,
  fields: FieldRefusal[],
): CartItemOptions["customPriceOption"] {
  const byId = new Map(allowed.map((o) => [o.id, o]));
  const seen = new Set<number>();
  const kept: CartItemOptions["customPriceOption"] = [];
  given.forEach((g, i) => {
    const option = byId.get(g.optionId);
    if (!option || seen.has(g.optionId)) {
      fields.push({ path: `${path}.${i}.optionId`, key: V.invalid });
      return;
    }
    seen.add(g.optionId);
    const value = g.customOptionValue;
    if (value === "") return;
    if (option.option_type === "number" && !/^-?\d+(?:[.,]\d+)?$/.test(value)) {
      fields.push({ path: `${path}.${i}.customOptionValue`, key: V.invalid });
    } else if (option.max_length !== null && [...value].length > option.max_length) {
      fields.push({ path: `${path}.${i}.customOptionValue`, key: V.maxLength, params: { length: option.max_length } });
    } else {
      kept.push({ optionId: g.optionId, customOptionValue: value });
    }
  });
  for (const option of allowed) {
    if (option.required === 1 && !kept.some((k) => k.optionId === option.id)) {
      fields.push({ path, key: V.required, params: { optionId: option.id }, message: `${option.title}: ${t(ctx.locale, V.required)}` });
    }
  }
  return kept;
}

// ---------- What a write needs to know ----------

interface Catalog {
  products: Map<number, ProductInfo>;
  parts: Map<number, BundlePartRow[]>;
  options: OptionInfo[];
  optionsById: Map<number, OptionInfo>;
}

/**
 * Products of the cart's lines and of the product being added, with bundle parts and chosen variants
 * (for stock), and custom options (for prices, and of the added product for checking): 2 to 4 queries.
 */
async function loadCatalog(
  ctx: RequestCtx,
  db: Executor,
  lines: readonly { product_id: number; options: CartItemOptions }[],
  adding?: { productId: number; options: CartItemOptions },
): Promise<Catalog> {
  const ids = lines.map((l) => l.product_id);
  const selected = lines.flatMap((l) => selectedIdsOf(l.options));
  if (adding) ids.push(adding.productId, ...selectedIdsOf(adding.options));
  const products = await productsById(db, ctx.locale, [...ids, ...selected]);
  const bundleIds = [...products.values()].filter((p) => p.format === "bundle").map((p) => p.id);
  const parts = await bundlePartsOf(db, bundleIds);
  const missing = [...parts.values()]
    .flat()
    .map((p) => p.part_id)
    .filter((id) => !products.has(id));
  if (missing.length > 0) for (const [id, p] of await productsById(db, ctx.locale, missing)) products.set(id, p);

  const checkIds: number[] = [];
  if (adding) {
    const product = products.get(adding.productId);
    checkIds.push(adding.productId);
    if (product?.parent_id) checkIds.push(product.parent_id);
    for (const part of parts.get(adding.productId) ?? []) checkIds.push(part.part_id);
    checkIds.push(...selectedIdsOf(adding.options));
  }
  const options = await customOptions(
    db,
    ctx.locale,
    checkIds,
    lines.flatMap((l) => optionIdsOf(l.options)),
  );
  return { products, parts, options, optionsById: new Map(options.map((o) => [o.id, o])) };
}

/**
 * SPEC §4 Addability on the server: simple, EProduct and variants directly; a configurable product
 * needs its options chosen; a bundle needs a real variant for every configurable part and no nested
 * bundle. Answers the options in stored form.
 */
function checkAddable(ctx: RequestCtx, catalog: Catalog, productId: number, given: CartItemOptions): CartItemOptions {
  const product = catalog.products.get(productId);
  if (!product || product.archived === 1) throw new AppError("NOT_FOUND", CART_ERRORS.productNotFound);
  const notSet = () => new AppError("VALIDATION_ERROR", CART_ERRORS.configurationNotSet);
  const optionsOf = (...ids: (number | null)[]) => catalog.options.filter((o) => ids.includes(o.product_id));
  const fields: FieldRefusal[] = [];
  let bundleOptions: CartItemOptions["bundleOptions"] = [];

  if (product.format === "configurable") throw notSet();
  if (product.format === "bundle") {
    const parts = catalog.parts.get(productId) ?? [];
    if (parts.length === 0) throw notSet();
    const configurable = new Set<number>();
    for (const part of parts) {
      const p = catalog.products.get(part.part_id);
      if (!p || p.archived === 1 || p.format === "bundle") throw notSet();
      if (p.format !== "configurable") continue;
      configurable.add(p.id);
      const entry = given.bundleOptions.find((b) => b.id === p.id);
      const variant = entry ? catalog.products.get(entry.selected) : undefined;
      if (!entry || !variant || variant.parent_id !== p.id || variant.archived === 1 || !["simple", "EProduct"].includes(variant.format)) {
        throw notSet();
      }
      const index = given.bundleOptions.indexOf(entry);
      const options = checkCustomOptions(ctx, entry.options, optionsOf(p.id, variant.id), `options.bundleOptions.${index}.options`, fields);
      bundleOptions.push({ id: p.id, selected: variant.id, options });
    }
    if (given.bundleOptions.some((b) => !configurable.has(b.id))) throw notSet();
    bundleOptions = bundleOptions.sort((a, b) => a.id - b.id);
  } else if (given.bundleOptions.length > 0) {
    throw notSet();
  }
  const customPriceOption = checkCustomOptions(
    ctx,
    given.customPriceOption,
    optionsOf(product.id, product.parent_id),
    "options.customPriceOption",
    fields,
  );
  if (fields.length > 0) throw fieldsError(fields);
  return { customPriceOption, personalizations: given.personalizations, bundleOptions };
}

/**
 * Units of each stock-kept product across the cart (bundle parts count as their product), checked
 * for the products the change touches: a product's stock is never exceeded by adding or updating.
 */
function checkStock(
  catalog: Catalog,
  lines: readonly { product_id: number; qty: number; options: CartItemOptions }[],
  changed: { product_id: number; options: CartItemOptions },
): void {
  const unitsOf = (line: { product_id: number; qty: number; options: CartItemOptions }) => {
    const units = new Map<number, number>([[line.product_id, line.qty]]);
    if (catalog.products.get(line.product_id)?.format === "bundle") {
      for (const part of catalog.parts.get(line.product_id) ?? []) {
        const isConfigurable = catalog.products.get(part.part_id)?.format === "configurable";
        const id = isConfigurable ? line.options.bundleOptions.find((b) => b.id === part.part_id)?.selected : part.part_id;
        if (id !== undefined) units.set(id, (units.get(id) ?? 0) + line.qty * part.qty);
      }
    }
    return units;
  };
  const demand = new Map<number, number>();
  for (const line of lines) for (const [id, n] of unitsOf(line)) demand.set(id, (demand.get(id) ?? 0) + n);
  for (const id of unitsOf({ ...changed, qty: 1 }).keys()) {
    const stock = catalog.products.get(id)?.stock ?? null;
    if (stock !== null && (demand.get(id) ?? 0) > stock) throw outOfStock(stock);
  }
}

// ---------- Views ----------

interface CartLine {
  row: LineRow;
  options: CartItemOptions;
}

const toLines = (rows: readonly LineRow[]): CartLine[] => rows.map((row) => ({ row, options: parseStored(row.options) }));

const memberCardValid = (cart: CartRow) => cart.member_card !== null && isValidMemberBarcode(cart.member_card);

interface Priced {
  line: CartLine;
  product: ProductInfo;
  price: PricedLine;
}

function priceLines(cart: CartRow, lines: readonly CartLine[], catalog: Catalog, now: string): Priced[] {
  const member = memberCardValid(cart);
  const priced: Priced[] = [];
  for (const line of lines) {
    const product = catalog.products.get(line.row.product_id);
    if (!product) continue;
    priced.push({ line, product, price: priceLine(product, line.row.qty, line.options, catalog.optionsById, member, now) });
  }
  return priced;
}

async function couponOf(db: Executor, cart: CartRow): Promise<CouponRow | undefined> {
  return cart.coupon_code === null ? undefined : findCouponByCode(db, cart.coupon_code);
}

/** Options as answered: titles of the custom options in the request language. */
function withTitles(o: CartItemOptions, optionsById: ReadonlyMap<number, OptionInfo>): CartItemOptions {
  const titled = (list: CartItemOptions["customPriceOption"]) =>
    list.map((c) => ({ ...c, customOptionTitle: optionsById.get(c.optionId)?.title ?? c.customOptionTitle ?? "" }));
  return {
    customPriceOption: titled(o.customPriceOption),
    personalizations: o.personalizations,
    bundleOptions: o.bundleOptions.map((b) => ({ ...b, options: titled(b.options) })),
  };
}

async function buildView(
  ctx: RequestCtx,
  cart: CartRow,
  lines: readonly CartLine[],
  catalog: Catalog,
  coupon: CouponRow | undefined,
): Promise<CartView> {
  const now = new Date().toISOString();
  const priced = priceLines(cart, lines, catalog, now);
  const variants = priced.filter((p) => p.product.parent_id !== null).map((p) => p.product.id);
  const mediaIds = priced.flatMap((p) => (p.product.parent_id === null ? [p.product.id] : [p.product.id, p.product.parent_id]));
  const [media, labels] = await Promise.all([firstMedia(ctx.db, mediaIds), variantLabels(ctx.db, ctx.locale, variants)]);
  const totals = cartTotals(
    priced.map((p) => p.price),
    coupon,
    now,
  );
  const items: CartItemView[] = priced.map(({ line, product, price }) => {
    const picture = media.get(product.id) ?? (product.parent_id !== null ? media.get(product.parent_id) : undefined);
    return {
      itemId: line.row.id,
      productId: product.id,
      qty: line.row.qty,
      options: withTitles(line.options, catalog.optionsById),
      productData: {
        name: product.name,
        sku: product.sku,
        format: product.format,
        media: picture ? [picture] : [],
        slug: product.slug,
        mainProductSlug: product.parent_id !== null ? product.parentSlug : null,
        isVisibleIndividually: product.visible_individually === 1,
        stock: product.stock,
        variantLabels: labels.get(product.id) ?? [],
      },
      prices: {
        unitPrice: toEur(price.unitCents),
        retailPrice: toEur(price.retailCents),
        rowTotal: toEur(price.rowCents),
        tax: toEur(price.taxCents),
      },
    };
  });
  return {
    id: cart.id,
    items,
    itemCount: items.reduce((s, i) => s + i.qty, 0),
    prices: totals.prices,
    couponCode: totals.couponApplies && coupon ? coupon.code : null,
    memberCard: cart.member_card,
    validateMemberCard: memberCardValid(cart),
    deliveryMethodId: cart.delivery_method_id,
    paymentMethodId: cart.payment_method_id,
    options: cart.options,
    instructions: cart.instructions,
    digitalOnly: items.length > 0 && items.every((i) => i.productData.format === "EProduct"),
  };
}

/** Everything a view of the cart needs, read fresh. */
async function readState(ctx: RequestCtx, db: Executor, cart: CartRow) {
  const lines = toLines(await linesOf(db, cart.id));
  const [catalog, coupon] = await Promise.all([loadCatalog(ctx, db, lines.map(flat)), couponOf(db, cart)]);
  return { lines, catalog, coupon };
}

const flat = (l: CartLine) => ({ product_id: l.row.product_id, qty: l.row.qty, options: l.options });

/**
 * After a change: a coupon whose conditions no longer hold (SPEC §4: a quantity change that drops it
 * removes it) is taken off the cart, so the answer's couponCode is null.
 */
async function settleCoupon(
  trx: Executor,
  cart: CartRow,
  lines: readonly CartLine[],
  catalog: Catalog,
  coupon: CouponRow | undefined,
  now: string,
) {
  if (cart.coupon_code === null) return { cart, coupon };
  const totals = cartTotals(
    priceLines(cart, lines, catalog, now).map((p) => p.price),
    coupon,
    now,
  );
  if (totals.couponApplies) return { cart, coupon };
  await trx.updateTable("carts").set({ coupon_code: null }).where("id", "=", cart.id).execute();
  return { cart: { ...cart, coupon_code: null }, coupon: undefined };
}

// ---------- Endpoints ----------

export async function newCartSession(ctx: RequestCtx): Promise<NewCartSession> {
  await enforceLimit(ctx, `cart-new:ip:${ctx.ip}`, NEW_SESSION_LIMIT.perIp, NEW_SESSION_LIMIT.windowS);
  const code = newOpaqueToken();
  const now = new Date().toISOString();
  const row = await ctx.db
    .insertInto("carts")
    .values({
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
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { cartId: row.id, protectCode: code.token };
}

export async function getCart(ctx: RequestCtx, body: CartSessionBody): Promise<CartView> {
  const cart = await openForRead(ctx, body);
  const { lines, catalog, coupon } = await readState(ctx, ctx.db, cart);
  return buildView(ctx, cart, lines, catalog, coupon);
}

export async function validateCart(ctx: RequestCtx, body: CartSessionBody): Promise<ValidateCartAnswer> {
  const cart = await openForRead(ctx, body);
  const { lines, catalog, coupon } = await readState(ctx, ctx.db, cart);
  const now = new Date().toISOString();
  const priced = priceLines(cart, lines, catalog, now);
  const totals = cartTotals(
    priced.map((p) => p.price),
    coupon,
    now,
  );
  return {
    items: priced.map((p) => ({ itemId: p.line.row.id, finalPrice: toEur(p.price.unitCents), qty: p.line.row.qty })),
    cartTotal: totals.prices.cartTotal,
    validateMemberCard: memberCardValid(cart),
  };
}

export async function addItem(ctx: RequestCtx, body: CartAddBody): Promise<CartView> {
  const state = await writeCart(ctx, body, async (trx, cart, now) => {
    const lines = toLines(await linesOf(trx, cart.id));
    const catalog = await loadCatalog(ctx, trx, lines.map(flat), { productId: body.productId, options: body.options });
    const options = checkAddable(ctx, catalog, body.productId, body.options);
    const key = canonical(options);
    const same = lines.find((l) => l.row.product_id === body.productId && canonical(l.options) === key);
    if (!same && lines.length >= CART_LINES_MAX) throw fieldError("productId", CART_ERRORS.tooManyLines, { max: CART_LINES_MAX });
    const qty = (same?.row.qty ?? 0) + body.qty;
    if (qty > CART_QTY_MAX) throw fieldsError([{ path: "qty", key: CART_ERRORS.invalidQuantity }]);
    const next = same
      ? lines.map((l) => (l === same ? { ...l, row: { ...l.row, qty } } : l))
      : [...lines, { row: { id: 0, cart_id: cart.id, product_id: body.productId, qty, options: key, created_at: now }, options }];
    checkStock(catalog, next.map(flat), { product_id: body.productId, options });

    if (same) {
      await trx.updateTable("cart_items").set({ qty }).where("id", "=", same.row.id).execute();
    } else {
      const inserted = await trx
        .insertInto("cart_items")
        .values({ cart_id: cart.id, product_id: body.productId, qty, options: key, created_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      const added = next[next.length - 1] as CartLine;
      added.row.id = inserted.id;
    }
    // Prices of the new line's options come from the rows loaded for checking.
    const coupon = await couponOf(trx, cart);
    return { cart, lines: next, catalog, coupon };
  });
  return buildView(ctx, state.cart, state.lines, state.catalog, state.coupon);
}

export async function updateItem(ctx: RequestCtx, body: CartUpdateItemBody): Promise<CartView> {
  const state = await writeCart(ctx, body, async (trx, cart, now) => {
    const lines = toLines(await linesOf(trx, cart.id));
    const line = lines.find((l) => l.row.id === body.itemId);
    if (!line) throw new AppError("NOT_FOUND", CART_ERRORS.itemNotInCart);
    const catalog = await loadCatalog(
      ctx,
      trx,
      lines.map(flat),
      body.options ? { productId: line.row.product_id, options: body.options } : undefined,
    );
    const options = body.options ? checkAddable(ctx, catalog, line.row.product_id, body.options) : line.options;
    const stored = canonical(options);
    const next = lines.map((l) => (l === line ? { row: { ...l.row, qty: body.qty, options: stored }, options } : l));
    checkStock(catalog, next.map(flat), { product_id: line.row.product_id, options });
    await trx.updateTable("cart_items").set({ qty: body.qty, options: stored }).where("id", "=", line.row.id).execute();
    const settled = await settleCoupon(trx, cart, next, catalog, await couponOf(trx, cart), now);
    return { ...settled, lines: next, catalog };
  });
  return buildView(ctx, state.cart, state.lines, state.catalog, state.coupon);
}

export async function deleteItem(ctx: RequestCtx, body: { cartId: number; protectCode: string; itemId: number }): Promise<CartView> {
  const state = await writeCart(ctx, body, async (trx, cart, now) => {
    const lines = toLines(await linesOf(trx, cart.id));
    if (!lines.some((l) => l.row.id === body.itemId)) throw new AppError("NOT_FOUND", CART_ERRORS.itemNotInCart);
    await trx.deleteFrom("cart_items").where("id", "=", body.itemId).where("cart_id", "=", cart.id).execute();
    const next = lines.filter((l) => l.row.id !== body.itemId);
    const catalog = await loadCatalog(ctx, trx, next.map(flat));
    const settled = await settleCoupon(trx, cart, next, catalog, await couponOf(trx, cart), now);
    return { ...settled, lines: next, catalog };
  });
  return buildView(ctx, state.cart, state.lines, state.catalog, state.coupon);
}

export async function clearCart(ctx: RequestCtx, body: CartSessionBody): Promise<CartView> {
  const state = await writeCart(ctx, body, async (trx, cart, now) => {
    await trx.deleteFrom("cart_items").where("cart_id", "=", cart.id).execute();
    const catalog = await loadCatalog(ctx, trx, []);
    const settled = await settleCoupon(trx, cart, [], catalog, await couponOf(trx, cart), now);
    return { ...settled, catalog };
  });
  return buildView(ctx, state.cart, [], state.catalog, state.coupon);
}

/**
 * A failed application takes any coupon off the cart (SPEC §4) and answers 404 with the verbatim
 * 'Coupon not found!' of SPEC §8; the field error carries a translated text as well.
 */
export async function applyCoupon(ctx: RequestCtx, body: { cartId: number; protectCode: string; couponCode: string }): Promise<CartView> {
  const state = await writeCart(ctx, body, async (trx, cart, now) => {
    const { lines, catalog } = await readState(ctx, trx, cart);
    const coupon = await findCouponByCode(trx, body.couponCode);
    const withCoupon = { ...cart, coupon_code: coupon?.code ?? null };
    const applies =
      coupon !== undefined &&
      cartTotals(
        priceLines(withCoupon, lines, catalog, now).map((p) => p.price),
        coupon,
        now,
      ).couponApplies;
    const saved = applies ? withCoupon : { ...cart, coupon_code: null };
    await trx.updateTable("carts").set({ coupon_code: saved.coupon_code }).where("id", "=", cart.id).execute();
    return { applies, cart: saved, lines, catalog, coupon: applies ? coupon : undefined };
  });
  if (!state.applies) {
    throw new AppError("NOT_FOUND", SERVER_MESSAGES.couponNotFound, { fields: [{ path: "couponCode", key: CART_ERRORS.couponNotFound }] });
  }
  return buildView(ctx, state.cart, state.lines, state.catalog, state.coupon);
}

export async function removeCoupon(ctx: RequestCtx, body: CartSessionBody): Promise<CartView> {
  return updateCartFields(ctx, body, { coupon_code: null });
}

/** Logged-in customers only (the endpoint refuses anonymous callers); membership prices apply at once. */
export async function applyMemberCard(ctx: RequestCtx, body: { cartId: number; protectCode: string; barcode: string }): Promise<CartView> {
  if (ctx.user) await enforceLimit(ctx, `cart-card:user:${ctx.user.id}`, USER_LIMIT.perUser, USER_LIMIT.windowS);
  // The session first: a stranger's cartId learns nothing, not even whether the barcode was good.
  await openForRead(ctx, body);
  if (!isValidMemberBarcode(body.barcode)) throw new AppError("BARCODE_INVALID", "core.notifications.membershipCardBarcodeInvalid");
  return updateCartFields(ctx, body, { member_card: body.barcode });
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
  set: Partial<Pick<CartRow, "coupon_code" | "member_card" | "instructions" | "guest_email">>,
): Promise<CartView> {
  const state = await writeCart(ctx, session, async (trx, cart) => {
    await trx.updateTable("carts").set(set).where("id", "=", cart.id).execute();
    const updated = { ...cart, ...set };
    return { cart: updated, ...(await readState(ctx, trx, updated)) };
  });
  return buildView(ctx, state.cart, state.lines, state.catalog, state.coupon);
}

/**
 * The logged-in customer's newest open cart with lines, with a fresh protectCode: only its hash is
 * kept, so the old code stops working and the cart is reachable from this login only.
 */
export async function getAbandoned(ctx: RequestCtx): Promise<NewCartSession | null> {
  if (!ctx.user) throw new AppError("UNAUTHORIZED", "error.unauthorized");
  await enforceLimit(ctx, `cart-abandoned:user:${ctx.user.id}`, USER_LIMIT.perUser, USER_LIMIT.windowS);
  const userId = ctx.user.id;
  return ctx.db.transaction().execute(async (trx) => {
    const found = await newestAbandonedCart(trx, userId);
    if (!found) return null;
    const code = newOpaqueToken();
    await trx.updateTable("carts").set({ protect_hash: code.hash }).where("id", "=", found.id).execute();
    return { cartId: found.id, protectCode: code.token };
  });
}
