import { createRequire } from "node:module";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces.js";

/** xmlbuilder2 is loaded when the first invoice is made: an idle shop need not carry it. */
const require = createRequire(import.meta.url);

/**
 * A UBL 2.1 Invoice in the Croatian CIUS 2025 with its extensions (reference D2): the e-invoice a
 * company paying by bank transfer gets beside its R1 receipt. Element order follows the UBL 2.1
 * schema sequences; amounts come in cents and are written as decimal euros.
 */

/** BT-24: EN 16931, the HR CIUS 2025 and the HR extensions (HR-BR-5). */
export const CUSTOMIZATION_ID = "urn:cen.eu:en16931:2017#compliant#urn:mfin.gov.hr:cius-2025:1.0#conformant#urn:mfin.gov.hr:ext-2025:1.0";
/** BT-23: P1, invoicing the delivery of goods and services against purchase orders (HR-BR-34: P1–P12). */
export const PROFILE_ID = "P1";
/** UNCL 1001 380: a commercial invoice; every line then needs its KPD code (HR-BR-25). */
export const INVOICE_TYPE_CODE = "380";
/** EndpointID scheme of a Croatian OIB (HR-BR-7, HR-BR-10). */
export const OIB_SCHEME = "9934";
/** ItemClassificationCode listID of the KPD classification (BT-158). */
export const KPD_LIST_ID = "CG";
/** UNCL 4461 30: credit transfer, to the seller's IBAN (BR-61). */
export const CREDIT_TRANSFER = "30";
/** UN/ECE Rec. 20 H87: a piece. */
const PIECE = "H87";

const NS = {
  invoice: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
} as const;

export interface EInvoiceParty {
  oib: string;
  name: string;
  street: string;
  city: string;
  postalZone: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface EInvoiceLine {
  name: string;
  sku: string;
  qty: number;
  /** What the line costs without VAT, after its share of a coupon: its LineExtensionAmount (BT-131). */
  netCents: number;
  vatRate: number;
  /** KPD 2025, frozen on the order line. */
  classificationCode: string;
}

/** A document-level charge (BG-21), the delivery. */
export interface EInvoiceCharge {
  reason: string;
  netCents: number;
  vatRate: number;
}

/** One VAT rate's base and tax, as the receipt states them (BG-23). */
export interface EInvoiceVat {
  rate: number;
  baseCents: number;
  taxCents: number;
}

export interface EInvoice {
  /** BT-1: the fiscalised receipt's number (sequence-premise-device), the same invoice. */
  number: string;
  /** Issue date and time in Croatian local time: 'YYYY-MM-DD' and 'HH:MM:SS' (HR-BR-2). */
  issueDate: string;
  issueTime: string;
  /** BT-9, 'YYYY-MM-DD': required while something is to be paid (HR-BR-4). */
  dueDate: string;
  currency: string;
  seller: EInvoiceParty;
  /** HR-BT-4 and HR-BT-5: who issued it for the seller (HR-BR-37, HR-BR-9). */
  operator: { oib: string; label: string };
  buyer: EInvoiceParty;
  payment: { iban: string /** BT-83, e.g. 'HR00 2026-000123'. */; reference: string; note: string };
  lines: EInvoiceLine[];
  charges: EInvoiceCharge[];
  vat: EInvoiceVat[];
  /** BT-113: what a gift voucher already paid of the total (0 without one). */
  prepaidCents: number;
  /** BT-115: what is left to pay, the order's total less the prepaid part (BR-CO-16). */
  payableCents: number;
}

const amount = (cents: number) => (cents / 100).toFixed(2);

/** A rate or a unit price without trailing zeros (25, 13, 5; 12.5). */
const decimal = (value: number) => String(Number(value.toFixed(6)));

/** HR-BT-12: the Croatian name of a standard rate's category. */
const rateName = (rate: number) => `HR:PDV${decimal(rate)}`;

function taxCategory(parent: XMLBuilder, element: string, rate: number, named: boolean): void {
  const category = parent.ele(NS.cac, element);
  // S: standard rated; the generator is only asked for rates above zero (see eInvoiceGaps).
  category.ele(NS.cbc, "cbc:ID").txt("S");
  if (named) category.ele(NS.cbc, "cbc:Name").txt(rateName(rate));
  category.ele(NS.cbc, "cbc:Percent").txt(decimal(rate));
  category.ele(NS.cac, "cac:TaxScheme").ele(NS.cbc, "cbc:ID").txt("VAT");
}

function party(parent: XMLBuilder, element: string, p: EInvoiceParty): XMLBuilder {
  const wrapper = parent.ele(NS.cac, element);
  const node = wrapper.ele(NS.cac, "cac:Party");
  node.ele(NS.cbc, "cbc:EndpointID", { schemeID: OIB_SCHEME }).txt(p.oib);
  const address = node.ele(NS.cac, "cac:PostalAddress");
  address.ele(NS.cbc, "cbc:StreetName").txt(p.street);
  address.ele(NS.cbc, "cbc:CityName").txt(p.city);
  address.ele(NS.cbc, "cbc:PostalZone").txt(p.postalZone);
  address.ele(NS.cac, "cac:Country").ele(NS.cbc, "cbc:IdentificationCode").txt(p.country);
  const tax = node.ele(NS.cac, "cac:PartyTaxScheme");
  tax.ele(NS.cbc, "cbc:CompanyID").txt(`HR${p.oib}`);
  tax.ele(NS.cac, "cac:TaxScheme").ele(NS.cbc, "cbc:ID").txt("VAT");
  node.ele(NS.cac, "cac:PartyLegalEntity").ele(NS.cbc, "cbc:RegistrationName").txt(p.name);
  return wrapper;
}

/** The invoice as UBL 2.1 XML (UTF-8, with declaration). Its parts must add up to what is prepaid and payable. */
export function ublInvoiceXml(invoice: EInvoice): string {
  const { currency } = invoice;
  const parts =
    [...invoice.lines, ...invoice.charges].reduce((s, x) => s + x.netCents, 0) + invoice.vat.reduce((s, v) => s + v.taxCents, 0);
  const total = invoice.prepaidCents + invoice.payableCents;
  if (parts !== total) throw new Error(`e-invoice ${invoice.number}: lines, charges and VAT make ${parts}, not ${total}`);
  const money = (parent: XMLBuilder, element: string, cents: number) =>
    parent.ele(NS.cbc, element, { currencyID: currency }).txt(amount(cents));

  const { create } = require("xmlbuilder2") as typeof import("xmlbuilder2");
  const root = create({ version: "1.0", encoding: "UTF-8" }).ele(NS.invoice, "Invoice", {
    "xmlns:cac": NS.cac,
    "xmlns:cbc": NS.cbc,
  });
  root.ele(NS.cbc, "cbc:CustomizationID").txt(CUSTOMIZATION_ID);
  root.ele(NS.cbc, "cbc:ProfileID").txt(PROFILE_ID);
  root.ele(NS.cbc, "cbc:ID").txt(invoice.number);
  root.ele(NS.cbc, "cbc:IssueDate").txt(invoice.issueDate);
  root.ele(NS.cbc, "cbc:IssueTime").txt(invoice.issueTime);
  root.ele(NS.cbc, "cbc:DueDate").txt(invoice.dueDate);
  root.ele(NS.cbc, "cbc:InvoiceTypeCode").txt(INVOICE_TYPE_CODE);
  root.ele(NS.cbc, "cbc:DocumentCurrencyCode").txt(currency);

  const supplier = party(root, "cac:AccountingSupplierParty", invoice.seller);
  const operator = supplier.ele(NS.cac, "cac:SellerContact");
  operator.ele(NS.cbc, "cbc:ID").txt(invoice.operator.oib);
  operator.ele(NS.cbc, "cbc:Name").txt(invoice.operator.label);
  party(root, "cac:AccountingCustomerParty", invoice.buyer);

  const means = root.ele(NS.cac, "cac:PaymentMeans");
  means.ele(NS.cbc, "cbc:PaymentMeansCode").txt(CREDIT_TRANSFER);
  means.ele(NS.cbc, "cbc:InstructionNote").txt(invoice.payment.note);
  means.ele(NS.cbc, "cbc:PaymentID").txt(invoice.payment.reference);
  means.ele(NS.cac, "cac:PayeeFinancialAccount").ele(NS.cbc, "cbc:ID").txt(invoice.payment.iban);

  for (const charge of invoice.charges) {
    const node = root.ele(NS.cac, "cac:AllowanceCharge");
    node.ele(NS.cbc, "cbc:ChargeIndicator").txt("true");
    node.ele(NS.cbc, "cbc:AllowanceChargeReason").txt(charge.reason);
    money(node, "cbc:Amount", charge.netCents);
    taxCategory(node, "cac:TaxCategory", charge.vatRate, false);
  }

  const taxCents = invoice.vat.reduce((s, v) => s + v.taxCents, 0);
  const taxTotal = root.ele(NS.cac, "cac:TaxTotal");
  money(taxTotal, "cbc:TaxAmount", taxCents);
  for (const v of invoice.vat) {
    const subtotal = taxTotal.ele(NS.cac, "cac:TaxSubtotal");
    money(subtotal, "cbc:TaxableAmount", v.baseCents);
    money(subtotal, "cbc:TaxAmount", v.taxCents);
    taxCategory(subtotal, "cac:TaxCategory", v.rate, false);
  }

  const linesCents = invoice.lines.reduce((s, l) => s + l.netCents, 0);
  const chargesCents = invoice.charges.reduce((s, c) => s + c.netCents, 0);
  const totals = root.ele(NS.cac, "cac:LegalMonetaryTotal");
  money(totals, "cbc:LineExtensionAmount", linesCents);
  money(totals, "cbc:TaxExclusiveAmount", linesCents + chargesCents);
  money(totals, "cbc:TaxInclusiveAmount", linesCents + chargesCents + taxCents);
  if (chargesCents > 0) money(totals, "cbc:ChargeTotalAmount", chargesCents);
  if (invoice.prepaidCents > 0) money(totals, "cbc:PrepaidAmount", invoice.prepaidCents);
  money(totals, "cbc:PayableAmount", invoice.payableCents);

  invoice.lines.forEach((l, i) => {
    const line = root.ele(NS.cac, "cac:InvoiceLine");
    line.ele(NS.cbc, "cbc:ID").txt(String(i + 1));
    line.ele(NS.cbc, "cbc:InvoicedQuantity", { unitCode: PIECE }).txt(String(l.qty));
    money(line, "cbc:LineExtensionAmount", l.netCents);
    const item = line.ele(NS.cac, "cac:Item");
    item.ele(NS.cbc, "cbc:Name").txt(l.name);
    item.ele(NS.cac, "cac:SellersItemIdentification").ele(NS.cbc, "cbc:ID").txt(l.sku);
    item
      .ele(NS.cac, "cac:CommodityClassification")
      .ele(NS.cbc, "cbc:ItemClassificationCode", { listID: KPD_LIST_ID })
      .txt(l.classificationCode);
    taxCategory(item, "cac:ClassifiedTaxCategory", l.vatRate, true);
    // The net unit price after the coupon: up to six decimals, so quantity × price gives the line's amount.
    line
      .ele(NS.cac, "cac:Price")
      .ele(NS.cbc, "cbc:PriceAmount", { currencyID: currency })
      .txt(decimal(l.netCents / l.qty / 100));
  });

  return root.end({ prettyPrint: true });
}
