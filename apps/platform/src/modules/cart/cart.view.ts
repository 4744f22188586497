import type { CartItemOptions, CartItemView, CartView } from "@shop/contracts";
import type { RequestCtx } from "../../http/context.ts";
import { firstMedia, type ProductInfo, toEur, variantLabels } from "../catalog/index.ts";
import type { DeliveryChoice } from "../checkout/index.ts";
import { checkoutOf } from "./cart.checkout-state.ts";
import { type PricedLine, priceLine } from "./cart.pricing.ts";
import type { CartRow, CouponRow, LineRow } from "./cart.repository.ts";
import { type CatalogSnapshot, withTitles } from "./cart.rules.ts";
import { totalsWithVoucher } from "./cart.voucher.ts";

/** A stored line with its options read. */
export interface CartLine {
  row: LineRow;
  options: CartItemOptions;
}

export interface Priced {
  line: CartLine;
  product: ProductInfo;
  price: PricedLine;
}

/** Each line priced from the current product rows (lines whose product is gone are left out). */
export function priceLines(lines: readonly CartLine[], catalog: CatalogSnapshot, memberCard: boolean, now: string): Priced[] {
  const priced: Priced[] = [];
  for (const line of lines) {
    const product = catalog.products.get(line.row.product_id);
    if (!product) continue;
    priced.push({ line, product, price: priceLine(product, line.row.qty, line.options, catalog.optionsById, memberCard, now) });
  }
  return priced;
}

/** Only e-products (vouchers): nothing to deliver (SPEC §3 Cart digitalOnly). */
export const isDigitalOnly = (priced: readonly Priced[]): boolean =>
  priced.length > 0 && priced.every((p) => p.product.format === "EProduct");

/** The cart as answered (SPEC §3 Cart): lines with pictures and variant labels, every price recomputed. */
export async function buildView(
  ctx: RequestCtx,
  cart: CartRow,
  lines: readonly CartLine[],
  catalog: CatalogSnapshot,
  coupon: CouponRow | undefined,
  memberCard: boolean,
  delivery: DeliveryChoice | undefined,
): Promise<CartView> {
  const now = new Date().toISOString();
  const priced = priceLines(lines, catalog, memberCard, now);
  const variants = priced.filter((p) => p.product.parent_id !== null).map((p) => p.product.id);
  const mediaIds = priced.flatMap((p) => (p.product.parent_id === null ? [p.product.id] : [p.product.id, p.product.parent_id]));
  const [media, labels] = await Promise.all([firstMedia(ctx.db, mediaIds), variantLabels(ctx.db, ctx.locale, variants)]);
  const paid = await totalsWithVoucher(ctx, cart, priced, { coupon, delivery }, now);
  const totals = paid.totals;
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
    voucher: paid.view,
    memberCard: cart.member_card,
    validateMemberCard: memberCard,
    deliveryMethodId: delivery?.id ?? null,
    paymentMethodId: cart.payment_method_id,
    options: cart.options,
    instructions: cart.instructions,
    digitalOnly: isDigitalOnly(priced),
    checkout: checkoutOf(cart),
  };
}
