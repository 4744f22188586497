import { MAIN_CURRENCY, type ProductPrices } from "@shop/contracts";

/** The price columns of a product row (cents, VAT included). */
export interface PriceColumns {
  retail_cents: number;
  discount_cents: number | null;
  discount_from: string | null;
  discount_to: string | null;
  membership_cents: number | null;
  vat_rate: number;
}

export const toEur = (cents: number): number => Math.round(cents) / 100;

/** A discount counts while now lies in its window and it really lowers the price. */
export function discountRuns(p: PriceColumns, now: string): boolean {
  if (p.discount_cents === null || p.discount_cents >= p.retail_cents) return false;
  if (p.discount_from !== null && now < p.discount_from) return false;
  if (p.discount_to !== null && now > p.discount_to) return false;
  return true;
}

/** The price paid now in cents: the running discount, else the retail price. */
export function finalCents(p: PriceColumns, now: string): number {
  return discountRuns(p, now) ? (p.discount_cents as number) : p.retail_cents;
}

/** A card holder pays the lower of the final and the membership price. */
export function memberCents(p: PriceColumns, now: string): number {
  const final = finalCents(p, now);
  return p.membership_cents !== null && p.membership_cents < final ? p.membership_cents : final;
}

/** VAT contained in a gross amount (cents) at a rate in percent, rounded to the cent. */
export function vatOf(grossCents: number, rate: number): number {
  return Math.round(grossCents - grossCents / (1 + rate / 100));
}

/** SPEC §9: (retail - discounted) / retail x 100, rounded. */
export function discountPercent(retailCents: number, discountedCents: number): number {
  return retailCents <= 0 ? 0 : Math.round(((retailCents - discountedCents) / retailCents) * 100);
}

/** The SPEC §3 prices of a product in EUR. */
export function productPrices(p: PriceColumns, now: string = new Date().toISOString()): ProductPrices {
  const final = finalCents(p, now);
  const running = discountRuns(p, now);
  const tax = vatOf(final, p.vat_rate);
  return {
    basicPrice: toEur(final - tax),
    retailPrice: toEur(p.retail_cents),
    finalPrice: toEur(final),
    membershipPrice: p.membership_cents !== null && p.membership_cents < final ? toEur(p.membership_cents) : null,
    discount: running
      ? {
          retailPrice: toEur(p.retail_cents),
          finalPrice: toEur(final),
          percent: discountPercent(p.retail_cents, final),
          validTo: p.discount_to,
        }
      : null,
    vatRate: p.vat_rate,
    tax: toEur(tax),
    currency: MAIN_CURRENCY.code,
  };
}
