import type { CheckoutState, ValidateCartAnswer } from "@shop/contracts";
import type { RequestCtx } from "../../http/context.ts";
import { toEur, variantLabels, vatOf } from "../catalog/index.ts";
import type { DeliveryChoice } from "../checkout/index.ts";
import { checkoutOf, chosenDelivery } from "./cart.checkout-state.ts";
import { allocate, type CartTotals } from "./cart.pricing.ts";
import { type CartRow, type CouponRow, closeCart } from "./cart.repository.ts";
import { unitsOf, withTitles } from "./cart.rules.ts";
import { writeCart } from "./cart.session.ts";
import { flat, memberCardValid, readState } from "./cart.state.ts";
import { isDigitalOnly, priceLines } from "./cart.view.ts";
import { type AppliedVoucher, totalsWithVoucher } from "./cart.voucher.ts";

/** One line as the order freezes it: words and money as the cart showed them. */
export interface DraftLine {
  productId: number;
  name: string;
  sku: string;
  /** Variant labels and filled-in custom options, in words. */
  options: string[];
  qty: number;
  unitCents: number;
  rowCents: number;
  /** The line's share of the coupon, in cents that add up to the discount. */
  discountCents: number;
  vatRate: number;
  /** VAT of what is paid for the line (after its coupon share). */
  taxCents: number;
  /** The product's KPD code now, frozen with the line for its e-invoice. */
  classificationCode: string | null;
}

/** Everything an order takes from the cart, re-priced on the server from the current product rows. */
export interface OrderDraft {
  cart: CartRow;
  lines: DraftLine[];
  /** Units per product, bundle parts and chosen variants included: what stock gives. */
  units: Map<number, number>;
  totals: CartTotals;
  /** The gift voucher applied to pay, as it stands now (its amount in `totals.cents.voucher`). */
  voucher: AppliedVoucher | null;
  /** The coupon, when it applies. */
  coupon: CouponRow | undefined;
  memberCard: boolean;
  checkout: CheckoutState;
  delivery: DeliveryChoice | undefined;
  digitalOnly: boolean;
  /** The cart as validateCart answers it: what the customer's last look is compared with. */
  seen: ValidateCartAnswer & { itemCount: number };
}

async function draftOf(tx: RequestCtx, cart: CartRow, now: string): Promise<OrderDraft> {
  const { lines, catalog, coupon } = await readState(tx, cart);
  const memberCard = await memberCardValid(tx, cart);
  const priced = priceLines(lines, catalog, memberCard, now);
  const delivery = await chosenDelivery(tx, cart);
  const { totals, applied } = await totalsWithVoucher(tx, cart, priced, { coupon, delivery }, now);
  const shares = allocate(
    totals.cents.discount,
    priced.map((p) => p.price.rowCents),
  );
  const labels = await variantLabels(
    tx.db,
    tx.locale,
    priced.filter((p) => p.product.parent_id !== null).map((p) => p.product.id),
  );
  const units = new Map<number, number>();
  for (const p of priced) for (const [id, n] of unitsOf(catalog, flat(p.line))) units.set(id, (units.get(id) ?? 0) + n);
  const draftLines = priced.map((p, i): DraftLine => {
    const discount = shares[i] ?? 0;
    const titled = withTitles(p.line.options, catalog.optionsById);
    const options = [
      ...(labels.get(p.product.id) ?? []),
      ...titled.customPriceOption.filter((o) => o.customOptionValue !== "").map((o) => `${o.customOptionTitle}: ${o.customOptionValue}`),
    ];
    return {
      productId: p.product.id,
      name: p.product.name,
      sku: p.product.sku,
      options,
      qty: p.line.row.qty,
      unitCents: p.price.unitCents,
      rowCents: p.price.rowCents,
      discountCents: discount,
      vatRate: p.price.vatRate,
      taxCents: vatOf(p.price.rowCents - discount, p.price.vatRate),
      classificationCode: p.product.classification_code,
    };
  });
  return {
    cart,
    lines: draftLines,
    units,
    totals,
    coupon: totals.couponApplies ? coupon : undefined,
    voucher: applied,
    memberCard,
    checkout: checkoutOf(cart),
    delivery,
    digitalOnly: isDigitalOnly(priced),
    seen: {
      items: priced.map((p) => ({ itemId: p.line.row.id, finalPrice: toEur(p.price.unitCents), qty: p.line.row.qty })),
      itemCount: priced.reduce((s, p) => s + p.line.row.qty, 0),
      cartTotal: totals.prices.cartTotal,
      validateMemberCard: memberCard,
      voucher: totals.prices.voucher,
    },
  };
}

/**
 * Runs `work` on the cart's order draft inside one transaction with the cart locked (PostgreSQL's
 * row lock; SQLite has one writer), then closes the cart in the same transaction: the order, its
 * stock, its coupon use and the closed cart commit together or not at all.
 */
export function withOrderDraft<T>(
  ctx: RequestCtx,
  session: { cartId: number; protectCode: string },
  work: (tx: RequestCtx, draft: OrderDraft, now: string) => Promise<T>,
): Promise<T> {
  return writeCart(ctx, session, async (tx, cart, now) => {
    const result = await work(tx, await draftOf(tx, cart, now), now);
    await closeCart(tx.db, cart.id, now);
    return result;
  });
}
