import type { CartItemOptions } from "@shop/contracts";
import type { Executor } from "@shop/db";
import type { RequestCtx } from "../../http/context.ts";
import { bundlePartsOf, customOptions, productsById } from "../catalog/index.ts";
import { holdsMemberCard } from "../user/index.ts";
import { chosenDelivery } from "./cart.checkout-state.ts";
import { type CartRow, type CouponRow, findCouponByCode, type LineRow, linesOf } from "./cart.repository.ts";
import { type CatalogSnapshot, type LineInput, optionIdsOf, parseStoredOptions, selectedIdsOf } from "./cart.rules.ts";
import { buildView, type CartLine } from "./cart.view.ts";

/** A cart as its view needs it, read fresh: its lines, the products they name, its coupon. */

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

export async function couponOf(db: Executor, cart: CartRow): Promise<CouponRow | undefined> {
  return cart.coupon_code === null ? undefined : findCouponByCode(db, cart.coupon_code);
}

/** Everything a view of the cart needs, read fresh. */
export async function readState(ctx: RequestCtx, cart: CartRow) {
  const lines = toLines(await linesOf(ctx.db, cart.id));
  const [catalog, coupon] = await Promise.all([loadCatalog(ctx, lines.map(flat)), couponOf(ctx.db, cart)]);
  return { lines, catalog, coupon };
}

export interface State {
  cart: CartRow;
  lines: readonly CartLine[];
  catalog: CatalogSnapshot;
  coupon: CouponRow | undefined;
}

export const view = async (ctx: RequestCtx, s: State) =>
  buildView(ctx, s.cart, s.lines, s.catalog, s.coupon, await memberCardValid(ctx, s.cart), await chosenDelivery(ctx, s.cart));
