import { type CartItemOptions, type CartPrices, MAIN_CURRENCY } from "@shop/contracts";
import { finalCents, memberCents, type OptionInfo, type ProductInfo, toEur, vatOf } from "../catalog/index.ts";
import type { CouponRow } from "./cart.repository.ts";

/**
 * Cart money, all in integer cents (VAT included), recomputed from the current product rows on
 * every answer. Orders freeze exactly these numbers, so the receipt shows what the cart showed.
 */

export interface PricedLine {
  /** One unit with its custom option surcharges; the membership price when the card applies. */
  unitCents: number;
  retailCents: number;
  rowCents: number;
  /** VAT the line contains, as the cart shows it next to the line. */
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

/**
 * Splits `amount` over `weights` in proportion, in whole cents that add up to exactly `amount`
 * (largest remainder; ties to the earlier line). With `amount` at most the weights' sum, no share
 * exceeds its weight.
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  if (total <= 0 || amount <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const shares = exact.map((x) => Math.floor(x));
  let left = amount - shares.reduce((s, x) => s + x, 0);
  const byRemainder = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left--;
  }
  return shares;
}

export interface VatLine {
  /** Percent. */
  rate: number;
  grossCents: number;
  netCents: number;
  vatCents: number;
}

/** VAT as the receipt states it: per rate, on the sum of that rate's amounts, rounded once; rates in ascending order. */
export function vatByRate(amounts: readonly { grossCents: number; vatRate: number }[]): VatLine[] {
  const gross = new Map<number, number>();
  for (const a of amounts) gross.set(a.vatRate, (gross.get(a.vatRate) ?? 0) + a.grossCents);
  return [...gross.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, grossCents]) => {
      const vatCents = vatOf(grossCents, rate);
      return { rate, grossCents, netCents: grossCents - vatCents, vatCents };
    });
}

export interface CartTotals {
  couponApplies: boolean;
  /** `voucher` is what a gift voucher pays of the order total, `toPay` the rest (see `withVoucher`). */
  cents: {
    itemsTotal: number;
    discount: number;
    delivery: number;
    loyalty: number;
    orderTotal: number;
    tax: number;
    voucher: number;
    toPay: number;
  };
  vat: VatLine[];
  prices: CartPrices;
}

/**
 * Items total, coupon, delivery (0 until checkout chooses a method; the coupon never lowers it),
 * loyalty saving and the VAT the order total contains. The coupon lowers the lines in proportion (in cents that add up to it), so
 * each rate's VAT is taken on what is really paid at that rate.
 */
export function cartTotals(
  lines: readonly PricedLine[],
  coupon: CouponRow | undefined,
  now: string,
  shipping: { cents: number; vatRate: number } | null = null,
): CartTotals {
  const itemsTotal = lines.reduce((s, l) => s + l.rowCents, 0);
  const applied = couponCents(coupon, itemsTotal, now);
  const discount = applied ?? 0;
  const shares = allocate(
    discount,
    lines.map((l) => l.rowCents),
  );
  const delivery = shipping?.cents ?? 0;
  const vat = vatByRate([
    ...lines.map((l, i) => ({ grossCents: l.rowCents - (shares[i] ?? 0), vatRate: l.vatRate })),
    ...(shipping && shipping.cents > 0 ? [{ grossCents: shipping.cents, vatRate: shipping.vatRate }] : []),
  ]);
  const orderTotal = itemsTotal - discount + delivery;
  const loyalty = lines.reduce((s, l) => s + l.loyaltyCents, 0);
  const tax = vat.reduce((s, v) => s + v.vatCents, 0);
  return {
    couponApplies: applied !== null,
    cents: { itemsTotal, discount, delivery, loyalty, orderTotal, tax, voucher: 0, toPay: orderTotal },
    vat,
    prices: {
      itemsTotal: toEur(itemsTotal),
      coupon: toEur(discount),
      delivery: toEur(delivery),
      loyalty: toEur(loyalty),
      tax: toEur(tax),
      orderTotal: toEur(orderTotal),
      cartTotal: toEur(orderTotal),
      voucher: 0,
      toPay: toEur(orderTotal),
      currency: MAIN_CURRENCY.code,
    },
  };
}

/** The totals with a gift voucher paying `cents` of them (never more than the total): the order total stays, the rest to pay drops. */
export function withVoucher(totals: CartTotals, cents: number): CartTotals {
  const voucher = Math.max(0, Math.min(cents, totals.cents.orderTotal));
  const toPay = totals.cents.orderTotal - voucher;
  return {
    ...totals,
    cents: { ...totals.cents, voucher, toPay },
    prices: { ...totals.prices, voucher: toEur(voucher), toPay: toEur(toPay) },
  };
}
