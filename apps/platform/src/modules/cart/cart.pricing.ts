import { type CartItemOptions, type CartPrices, MAIN_CURRENCY } from "@shop/contracts";
import { finalCents, memberCents, toEur, vatOf } from "../catalog/index.ts";
import type { CouponRow, OptionInfo, ProductInfo } from "./cart.repository.ts";

/** Cart money, all in cents, recomputed from the current product rows on every answer. */

export interface PricedLine {
  /** One unit with its custom option surcharges; the membership price when the card applies. */
  unitCents: number;
  retailCents: number;
  rowCents: number;
  taxCents: number;
  /** What the card saves on the whole line (0 without a valid card). */
  loyaltyCents: number;
  vatRate: number;
}

/** Surcharges per unit of the filled-in custom options (of the product and of a bundle's parts). */
export function surchargeCents(options: CartItemOptions, optionsById: ReadonlyMap<number, OptionInfo>): number {
  let sum = 0;
  const all = [...options.customPriceOption, ...options.bundleOptions.flatMap((b) => b.options)];
  for (const o of all) sum += optionsById.get(o.optionId)?.price_cents ?? 0;
  return sum;
}

export function priceLine(
  product: ProductInfo,
  qty: number,
  options: CartItemOptions,
  optionsById: ReadonlyMap<number, OptionInfo>,
  memberCard: boolean,
  now: string,
): PricedLine {
  const extra = surchargeCents(options, optionsById);
  const final = finalCents(product, now) + extra;
  const unit = memberCard ? memberCents(product, now) + extra : final;
  const row = unit * qty;
  return {
    unitCents: unit,
    retailCents: product.retail_cents + extra,
    rowCents: row,
    taxCents: vatOf(row, product.vat_rate),
    loyaltyCents: (final - unit) * qty,
    vatRate: product.vat_rate,
  };
}

/** The coupon's discount in cents, or null when it does not apply (inactive, out of its window, total too low). */
export function couponCents(coupon: CouponRow | undefined, itemsTotal: number, now: string): number | null {
  if (coupon?.active !== 1) return null;
  if (coupon.valid_from !== null && now < coupon.valid_from) return null;
  if (coupon.valid_to !== null && now > coupon.valid_to) return null;
  if (itemsTotal < coupon.min_total_cents) return null;
  const off = coupon.kind === "percent" ? Math.round((itemsTotal * coupon.value) / 100) : coupon.value;
  return Math.max(0, Math.min(off, itemsTotal));
}

export interface CartTotals {
  prices: CartPrices;
  couponApplies: boolean;
}

/**
 * Items total, coupon, delivery (0 until checkout chooses a method), loyalty saving and the VAT the
 * order total contains: the coupon lowers each line in proportion, so each rate's VAT shrinks with it.
 */
export function cartTotals(lines: readonly PricedLine[], coupon: CouponRow | undefined, now: string): CartTotals {
  const itemsTotal = lines.reduce((s, l) => s + l.rowCents, 0);
  const discount = couponCents(coupon, itemsTotal, now);
  const off = discount ?? 0;
  let tax = 0;
  for (const l of lines) {
    const share = itemsTotal > 0 ? Math.round((off * l.rowCents) / itemsTotal) : 0;
    tax += vatOf(l.rowCents - share, l.vatRate);
  }
  const delivery = 0;
  const orderTotal = itemsTotal - off + delivery;
  return {
    couponApplies: discount !== null,
    prices: {
      itemsTotal: toEur(itemsTotal),
      coupon: toEur(off),
      delivery: toEur(delivery),
      loyalty: toEur(lines.reduce((s, l) => s + l.loyaltyCents, 0)),
      tax: toEur(tax),
      orderTotal: toEur(orderTotal),
      cartTotal: toEur(orderTotal),
      currency: MAIN_CURRENCY.code,
    },
  };
}
