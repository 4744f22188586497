import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type OptionInfo, type ProductInfo, vatOf } from "../catalog/index.ts";
import { allocate, cartTotals, couponCents, type PricedLine, priceLine, vatByRate } from "./cart.pricing.ts";
import type { CouponRow } from "./cart.repository.ts";

const NOW = "2026-11-25T12:00:00.000Z";
const RATES = [0, 5, 13, 25] as const;

function coupon(kind: "percent" | "fixed", value: number, extra: Partial<CouponRow> = {}): CouponRow {
  const limits = { usage_limit: null, per_customer_limit: null, used_count: 0 };
  return { id: 1, code: "TEST", kind, value, active: 1, valid_from: null, valid_to: null, min_total_cents: 0, ...limits, ...extra };
}

function product(extra: Partial<ProductInfo> = {}): ProductInfo {
  return {
    id: 1,
    sku: "SKU-1",
    format: "simple",
    parent_id: null,
    visible_individually: 1,
    archived: 0,
    featured: 0,
    category_priority: 0,
    retail_cents: 1000,
    discount_cents: null,
    discount_from: null,
    discount_to: null,
    membership_cents: null,
    vat_rate: 25,
    stock: null,
    classification_code: null,
    name: "Proizvod",
    slug: "proizvod",
    parentSlug: null,
    ...extra,
  };
}

const line = (rowCents: number, vatRate: number): PricedLine => ({
  unitCents: rowCents,
  retailCents: rowCents,
  rowCents,
  taxCents: vatOf(rowCents, vatRate),
  loyaltyCents: 0,
  vatRate,
});

const NO_OPTIONS = { customPriceOption: [], personalizations: {}, bundleOptions: [] };

describe("VAT contained in a gross amount", () => {
  it.each([
    [1000, 25, 200],
    [1250, 25, 250],
    [999, 25, 200],
    [1, 25, 0],
    [3, 25, 1],
    [1130, 13, 130],
    [105, 5, 5],
    [0, 25, 0],
    [100, 0, 0],
  ])("%i cents at %i %% contain %i cents", (gross, rate, vat) => {
    expect(vatOf(gross, rate)).toBe(vat);
  });
});

describe("splitting a discount over the lines", () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [10, [50, 50], [5, 5]],
    [1, [1, 1], [1, 0]],
    [0, [5, 5], [0, 0]],
    [7, [0, 10], [0, 7]],
    [313, [2000, 1130], [200, 113]],
  ])("%i over %j gives %j", (amount, weights, shares) => {
    expect(allocate(amount, weights)).toEqual(shares);
  });

  it("adds up to the amount exactly, each share within a cent of its proportion and never above its line", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 30 }), fc.nat(), (weights, seed) => {
        const total = weights.reduce((s, w) => s + w, 0);
        const amount = total === 0 ? 0 : seed % (total + 1);
        const shares = allocate(amount, weights);
        expect(shares.reduce((s, x) => s + x, 0)).toBe(total === 0 ? 0 : amount);
        shares.forEach((share, i) => {
          const weight = weights[i] ?? 0;
          expect(Number.isInteger(share)).toBe(true);
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(weight);
          if (total > 0) expect(Math.abs(share - (amount * weight) / total)).toBeLessThan(1);
        });
      }),
    );
  });
});

describe("cart totals", () => {
  it("a 10 % coupon on a 25 % and a 13 % line: discount split in cents, VAT per rate on what is paid", () => {
    const totals = cartTotals([line(2000, 25), line(1130, 13)], coupon("percent", 10), NOW);
    expect(totals.couponApplies).toBe(true);
    expect(totals.cents).toEqual({
      itemsTotal: 3130,
      discount: 313,
      delivery: 0,
      loyalty: 0,
      orderTotal: 2817,
      tax: 477,
      voucher: 0,
      toPay: 2817,
    });
    expect(totals.vat).toEqual([
      { rate: 13, grossCents: 1017, netCents: 900, vatCents: 117 },
      { rate: 25, grossCents: 1800, netCents: 1440, vatCents: 360 },
    ]);
    expect(totals.prices).toMatchObject({
      itemsTotal: 31.3,
      coupon: 3.13,
      tax: 4.77,
      orderTotal: 28.17,
      cartTotal: 28.17,
      currency: "EUR",
    });
  });

  it("rounds VAT once per rate, as the receipt states it, not once per line", () => {
    // Three lines of 1 cent at 25 %: each alone contains 0 cents of VAT, together 3 cents contain 1.
    const totals = cartTotals([line(1, 25), line(1, 25), line(1, 25)], undefined, NOW);
    expect(totals.vat).toEqual([{ rate: 25, grossCents: 3, netCents: 2, vatCents: 1 }]);
    expect(totals.cents.tax).toBe(1);
  });

  it.each([
    ["inactive", coupon("percent", 10, { active: 0 })],
    ["not yet valid", coupon("percent", 10, { valid_from: "2026-12-01T00:00:00.000Z" })],
    ["expired", coupon("percent", 10, { valid_to: "2026-11-01T00:00:00.000Z" })],
    ["below its minimum", coupon("fixed", 500, { min_total_cents: 5000 })],
  ])("a coupon that is %s gives nothing off", (_, c) => {
    const totals = cartTotals([line(3000, 25)], c, NOW);
    expect(totals.couponApplies).toBe(false);
    expect(totals.cents.discount).toBe(0);
    expect(totals.cents.orderTotal).toBe(3000);
  });

  it("a fixed coupon larger than the cart takes it to zero, never below", () => {
    expect(couponCents(coupon("fixed", 10_000), 2500, NOW)).toBe(2500);
    expect(cartTotals([line(2500, 25)], coupon("fixed", 10_000), NOW).cents).toMatchObject({ orderTotal: 0, tax: 0 });
  });

  const arbitraryLine = fc
    .record({ rowCents: fc.integer({ min: 0, max: 5_000_000 }), vatRate: fc.constantFrom(...RATES) })
    .map((l) => line(l.rowCents, l.vatRate));
  const arbitraryCoupon = fc.option(
    fc.oneof(
      fc
        .record({ percent: fc.integer({ min: 0, max: 100 }), min: fc.integer({ min: 0, max: 100_000 }) })
        .map((c) => coupon("percent", c.percent, { min_total_cents: c.min })),
      fc
        .record({ cents: fc.integer({ min: 0, max: 10_000_000 }), min: fc.integer({ min: 0, max: 100_000 }) })
        .map((c) => coupon("fixed", c.cents, { min_total_cents: c.min })),
    ),
    { nil: undefined },
  );

  it("are whole cents, never negative, and the lines after discount add up to the order total, VAT per rate included", () => {
    fc.assert(
      fc.property(fc.array(arbitraryLine, { maxLength: 40 }), arbitraryCoupon, (lines, c) => {
        const { cents, vat } = cartTotals(lines, c, NOW);
        for (const value of Object.values(cents)) {
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        expect(cents.itemsTotal).toBe(lines.reduce((s, l) => s + l.rowCents, 0));
        expect(cents.discount).toBeLessThanOrEqual(cents.itemsTotal);
        expect(cents.orderTotal).toBe(cents.itemsTotal - cents.discount + cents.delivery);
        expect(vat.reduce((s, v) => s + v.grossCents, 0)).toBe(cents.orderTotal);
        expect(vat.reduce((s, v) => s + v.vatCents, 0)).toBe(cents.tax);
        for (const v of vat) {
          expect(v.vatCents).toBe(vatOf(v.grossCents, v.rate));
          expect(v.netCents + v.vatCents).toBe(v.grossCents);
          expect(v.vatCents).toBeLessThanOrEqual(v.grossCents);
        }
      }),
    );
  });

  it("VAT per rate matches the same receipt computed by hand from the discounted lines", () => {
    fc.assert(
      fc.property(fc.array(arbitraryLine, { minLength: 1, maxLength: 20 }), (lines) => {
        const byHand = vatByRate(lines.map((l) => ({ grossCents: l.rowCents, vatRate: l.vatRate })));
        expect(cartTotals(lines, undefined, NOW).vat).toEqual(byHand);
      }),
    );
  });
});

describe("one line's price", () => {
  const options = new Map<number, OptionInfo>([
    [7, { id: 7, product_id: 1, option_type: "text", required: 0, price_cents: 250, max_length: 40, title: "Natpis" }],
  ]);

  it("adds option surcharges per unit, and a card holder pays the membership price", () => {
    const p = product({ retail_cents: 1000, membership_cents: 800 });
    const withOption = { ...NO_OPTIONS, customPriceOption: [{ optionId: 7, customOptionValue: "Ana" }] };
    expect(priceLine(p, 3, withOption, options, false, NOW)).toEqual({
      unitCents: 1250,
      retailCents: 1250,
      rowCents: 3750,
      taxCents: 750,
      loyaltyCents: 0,
      vatRate: 25,
    });
    expect(priceLine(p, 3, withOption, options, true, NOW)).toMatchObject({ unitCents: 1050, rowCents: 3150, loyaltyCents: 600 });
  });

  it("takes a running discount, and ignores one outside its window", () => {
    const running = product({ retail_cents: 1000, discount_cents: 700, discount_to: "2026-12-31T00:00:00.000Z" });
    const over = product({ retail_cents: 1000, discount_cents: 700, discount_to: "2026-11-01T00:00:00.000Z" });
    expect(priceLine(running, 1, NO_OPTIONS, options, false, NOW).unitCents).toBe(700);
    expect(priceLine(over, 1, NO_OPTIONS, options, false, NOW).unitCents).toBe(1000);
  });

  it("never charges a card holder more than anyone else, and the row is the unit times the quantity", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
        fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
        fc.integer({ min: 1, max: 999 }),
        fc.constantFrom(...RATES),
        (retail, discount, membership, qty, rate) => {
          const p = product({ retail_cents: retail, discount_cents: discount, membership_cents: membership, vat_rate: rate });
          const plain = priceLine(p, qty, NO_OPTIONS, options, false, NOW);
          const member = priceLine(p, qty, NO_OPTIONS, options, true, NOW);
          expect(member.unitCents).toBeLessThanOrEqual(plain.unitCents);
          expect(member.loyaltyCents).toBe((plain.unitCents - member.unitCents) * qty);
          expect(plain.rowCents).toBe(plain.unitCents * qty);
          expect(plain.unitCents).toBeLessThanOrEqual(retail);
          expect(plain.taxCents).toBe(vatOf(plain.rowCents, rate));
        },
      ),
    );
  });
});
