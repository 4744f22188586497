import { DOMParser, XMLSerializer } from "@xmldom/xmldom";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { vatByRate } from "../cart/cart.pricing.ts";
import { netAmounts } from "./einvoice.service.ts";
import { type EInvoice, ublInvoiceXml } from "./ubl-invoice.ts";
import { checkUblInvoiceStructure, expectUblInvoiceStructure, NOT_DESCRIBED_BY_UBL_BUILDER, UBL_NS } from "./ubl-structure.test-support.ts";

/**
 * The arithmetic under the e-invoice (net amounts that add up to the receipt's VAT bases, a builder
 * that refuses sums that do not) and the UBL 2.1 structure check, which must catch what breaks it.
 */

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
  prepaidCents: 0,
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
    expect(() => ublInvoiceXml({ ...INVOICE, prepaidCents: 1000 })).toThrow(/make 3490, not 4490/);
  });

  it("states a gift voucher's part as prepaid and the rest as payable (BR-CO-16), in the schema's order", () => {
    const xml = ublInvoiceXml({ ...INVOICE, prepaidCents: 2000, payableCents: 1490 });
    expect(xml).toContain('<cbc:TaxInclusiveAmount currencyID="EUR">34.90</cbc:TaxInclusiveAmount>');
    expect(xml).toMatch(/<cbc:PrepaidAmount currencyID="EUR">20\.00<\/cbc:PrepaidAmount>\s*<cbc:PayableAmount currencyID="EUR">14\.90</);
    expectUblInvoiceStructure(xml);
    expect(ublInvoiceXml(INVOICE)).not.toContain("PrepaidAmount");
  });
});

/** The invoice with one change made to its document, written back as XML. */
function changed(invoice: EInvoice, change: (root: Element, doc: Document) => void): string {
  const doc = new DOMParser().parseFromString(ublInvoiceXml(invoice), "application/xml");
  change(doc.documentElement as Element, doc as unknown as Document);
  return new XMLSerializer().serializeToString(doc);
}
const first = (from: Element, ns: keyof typeof UBL_NS, name: string) => {
  const found = from.getElementsByTagNameNS(UBL_NS[ns], name)[0];
  if (!found) throw new Error(`no ${ns}:${name}`);
  return found as unknown as Element;
};

describe("UBL 2.1 structure (ubl-builder's description of the OASIS schema)", () => {
  it("holds for an invoice with a delivery charge and for one of several rates, lines and no charge", () => {
    expectUblInvoiceStructure(ublInvoiceXml(INVOICE));
    const line = INVOICE.lines[0] as EInvoice["lines"][number];
    expectUblInvoiceStructure(
      ublInvoiceXml({
        ...INVOICE,
        lines: [
          { ...line, netCents: 2400, vatRate: 25 },
          { ...line, name: "Šampon", sku: "NJ-SAMPON", qty: 2, netCents: 1770, vatRate: 13, classificationCode: "20.41.32" },
          { ...line, name: "Pranje", sku: "PRANJE", qty: 1, netCents: 1000, vatRate: 5, classificationCode: "45.20.30" },
        ],
        charges: [],
        vat: [
          { rate: 25, baseCents: 2400, taxCents: 600 },
          { rate: 13, baseCents: 1770, taxCents: 230 },
          { rate: 5, baseCents: 1000, taxCents: 50 },
        ],
        payableCents: 6050,
      }),
    );
  });

  it("reports two elements in the wrong order with the path of the one out of place", () => {
    const xml = changed(INVOICE, (root) => {
      const line = first(root, "cac", "InvoiceLine");
      const quantity = first(line, "cbc", "InvoicedQuantity");
      line.insertBefore(first(line, "cbc", "LineExtensionAmount"), quantity);
    });
    expect(checkUblInvoiceStructure(xml).errors).toEqual([
      "/Invoice/cac:InvoiceLine/cbc:InvoicedQuantity: out of order, UBL 2.1 puts it before cbc:LineExtensionAmount",
    ]);
  });

  it("reports a missing required element, at the root and in an aggregate", () => {
    const xml = changed(INVOICE, (root) => {
      root.removeChild(first(root, "cbc", "ID"));
      const subtotal = first(root, "cac", "TaxSubtotal");
      subtotal.removeChild(first(subtotal, "cac", "TaxCategory"));
    });
    expect(checkUblInvoiceStructure(xml).errors).toEqual([
      "/Invoice/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory: missing, TaxSubtotal requires at least 1",
      "/Invoice/cbc:ID: missing, Invoice requires at least 1",
    ]);
  });

  it("reports an element UBL 2.1 does not have there, one too many, and one in a foreign namespace", () => {
    const xml = changed(INVOICE, (root, doc) => {
      const item = first(root, "cac", "Item");
      item.insertBefore(doc.createElementNS(UBL_NS.cbc, "cbc:Colour"), item.firstChild);
      root.insertBefore(first(root, "cbc", "IssueDate").cloneNode(true), first(root, "cbc", "IssueTime"));
      root.appendChild(doc.createElementNS("urn:example:other", "x:Note"));
    });
    expect(checkUblInvoiceStructure(xml).errors).toEqual([
      "/Invoice/cac:InvoiceLine/cac:Item/cbc:Colour: not an element of ItemType in UBL 2.1",
      "/Invoice/x:Note: namespace urn:example:other is not one of UBL 2.1's",
      "/Invoice/cbc:IssueDate: 2 of them, Invoice allows at most 1",
    ]);
  });

  it("reports an attribute a basic component's data type lacks, and elements inside a basic component", () => {
    const xml = changed(INVOICE, (root, doc) => {
      first(root, "cbc", "PayableAmount").setAttribute("listID", "X");
      first(root, "cbc", "ChargeIndicator").setAttribute("currencyID", "EUR");
      first(root, "cbc", "ProfileID").appendChild(doc.createElementNS(UBL_NS.cbc, "cbc:ID"));
    });
    expect(checkUblInvoiceStructure(xml).errors).toEqual([
      "/Invoice/cbc:ProfileID: a basic component holds only text, not elements",
      "/Invoice/cac:AllowanceCharge/cbc:ChargeIndicator/@currencyID: not an attribute of UdtIndicator (none)",
      "/Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount/@listID: not an attribute of UdtAmount (currencyID, currencyCodeListVersionID)",
    ]);
  });

  it("refuses a root that is not a UBL 2.1 Invoice", () => {
    const xml = ublInvoiceXml(INVOICE).replace(/Invoice-2/, "CreditNote-2");
    expect(checkUblInvoiceStructure(xml).errors).toEqual([
      "/Invoice: the root must be Invoice in urn:oasis:names:specification:ubl:schema:xsd:Invoice-2, not Invoice in urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2",
    ]);
  });

  it("names what ubl-builder does not describe instead of passing it: the root's basic components have no data type there", () => {
    const xml = changed(INVOICE, (root) => first(root, "cbc", "IssueDate").setAttribute("currencyID", "EUR"));
    expect(checkUblInvoiceStructure(xml)).toEqual({
      errors: [],
      unchecked: [...NOT_DESCRIBED_BY_UBL_BUILDER, "/Invoice/cbc:IssueDate/@*"],
    });
  });
});
