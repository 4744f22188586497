import { FALLBACK_LOCALE, KPD_CODE_PATTERN } from "@shop/contracts";
import { translator } from "@shop/i18n";
import { zagrebTime } from "../../adapters/fiscal/zki.ts";
import type { RequestCtx } from "../../http/context.ts";
import { hub3Reference } from "../bank-transfer/index.ts";
import { bankAccount } from "../checkout/index.ts";
import { findReceipt, type ReceiptRow, sellerOf } from "../receipts/index.ts";
import type { EInvoice, EInvoiceCharge, EInvoiceLine, EInvoiceParty } from "./ubl-invoice.ts";

/**
 * Which orders get an e-invoice, and the invoice they get (issue 11, reference D2): a company (OIB
 * given at checkout) paying by bank transfer, once its R1 receipt has been issued. The e-invoice is
 * the same invoice as the receipt: its number, date, VAT and total.
 */

/** What the e-invoice reads of an order: the orders module's row. */
export interface EInvoiceOrder {
  id: number;
  number: string;
  language_code: string;
  payment_kind: string;
  currency: string;
  delivery_cents: number;
  total_cents: number;
  /** What a gift voucher paid of the total: prepaid on the invoice. */
  voucher_cents: number;
  /** JSON: [{ rate, baseCents, taxCents }]. */
  vat: string;
  /** JSON: { delivery, billing, company }. */
  customer: string;
}

/** What it reads of an order line, whose KPD code was frozen when the order was placed. */
export interface EInvoiceOrderLine {
  name: string;
  sku: string;
  qty: number;
  row_cents: number;
  discount_cents: number;
  vat_rate: number;
  classification_code: string | null;
}

/** Days a bank transfer has to be paid in (BT-9). */
export const PAYMENT_DAYS = 8;

/** Why an order that should get an e-invoice cannot have one yet: each needs staff. */
export type EInvoiceGap =
  | { kind: "missingClassification"; sku: string }
  | { kind: "zeroRate"; sku: string }
  | { kind: "sellerNotVatRegistered" }
  | { kind: "sellerAddress" }
  | { kind: "buyerAddress" }
  | { kind: "bankAccount" };

export type EInvoiceOutcome = { kind: "ready"; invoice: EInvoice; filename: string } | { kind: "blocked"; gaps: EInvoiceGap[] };

interface Address {
  street?: string;
  houseNumber?: string;
  zipCode?: string;
  city?: string;
  country?: string;
}

interface Customer {
  delivery?: Address;
  billing?: Address | null;
  company?: { companyName?: string; oib?: string } | null;
}

/** A company buying by bank transfer: the orders that get an e-invoice. */
export function wantsEInvoice(order: Pick<EInvoiceOrder, "payment_kind" | "customer">): boolean {
  return order.payment_kind === "bank_transfer" && Boolean((JSON.parse(order.customer) as Customer).company?.oib);
}

const country = (code: string | undefined) => (code && /^[A-Z]{2}$/.test(code.trim().toUpperCase()) ? code.trim().toUpperCase() : "HR");

/** '10000 Zagreb' as the CMS option CompanyPlace holds it. */
function splitPlace(place: string): { postalZone: string; city: string } | null {
  const m = /^\s*(\d{5})\s+(.+?)\s*$/.exec(place);
  return m?.[1] && m[2] ? { postalZone: m[1], city: m[2] } : null;
}

/** The rounding of net amounts that adds up to a given sum: each share rounded, the largest carries the difference. */
function netShares(grossCents: readonly number[], rate: number, baseCents: number): number[] {
  const shares = grossCents.map((g) => Math.round((g * 100) / (100 + rate)));
  const diff = baseCents - shares.reduce((s, n) => s + n, 0);
  if (diff !== 0 && shares.length > 0) {
    const largest = grossCents.indexOf(Math.max(...grossCents));
    shares[largest] = (shares[largest] ?? 0) + diff;
  }
  return shares;
}

/**
 * Net amounts of the lines and the delivery, per VAT rate adding up exactly to the base the receipt
 * states for that rate (EN 16931 BR-S-08), so the e-invoice and the receipt show the same VAT.
 */
export function netAmounts(
  lines: readonly Pick<EInvoiceOrderLine, "row_cents" | "discount_cents" | "vat_rate">[],
  vat: readonly { rate: number; baseCents: number; taxCents: number }[],
): { lines: number[]; delivery: { netCents: number; vatRate: number } | null } {
  const lineNets: number[] = lines.map(() => 0);
  let delivery: { netCents: number; vatRate: number } | null = null;
  for (const v of vat) {
    const idx = lines.flatMap((l, i) => (l.vat_rate === v.rate ? [i] : []));
    const gross = idx.map((i) => (lines[i]?.row_cents ?? 0) - (lines[i]?.discount_cents ?? 0));
    // The delivery's gross is what this rate holds beyond its lines.
    const deliveryGross = v.baseCents + v.taxCents - gross.reduce((s, g) => s + g, 0);
    const withDelivery = deliveryGross > 0 ? [...gross, deliveryGross] : gross;
    const nets = netShares(withDelivery, v.rate, v.baseCents);
    idx.forEach((lineIndex, k) => {
      lineNets[lineIndex] = nets[k] ?? 0;
    });
    if (deliveryGross > 0) delivery = { netCents: nets[nets.length - 1] ?? 0, vatRate: v.rate };
  }
  return { lines: lineNets, delivery };
}

export const eInvoiceFilename = (receipt: Pick<ReceiptRow, "sequence" | "premise" | "device">) =>
  `eracun-${receipt.sequence}-${receipt.premise}-${receipt.device}.xml`;

/**
 * The order's e-invoice: null when the order gets none (not a company paying by transfer, or no
 * receipt issued), `blocked` with what is missing, else the invoice. Nothing is guessed: a line
 * without its KPD code blocks the e-invoice rather than invent one (HR-BR-25).
 */
export async function eInvoiceOf(
  ctx: RequestCtx,
  order: EInvoiceOrder,
  lines: readonly EInvoiceOrderLine[],
): Promise<EInvoiceOutcome | null> {
  if (!wantsEInvoice(order) || !ctx.fiscal) return null;
  const receipt = await findReceipt(ctx, order.id);
  if (!receipt) return null;
  const [seller, account] = await Promise.all([sellerOf(ctx.db, ctx.site.name), bankAccount(ctx)]);
  const customer = JSON.parse(order.customer) as Customer;
  const buyerAddress = customer.billing ?? customer.delivery ?? {};
  const sellerPlace = splitPlace(seller.place);

  const gaps: EInvoiceGap[] = [];
  for (const l of lines) {
    if (!l.classification_code || !KPD_CODE_PATTERN.test(l.classification_code)) gaps.push({ kind: "missingClassification", sku: l.sku });
    if (l.vat_rate <= 0) gaps.push({ kind: "zeroRate", sku: l.sku });
  }
  if (receipt.vat_registered !== 1) gaps.push({ kind: "sellerNotVatRegistered" });
  if (!seller.street || !sellerPlace) gaps.push({ kind: "sellerAddress" });
  if (!buyerAddress.street || !buyerAddress.city || !buyerAddress.zipCode) gaps.push({ kind: "buyerAddress" });
  if (!account) gaps.push({ kind: "bankAccount" });
  if (gaps.length > 0 || !sellerPlace || !account) return { kind: "blocked", gaps };

  // A Croatian e-invoice to a Croatian company's books: its words are Croatian whatever the shop's language was.
  const t = translator(FALLBACK_LOCALE);
  const vat = JSON.parse(order.vat) as { rate: number; baseCents: number; taxCents: number }[];
  const nets = netAmounts(lines, vat);
  const issued = zagrebTime(new Date(receipt.issued_at));
  const issueDate = `${issued.year}-${issued.month}-${issued.day}`;
  const due = new Date(Date.UTC(Number(issued.year), Number(issued.month) - 1, Number(issued.day) + PAYMENT_DAYS));
  const sellerParty: EInvoiceParty = { oib: receipt.oib, name: seller.name, street: seller.street, ...sellerPlace, country: "HR" };
  const buyerParty: EInvoiceParty = {
    oib: customer.company?.oib ?? "",
    name: customer.company?.companyName ?? "",
    street: `${buyerAddress.street ?? ""} ${buyerAddress.houseNumber ?? ""}`.trim(),
    city: buyerAddress.city ?? "",
    postalZone: buyerAddress.zipCode ?? "",
    country: country(buyerAddress.country),
  };
  const invoiceLines: EInvoiceLine[] = lines.map((l, i) => ({
    name: l.name,
    sku: l.sku,
    qty: l.qty,
    netCents: nets.lines[i] ?? 0,
    vatRate: l.vat_rate,
    classificationCode: l.classification_code ?? "",
  }));
  const charges: EInvoiceCharge[] = nets.delivery ? [{ reason: t("einvoice.delivery"), ...nets.delivery }] : [];
  const invoice: EInvoice = {
    number: `${receipt.sequence}-${receipt.premise}-${receipt.device}`,
    issueDate,
    issueTime: `${issued.hour}:${issued.minute}:${issued.second}`,
    dueDate: due.toISOString().slice(0, 10),
    currency: order.currency,
    seller: sellerParty,
    operator: { oib: receipt.operator_oib, label: `${receipt.premise}-${receipt.device}` },
    buyer: buyerParty,
    payment: {
      iban: account.iban,
      reference: `HR00 ${hub3Reference(order.number)}`,
      note: t("einvoice.paymentNote", { number: order.number }),
    },
    lines: invoiceLines,
    charges,
    vat: vat.map((v) => ({ rate: v.rate, baseCents: v.baseCents, taxCents: v.taxCents })),
    prepaidCents: order.voucher_cents,
    payableCents: order.total_cents - order.voucher_cents,
  };
  return { kind: "ready", invoice, filename: eInvoiceFilename(receipt) };
}

/** The alert's words for staff: which products need a KPD code, or what else is missing. */
export function describeGaps(gaps: readonly EInvoiceGap[]): string {
  return gaps.map((g) => ("sku" in g ? `${g.kind}:${g.sku}` : g.kind)).join(" ");
}
