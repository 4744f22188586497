import type { CartVoucher } from "@shop/contracts";
import type { RequestCtx } from "../../http/context.ts";
import { toEur } from "../catalog/index.ts";
import type { DeliveryChoice } from "../checkout/index.ts";
import { checkVoucher, formatVoucherCode, VOUCHER_ERRORS, type VoucherRow } from "../vouchers/index.ts";
import { allocate, type CartTotals, cartTotals, withVoucher } from "./cart.pricing.ts";
import type { CartRow, CouponRow } from "./cart.repository.ts";
import type { Priced } from "./cart.view.ts";

/** The cart's gift voucher as it pays now: checked afresh on every view and at the order. */
export interface AppliedVoucher {
  code: string;
  voucher: VoucherRow | undefined;
  /** What it pays of the order total (0 with a problem). */
  cents: number;
  /** Why it pays nothing: a message key. */
  problem: string | null;
}

const isVoucher = (p: Priced) => p.product.format === "EProduct";

/**
 * What a voucher may pay: the order total less the vouchers in it (after their coupon share). A
 * voucher never pays for another voucher: under the VAT Act (čl. 33.c) a multi-purpose voucher's
 * VAT falls due when it is redeemed for goods or services; swapping it for a new voucher redeems
 * nothing, so the value would pass on untaxed and the receipt would sell nothing real. Croatian
 * shops refuse it, and so do we: it pays the washes, products and delivery beside any vouchers.
 */
export function voucherPayable(priced: readonly Priced[], totals: CartTotals): number {
  const shares = allocate(
    totals.cents.discount,
    priced.map((p) => p.price.rowCents),
  );
  const vouchers = priced.reduce((sum, p, i) => sum + (isVoucher(p) ? p.price.rowCents - (shares[i] ?? 0) : 0), 0);
  return Math.max(0, totals.cents.orderTotal - vouchers);
}

export async function appliedVoucher(
  ctx: RequestCtx,
  cart: CartRow,
  priced: readonly Priced[],
  totals: CartTotals,
  now: string,
): Promise<AppliedVoucher | null> {
  if (cart.voucher_code === null) return null;
  const check = await checkVoucher(ctx, cart.voucher_code, now);
  if (!check.ok) return { code: cart.voucher_code, voucher: undefined, cents: 0, problem: check.error };
  const payable = voucherPayable(priced, totals);
  if (payable === 0 && priced.length > 0)
    return { code: cart.voucher_code, voucher: check.voucher, cents: 0, problem: VOUCHER_ERRORS.forVoucher };
  return { code: cart.voucher_code, voucher: check.voucher, cents: Math.min(check.voucher.balance_cents, payable), problem: null };
}

/**
 * The cart's totals from its priced lines, coupon and chosen delivery, with the voucher's part,
 * and the voucher as the cart answers it.
 */
export async function totalsWithVoucher(
  ctx: RequestCtx,
  cart: CartRow,
  priced: readonly Priced[],
  charges: { coupon: CouponRow | undefined; delivery: DeliveryChoice | undefined },
  now: string,
) {
  const { delivery } = charges;
  const totals = cartTotals(
    priced.map((p) => p.price),
    charges.coupon,
    now,
    delivery && { cents: delivery.priceCents, vatRate: delivery.vatRate },
  );
  const applied = await appliedVoucher(ctx, cart, priced, totals, now);
  const view: CartVoucher | null = applied && {
    code: formatVoucherCode(applied.code),
    amount: toEur(applied.cents),
    problem: applied.problem,
  };
  return { applied, totals: withVoucher(totals, applied?.cents ?? 0), view };
}
