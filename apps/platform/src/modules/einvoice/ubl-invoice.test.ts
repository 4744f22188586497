import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { vatByRate } from "../cart/cart.pricing.ts";
import { netAmounts } from "./einvoice.service.ts";
import { type EInvoice, ublInvoiceXml } from "./ubl-invoice.ts";

/** The arithmetic under the e-invoice: net amounts that add up to the receipt's VAT bases, and a builder that refuses sums that do not. */

const RATES = [5, 13, 25] as const;

const anOrder = fc.record({
  lines: fc.array(
    fc.record({
      qty: fc.integer({ min: 1, max: 9 }),
      unitCents: fc.integer({ min: 1, max: 50_000 }),
      rate: fc.constantFrom(...RATES),
      discountShare: fc.integer({ min: 0, max: 30 }),
    }),
    { minLength: 1, maxLength: 6 },
  ),
  delivery: fc.option(fc.record({ cents: fc.integer({ min: 1, max: 2_000 }), rate: fc.constantFrom(...RATES) }), { nil: null }),
});

describe("netAmounts", () => {
  it("splits each rate's base over its lines and the delivery exactly, each share within a cent or two of its own net", () => {
    fc.assert(
      fc.property(anOrder, ({ lines, delivery }) => {
        const rows = lines.map((l) => {
          const row = l.qty * l.unitCents;
          return { row_cents: row, discount_cents: Math.floor((row * l.discountShare) / 100), vat_rate: l.rate };
        });
        // VAT per rate exactly as the cart states it on the receipt.
        const vat = vatByRate([
          ...rows.map((r) => ({ grossCents: r.row_cents - r.discount_cents, vatRate: r.vat_rate })),
          ...(delivery ? [{ grossCents: delivery.cents, vatRate: delivery.rate }] : []),
        ]).map((v) => ({ rate: v.rate, baseCents: v.netCents, taxCents: v.vatCents }));
        const nets = netAmounts(rows, vat);
        for (const v of vat) {
          const lineNets = rows.reduce((s, r, i) => s + (r.vat_rate === v.rate ? (nets.lines[i] ?? 0) : 0), 0);
          const deliveryNet = nets.delivery?.vatRate === v.rate ? nets.delivery.netCents : 0;
          expect(lineNets + deliveryNet).toBe(v.baseCents);
        }
        expect(nets.delivery === null).toBe(delivery === null);
        rows.forEach((r, i) => {
          const exact = ((r.row_cents - r.discount_cents) * 100) / (100 + r.vat_rate);
          expect(Math.abs((nets.lines[i] ?? 0) - exact)).toBeLessThanOrEqual(rows.length + 1);
        });
      }),
      { numRuns: 300 },
    );
  });
});

const INVOICE: EInvoice = {
  number: "7-P1-1",
  issueDate: "2026-11-26",
  issueTime: "10:15:00",
  dueDate: "2026-12-04",
  currency: "EUR",
  seller: { oib: "12345678903", name: "Autopraonica d.o.o.", street: "Jankomir 31", city: "Zagreb", postalZone: "10000", country: "HR" },
  operator: { oib: "12345678903", label: "POSL1-1" },
  buyer: { oib: "69435151530", name: "Firma d.o.o.", street: "Ilica 1", city: "Zagreb", postalZone: "10000", country: "HR" },
  payment: { iban: "HR1210010051863000160", reference: "HR00 2026-000007", note: "Plaćanje narudžbe 2026-000007" },
  lines: [{ name: "Tvrdi vosak", sku: "NJ-VOSAK", qty: 3, netCents: 2400, vatRate: 25, classificationCode: "20.41.43" }],
  charges: [{ reason: "Dostava", netCents: 392, vatRate: 25 }],
  vat: [{ rate: 25, baseCents: 2792, taxCents: 698 }],
  payableCents: 3490,
};

describe("ublInvoiceXml", () => {
  it("writes amounts as euros with two decimals, the unit price net, and the charge in the totals", () => {
    const xml = ublInvoiceXml(INVOICE);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<cbc:PriceAmount currencyID="EUR">8</cbc:PriceAmount>');
    expect(xml).toContain('<cbc:LineExtensionAmount currencyID="EUR">24.00</cbc:LineExtensionAmount>');
    expect(xml).toContain('<cbc:ChargeTotalAmount currencyID="EUR">3.92</cbc:ChargeTotalAmount>');
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">34.90</cbc:PayableAmount>');
    expect(xml).toContain('<cbc:ItemClassificationCode listID="CG">20.41.43</cbc:ItemClassificationCode>');
  });

  it("escapes what a name holds", () => {
    const xml = ublInvoiceXml({ ...INVOICE, buyer: { ...INVOICE.buyer, name: 'A & B <"d.o.o.">' } });
    expect(xml).toContain('<cbc:RegistrationName>A &amp; B &lt;"d.o.o."&gt;</cbc:RegistrationName>');
  });

  it("refuses an invoice whose lines, charges and VAT do not make what is payable", () => {
    expect(() => ublInvoiceXml({ ...INVOICE, payableCents: 3491 })).toThrow(/make 3490, not 3491/);
  });
});
