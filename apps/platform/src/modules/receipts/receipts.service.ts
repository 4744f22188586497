import type { Database } from "@shop/db";
import type { Selectable } from "kysely";
import { FiscalError, type FiscalPaymentMethod, type FiscalReceipt, type FiscalVat } from "../../adapters/fiscal/index.ts";
import { zagrebTime } from "../../adapters/fiscal/zki.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { getOptions } from "../settings/index.ts";
import { type ReceiptPdfInput, receiptPdf } from "./receipt-pdf.ts";
import {
  claimReceipt,
  dueReceiptIds,
  insertReceipt,
  nextReceiptSequence,
  type ReceiptRow,
  receiptOfOrder,
  settleDelivery,
} from "./receipts.repository.ts";

/**
 * Fiscalised receipts (reference D1): issued with their number and ZKI in the transaction that
 * places or pays an order, delivered to CIS after it by `deliverDueReceipts`, and delivered again,
 * late (NakDost), while CIS does not answer or answers something we cannot accept.
 */

type OrderForReceipt = Pick<Selectable<Database["orders"]>, "id" | "payment_kind" | "total_cents" | "vat" | "customer" | "voucher_cents">;

/**
 * How each way of paying is reported. A payment at the branch is missing on purpose: the branch's
 * own till fiscalises it when the customer pays there.
 */
const PAYMENT_METHOD: Partial<Record<OrderForReceipt["payment_kind"], FiscalPaymentMethod>> = {
  card: "K",
  wallet: "K",
  bank_transfer: "T",
};

/**
 * The receipt covers the order's whole total, whatever paid it. A gift voucher (a multi-purpose
 * voucher: its VAT falls due now, at redemption, so the receipt carries the full VAT) paying all or
 * part makes it 'O' (other): CIS takes one NacinPlac per receipt and has no mixed code, and the
 * voucher part is neither card nor transfer; the PDF states the voucher's part beside it. Paid at
 * the branch with a voucher part, the branch's till still fiscalises it; paid wholly by voucher,
 * nothing is left to pay there, so the shop issues it.
 */
function paymentMethodOf(order: OrderForReceipt): FiscalPaymentMethod | undefined {
  if (order.voucher_cents <= 0) return PAYMENT_METHOD[order.payment_kind];
  if (order.payment_kind === "branch" && order.voucher_cents < order.total_cents) return undefined;
  return "O";
}

/** After a failed try: 30 s, 2 min, 10 min, then hourly (CIS is down, or a refusal waits for someone to fix it). */
const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000] as const;
/** A delivery holds its receipt this long: beyond the adapter's time-out, so two instances never send it at once. */
const LEASE_MS = 60_000;
/** Receipts one run of the job delivers at most. */
const BATCH = 20;

/**
 * Issues the order's receipt in the caller's transaction: the next number of the configured premise
 * and device (gapless, as it rolls back with the order), the ZKI, and the company's OIB for an R1
 * receipt. Once per order; none without fiscalisation or for a payment at the branch.
 */
export async function issueReceipt(ctx: RequestCtx, order: OrderForReceipt, at = new Date()): Promise<ReceiptRow | null> {
  const fiscal = ctx.fiscal;
  const paymentMethod = paymentMethodOf(order);
  if (!fiscal || !paymentMethod) return null;
  return withTransaction(ctx, async (tx) => {
    const existing = await receiptOfOrder(tx.db, order.id);
    if (existing) return existing;
    const { oib, operatorOib, vatRegistered, premise, device } = fiscal.issuer;
    const year = Number(zagrebTime(at).year);
    const sequence = await nextReceiptSequence(tx.db, `receipt/${premise}/${device}`, year);
    const vat = (JSON.parse(order.vat) as { rate: number; baseCents: number; taxCents: number }[]).map(
      (v): FiscalVat => ({ ratePercent: v.rate, baseCents: v.baseCents, vatCents: v.taxCents }),
    );
    const buyerOib = (JSON.parse(order.customer) as { company?: { oib?: string } | null }).company?.oib || null;
    const receipt: FiscalReceipt = {
      oib,
      vatRegistered,
      issuedAt: at,
      number: { sequence, premise, device },
      vat,
      totalCents: order.total_cents,
      paymentMethod,
      operatorOib,
      ...(buyerOib ? { buyerOib } : {}),
    };
    const now = at.toISOString();
    return insertReceipt(tx.db, {
      order_id: order.id,
      oib,
      operator_oib: operatorOib,
      vat_registered: vatRegistered ? 1 : 0,
      premise,
      device,
      year,
      sequence,
      issued_at: now,
      total_cents: order.total_cents,
      vat: JSON.stringify(vat),
      payment_method: paymentMethod,
      buyer_oib: buyerOib,
      zki: fiscal.zki(receipt),
      jir: null,
      status: "pending_delivery",
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    });
  });
}

/** The receipt as it was issued: what the ZKI signed must be sent again unchanged. */
function fiscalReceiptOf(row: ReceiptRow): FiscalReceipt {
  return {
    oib: row.oib,
    vatRegistered: row.vat_registered === 1,
    issuedAt: new Date(row.issued_at),
    number: { sequence: row.sequence, premise: row.premise, device: row.device },
    vat: JSON.parse(row.vat) as FiscalVat[],
    totalCents: row.total_cents,
    paymentMethod: row.payment_method,
    operatorOib: row.operator_oib,
    ...(row.buyer_oib ? { buyerOib: row.buyer_oib } : {}),
  };
}

/**
 * Sends every due pending receipt to CIS, each claimed first so that one instance sends it: the
 * first try as it is, every later one marked late (NakDost). The JIR is stored once; a failure
 * waits for the next try. Returns how many were delivered.
 */
export async function deliverDueReceipts(ctx: RequestCtx, clock: () => Date = () => new Date()): Promise<number> {
  const fiscal = ctx.fiscal;
  if (!fiscal) return 0;
  let delivered = 0;
  for (const id of await dueReceiptIds(ctx.db, clock().toISOString(), BATCH)) {
    const started = clock();
    const leaseUntil = new Date(started.getTime() + LEASE_MS).toISOString();
    const receipt = await claimReceipt(ctx.db, id, started.toISOString(), leaseUntil);
    if (!receipt) continue;
    try {
      const { jir } = await fiscal.deliver(fiscalReceiptOf(receipt), { zki: receipt.zki, late: receipt.attempts > 1 });
      const deliveredAt = clock().toISOString();
      if (await settleDelivery(ctx.db, id, leaseUntil, { jir, deliveredAt }, deliveredAt)) delivered++;
    } catch (err) {
      if (!(err instanceof FiscalError)) throw err;
      const delay = RETRY_DELAYS_MS[Math.min(receipt.attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0];
      const failedAt = clock();
      const nextAttemptAt = new Date(failedAt.getTime() + delay).toISOString();
      await settleDelivery(ctx.db, id, leaseUntil, { error: err.message, nextAttemptAt }, failedAt.toISOString());
      const line = { event: "receipt.notDelivered", receiptId: id, attempt: receipt.attempts, code: err.code, error: err.message };
      // A refusal that sending again cannot cure needs someone: an error; a time-out is information.
      if (err.retryable) ctx.logger.info(line);
      else ctx.logger.error(line);
    }
  }
  return delivered;
}

/** The seller as its receipts name it: CMS options staff keep (the demo seeds its company). */
export const BUSINESS_OPTION_KEYS = ["CompanyName", "CompanyStreet", "CompanyPlace"] as const;

/** The order's receipt, once it has been issued. */
export function findReceipt(ctx: RequestCtx, orderId: number): Promise<ReceiptRow | undefined> {
  return receiptOfOrder(ctx.db, orderId);
}

export const receiptFilename = (r: Pick<ReceiptRow, "sequence" | "premise" | "device">) =>
  `racun-${r.sequence}-${r.premise}-${r.device}.pdf`;

/** The receipt as a PDF with the seller's name and address (the site's name while staff have set none). */
export async function renderReceipt(
  ctx: RequestCtx,
  receipt: ReceiptRow,
  order: Omit<ReceiptPdfInput, "receipt" | "business">,
): Promise<Buffer> {
  const o = await getOptions(ctx.db, BUSINESS_OPTION_KEYS);
  const business = { name: o.CompanyName ?? ctx.site.name, street: o.CompanyStreet ?? "", place: o.CompanyPlace ?? "" };
  return receiptPdf({ ...order, receipt, business });
}
