import { RECEIPT_ALERT_HOURS_DEFAULT } from "@shop/contracts";
import type { Database, Executor } from "@shop/db";
import type { Selectable } from "kysely";
import { FiscalError, type FiscalPaymentMethod, type FiscalReceipt, type FiscalVat } from "../../adapters/fiscal/index.ts";
import { zagrebTime } from "../../adapters/fiscal/zki.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { alertStaff } from "../orders/index.ts";
import { getOptions } from "../settings/index.ts";
import { type ReceiptPdfInput, receiptNumber, receiptPdf } from "./receipt-pdf.ts";
import {
  claimReceipt,
  dueReceiptIds,
  insertReceipt,
  markAlerted,
  nextReceiptSequence,
  type ReceiptRow,
  receiptById,
  receiptOfOrder,
  settleDelivery,
  stornosOf,
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

/** The fields of a receipt that are the same for a sale and its storno, and that its ZKI signs. */
type ReceiptDraft = Pick<FiscalReceipt, "vat" | "totalCents" | "paymentMethod" | "buyerOib">;

/** Numbers the receipt from the configured premise's and device's sequence, computes its ZKI and writes it pending delivery. */
async function writeReceipt(tx: RequestCtx, orderId: number, draft: ReceiptDraft, at: Date, stornoOf: number | null): Promise<ReceiptRow> {
  const fiscal = tx.fiscal;
  if (!fiscal) throw new Error("receipts are written only where the shop fiscalises");
  const { oib, operatorOib, vatRegistered, premise, device } = fiscal.issuer;
  const year = Number(zagrebTime(at).year);
  const sequence = await nextReceiptSequence(tx.db, `receipt/${premise}/${device}`, year);
  const receipt: FiscalReceipt = { oib, vatRegistered, issuedAt: at, number: { sequence, premise, device }, operatorOib, ...draft };
  const now = at.toISOString();
  return insertReceipt(tx.db, {
    order_id: orderId,
    oib,
    operator_oib: operatorOib,
    vat_registered: vatRegistered ? 1 : 0,
    premise,
    device,
    year,
    sequence,
    issued_at: now,
    total_cents: draft.totalCents,
    vat: JSON.stringify(draft.vat),
    payment_method: draft.paymentMethod,
    buyer_oib: draft.buyerOib ?? null,
    zki: fiscal.zki(receipt),
    jir: null,
    status: "pending_delivery",
    next_attempt_at: now,
    created_at: now,
    updated_at: now,
    storno_of: stornoOf,
  });
}

/**
 * Issues the order's receipt in the caller's transaction: the next number of the configured premise
 * and device (gapless, as it rolls back with the order), the ZKI, and the company's OIB for an R1
 * receipt. Once per order; none without fiscalisation or for a payment at the branch.
 */
export async function issueReceipt(ctx: RequestCtx, order: OrderForReceipt, at = new Date()): Promise<ReceiptRow | null> {
  const paymentMethod = paymentMethodOf(order);
  if (!ctx.fiscal || !paymentMethod) return null;
  return withTransaction(ctx, async (tx) => {
    const existing = await receiptOfOrder(tx.db, order.id);
    if (existing) return existing;
    const vat = (JSON.parse(order.vat) as { rate: number; baseCents: number; taxCents: number }[]).map(
      (v): FiscalVat => ({ ratePercent: v.rate, baseCents: v.baseCents, vatCents: v.taxCents }),
    );
    const buyerOib = (JSON.parse(order.customer) as { company?: { oib?: string } | null }).company?.oib || null;
    return writeReceipt(tx, order.id, { vat, totalCents: order.total_cents, paymentMethod, ...(buyerOib ? { buyerOib } : {}) }, at, null);
  });
}

/**
 * The share of `cents` (of the receipt's total) that falls on each VAT rate: proportional to each
 * rate's gross amount, whole cents by the largest remainder so that the shares add up to `cents`
 * exactly, each split into base and tax in the rate's own proportion. At the whole total it gives
 * the receipt's own amounts back.
 */
function shareOf(vat: readonly FiscalVat[], cents: number): FiscalVat[] {
  const gross = vat.map((v) => v.baseCents + v.vatCents);
  const whole = gross.reduce((a, b) => a + b, 0);
  if (whole <= 0) return vat.map((v) => ({ ...v, baseCents: 0, vatCents: 0 }));
  const shares = gross.map((g) => Math.floor((cents * g) / whole));
  const byRemainder = gross.map((g, i) => ({ i, rest: (cents * g) % whole })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  const missing = cents - shares.reduce((a, b) => a + b, 0);
  for (let k = 0; k < missing; k++) {
    const at = byRemainder[k % byRemainder.length]?.i ?? 0;
    shares[at] = (shares[at] ?? 0) + 1;
  }
  return vat.map((v, i) => {
    const share = shares[i] ?? 0;
    const g = gross[i] ?? 0;
    const vatCents = g === 0 ? 0 : Math.round((share * v.vatCents) / g);
    return { ratePercent: v.ratePercent, baseCents: share - vatCents, vatCents };
  });
}

/**
 * A storno (cancellation) receipt for a refund of `amountCents` of the order's receipt, in the
 * caller's transaction (reference D1: a new receipt with negative amounts and its own number from
 * the same gapless sequence, delivered to CIS like any receipt, printed 'Storno računa br. …').
 * The refund is split over the VAT rates in proportion to the receipt, not over lines: a refund
 * is an amount (issue 12's staff action names no lines), and the proportion keeps the tax refunded
 * the tax charged. Each storno is the difference between the shares of everything refunded after
 * it and before it, so stornos that add up to the whole receipt cancel every rate to the cent.
 * None where the order has no receipt (no fiscalisation, a payment at the branch).
 */
export async function issueStorno(
  ctx: RequestCtx,
  input: { orderId: number; amountCents: number },
  at = new Date(),
): Promise<ReceiptRow | null> {
  if (!ctx.fiscal) return null;
  return withTransaction(ctx, async (tx) => {
    const original = await receiptOfOrder(tx.db, input.orderId);
    if (!original) return null;
    const before = -(await stornosOf(tx.db, original.id)).reduce((sum, r) => sum + r.total_cents, 0);
    const after = before + input.amountCents;
    if (input.amountCents <= 0 || after > original.total_cents) {
      throw new RangeError(`a storno of ${input.amountCents} cents exceeds what receipt ${original.id} has left`);
    }
    const vat = JSON.parse(original.vat) as FiscalVat[];
    const [was, will] = [shareOf(vat, before), shareOf(vat, after)];
    const stornoVat = will.map((v, i) => ({
      ratePercent: v.ratePercent,
      baseCents: -(v.baseCents - (was[i]?.baseCents ?? 0)),
      vatCents: -(v.vatCents - (was[i]?.vatCents ?? 0)),
    }));
    const draft: ReceiptDraft = {
      vat: stornoVat,
      totalCents: -input.amountCents,
      paymentMethod: original.payment_method,
      ...(original.buyer_oib ? { buyerOib: original.buyer_oib } : {}),
    };
    return writeReceipt(tx, input.orderId, draft, at, original.id);
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
  const alertAfterMs = (ctx.config.receiptAlertHours ?? RECEIPT_ALERT_HOURS_DEFAULT) * 3_600_000;
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
      // A refusal that sending again cannot cure needs someone: an error and an alert at once; a
      // time-out is information until the receipt is overdue. Either way it is sent again.
      if (err.retryable) ctx.logger.info(line);
      else ctx.logger.error(line);
      const overdue = failedAt.getTime() - Date.parse(receipt.issued_at) >= alertAfterMs;
      if (!err.retryable || overdue) await alertOnce(ctx, receipt, err.retryable ? "receipt_late" : "receipt_refused", err, failedAt);
    }
  }
  return delivered;
}

/** Staff hear of a receipt CIS has not accepted once (the mark and the alert in one transaction), however often it is retried. */
async function alertOnce(ctx: RequestCtx, receipt: ReceiptRow, kind: string, err: FiscalError, at: Date) {
  await withTransaction(ctx, async (tx) => {
    if (!(await markAlerted(tx.db, receipt.id, at.toISOString()))) return;
    const detail = `receipt ${receiptNumber(receipt)} issued ${receipt.issued_at}: ${err.code ? `${err.code} ` : ""}${err.message}`;
    await alertStaff(tx, receipt.order_id, kind, detail);
  });
}

/** The seller as its receipts name it: CMS options staff keep (the demo seeds its company). */
export const BUSINESS_OPTION_KEYS = ["CompanyName", "CompanyStreet", "CompanyPlace"] as const;

/** The storno receipts of a receipt's refunds, oldest first. */
export function findStornos(ctx: RequestCtx, receiptId: number): Promise<ReceiptRow[]> {
  return stornosOf(ctx.db, receiptId);
}

/** The order's sale receipt, once it has been issued. */
export function findReceipt(ctx: RequestCtx, orderId: number): Promise<ReceiptRow | undefined> {
  return receiptOfOrder(ctx.db, orderId);
}

export const receiptFilename = (r: Pick<ReceiptRow, "sequence" | "premise" | "device" | "storno_of">) =>
  `${r.storno_of === null ? "racun" : "storno"}-${r.sequence}-${r.premise}-${r.device}.pdf`;

/** What a receipt's PDF needs of its order (the order module knows it). */
export type ReceiptOrderPart = Omit<ReceiptPdfInput, "receipt" | "business" | "stornoOf">;

/** The seller's name and address as its receipts and e-invoices give them (the site's name while staff have set none). */
export async function sellerOf(db: Executor, siteName: string): Promise<ReceiptPdfInput["business"]> {
  const o = await getOptions(db, BUSINESS_OPTION_KEYS);
  return { name: o.CompanyName ?? siteName, street: o.CompanyStreet ?? "", place: o.CompanyPlace ?? "" };
}

/**
 * The receipt (by id) as a PDF as it stands now: with the JIR once CIS has answered; a storno
 * names the receipt it cancels.
 */
export async function renderReceipt(db: Executor, siteName: string, receiptId: number, order: ReceiptOrderPart): Promise<Buffer> {
  const receipt = await receiptById(db, receiptId);
  if (!receipt) throw new Error(`receipt ${receiptId} does not exist`);
  const original = receipt.storno_of === null ? undefined : await receiptById(db, receipt.storno_of);
  return receiptPdf({ ...order, receipt, business: await sellerOf(db, siteName), stornoOf: original ? receiptNumber(original) : null });
}
