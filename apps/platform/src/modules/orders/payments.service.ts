import { toLocale } from "@shop/contracts";
import { translator } from "@shop/i18n";
import {
  type HostedForm,
  type PaymentEvidence,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentRequest,
  type ProviderName,
  type WalletScript,
  type WalletSession,
} from "../../adapters/payments/index.ts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { escapeHtml } from "../../shared/escape-html.ts";
import { issueReceipt } from "../receipts/index.ts";
import { alertStaff } from "./alerts.ts";
import { cancelUrlOf } from "./attempt-numbers.ts";
import { sourcesOf } from "./order-states.ts";
import { issueOrderVouchers } from "./order-vouchers.ts";
import {
  type AttemptRow,
  findAttemptByNumber,
  findOrderById,
  keepWalletSecret,
  moveAttemptStatus,
  moveReservations,
  type OrderRow,
  staleAttempts,
  transferAttemptOf,
} from "./orders.repository.ts";
import { sendConfirmation, sendPaymentReceived } from "./orders.service.ts";
import { moveStatus } from "./transitions.ts";

const PAYMENT_UNAVAILABLE = "error.checkout.paymentUnavailable";

/** Where each provider sends the buyer back and notifies the shop: platform routes outside the apiKey check. */
export const PAYMENT_ROUTE = "/v2/payment/provider";

export function providerUrls(publicUrl: string, provider: ProviderName) {
  const base = `${publicUrl}/api${PAYMENT_ROUTE}/${provider}`;
  return { success: `${base}/return`, cancel: `${base}/cancel`, callback: `${base}/callback` };
}

interface Person {
  firstName?: string;
  lastName?: string;
  contactPhone?: string;
  street?: string;
  houseNumber?: string;
  city?: string;
  zipCode?: string;
  country?: string;
}

/** What the provider is asked to charge for this attempt: the order's stored total (reference A6 rule 4). */
function paymentRequestOf(ctx: RequestCtx, provider: PaymentProvider, order: OrderRow, attempt: AttemptRow): PaymentRequest {
  const customer = JSON.parse(order.customer) as { delivery?: Person; billing?: Person | null };
  const person = customer.billing ?? customer.delivery ?? {};
  const locale = toLocale(order.language_code) ?? "hr";
  const urls = providerUrls(ctx.config.publicUrl, provider.name);
  return {
    orderNumber: attempt.provider_order_number,
    amountCents: attempt.amount_cents,
    currency: "EUR",
    language: locale,
    description: translator(locale)("checkout.slip.description", { number: order.number }),
    customer: {
      firstName: person.firstName ?? "",
      lastName: person.lastName ?? "",
      email: order.email,
      ...(person.contactPhone ? { phone: person.contactPhone } : {}),
      ...(person.street ? { street: `${person.street} ${person.houseNumber ?? ""}`.trim() } : {}),
      ...(person.city ? { city: person.city } : {}),
      ...(person.zipCode ? { zipCode: person.zipCode } : {}),
      ...(person.country ? { country: person.country } : {}),
    },
    urls: { ...urls, cancel: cancelUrlOf(ctx, urls.cancel, attempt.provider_order_number) },
  };
}

/** The provider's form for this attempt. */
export function hostedFormOf(ctx: RequestCtx, provider: PaymentProvider, order: OrderRow, attempt: AttemptRow): HostedForm {
  return provider.hostedForm(paymentRequestOf(ctx, provider, order, attempt));
}

/**
 * The card wallet of an attempt (SPEC §7 `html` as an object): its payment is opened with the
 * provider once and kept on the attempt, so a repeated answer (a second click, a retry, pay again
 * while it is open) shows the same payment. Opened outside any transaction: no lock waits on the provider.
 */
export async function walletOf(ctx: RequestCtx, provider: PaymentProvider, order: OrderRow, attempt: AttemptRow): Promise<WalletScript> {
  const wallet = provider.wallet;
  if (!wallet) throw new Error(`${provider.name} has no wallet`);
  const request = paymentRequestOf(ctx, provider, order, attempt);
  const kept = async () => (await findAttemptByNumber(ctx.db, attempt.provider_order_number))?.wallet_secret ?? null;
  if (attempt.wallet_secret) return wallet.script({ clientSecret: attempt.wallet_secret }, request);
  let session: WalletSession;
  try {
    session = await wallet.open(request);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // A request racing this one may have opened it (the provider refuses an order number twice).
    const secret = await kept();
    if (secret) return wallet.script({ clientSecret: secret }, request);
    ctx.logger.error({
      requestId: ctx.requestId,
      event: "payment.wallet_failed",
      orderNumber: attempt.provider_order_number,
      error: error.message,
    });
    throw new AppError("PROVIDER_UNAVAILABLE", PAYMENT_UNAVAILABLE);
  }
  if (!(await keepWalletSecret(ctx.db, attempt.id, session.clientSecret, new Date().toISOString()))) {
    session = { clientSecret: (await kept()) ?? session.clientSecret };
  }
  return wallet.script(session, request);
}

/** SPEC §4 Payment submit: the form the storefront appends and submits (a button for browsers without JavaScript). */
export function formHtml(form: HostedForm, submitLabel: string): string {
  const fields = Object.entries(form.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  return `<form method="post" action="${escapeHtml(form.action)}" data-payment-form="">${fields}<button type="submit">${escapeHtml(submitLabel)}</button></form>`;
}

export type SettleResult = "paid" | "already" | "declined" | "pending" | "alert" | "unknown";

/**
 * The only way a payment becomes paid (reference A6 rules 1, 5, 6): the evidence is already
 * verified by the adapter; here it must name a known attempt, match its amount and currency (asked
 * of the provider's status API when the message does not say), and move the attempt from initiated
 * with a conditional update whose row count decides whether anything else happens. Late, repeated
 * and out-of-order events change nothing; money for an order that no longer waits for it raises an
 * alert for staff instead of bringing the order back.
 */
export async function settle(
  ctx: RequestCtx,
  provider: PaymentProvider,
  evidence: PaymentEvidence,
  source: string,
): Promise<{ result: SettleResult; order?: OrderRow }> {
  const attempt = await findAttemptByNumber(ctx.db, evidence.orderNumber);
  if (!attempt || attempt.provider !== provider.name) {
    ctx.logger.error({
      requestId: ctx.requestId,
      event: "payment.unknown_attempt",
      provider: provider.name,
      orderNumber: evidence.orderNumber,
      source,
    });
    return { result: "unknown" };
  }
  const order = await findOrderById(ctx.db, attempt.order_id);
  if (evidence.kind === "cancelled" || evidence.kind === "declined") return { result: await decline(ctx, attempt, source), order };
  // Not the provider's word (see `buyerReturn`): it changes nothing here.
  if (evidence.kind === "unsigned_cancel") return { result: "pending", order };
  if (evidence.kind !== "paid") return { result: "pending", order };

  const confirmed = evidence.amountCents === null ? await confirmByStatus(ctx, provider, attempt) : evidence;
  if (!confirmed) return { result: "pending", order };
  if (confirmed.amountCents !== attempt.amount_cents || (confirmed.currency !== null && confirmed.currency !== attempt.currency)) {
    await withTransaction(ctx, (tx) =>
      alert(
        tx,
        attempt,
        "amount_mismatch",
        `${source}: ${confirmed.amountCents} ${confirmed.currency ?? ""} for ${attempt.amount_cents} ${attempt.currency}`,
      ),
    );
    return { result: "alert", order };
  }

  const result = await settleAttempt(ctx, attempt, confirmed, source, `provider:${provider.name}`);
  return { result, order: await findOrderById(ctx.db, attempt.order_id) };
}

/**
 * The one way any payment becomes paid, whoever brings the evidence (a card provider, a wallet, the
 * bank's statement): the attempt moves from initiated with a conditional update whose row count
 * decides whether anything else happens, then the order's payment axis. An order this payment
 * places (card, wallet) commits its stock and gets its receipt and confirmation; one placed before
 * (bank transfer, whose receipt was issued when it was placed) commits its stock and is told the
 * money arrived.
 */
async function settleAttempt(
  ctx: RequestCtx,
  attempt: AttemptRow,
  confirmed: { approvalCode: string | null; transactionId: string | null },
  source: string,
  actor: string,
): Promise<SettleResult> {
  return withTransaction(ctx, async (tx): Promise<SettleResult> => {
    const now = new Date().toISOString();
    const moved = await moveAttemptStatus(tx.db, attempt.id, sourcesOf("payment", "paid"), "paid", now, {
      approval_code: confirmed.approvalCode,
      transaction_id: confirmed.transactionId,
    });
    if (!moved) {
      const current = await findAttemptByNumber(tx.db, attempt.provider_order_number);
      if (current?.status === "paid") return "already";
      await alert(tx, attempt, "paid_after_expiry", `${source}: paid while the attempt was ${current?.status}; refund or reinstate`);
      return "alert";
    }
    if (!(await moveStatus(tx, { id: attempt.order_id }, "payment", "paid", actor, source, now))) {
      await alert(tx, attempt, "paid_after_expiry", `${source}: the order no longer waits for this payment; refund or reinstate`);
      return "alert";
    }
    const placedNow = await moveStatus(tx, { id: attempt.order_id }, "order", "placed", actor, source, now);
    await moveReservations(tx.db, attempt.order_id, "held", "committed", now);
    const paid = await findOrderById(tx.db, attempt.order_id);
    if (paid) await confirmPaid(tx, paid, now, placedNow);
    return "paid";
  });
}

/**
 * A bank transfer read from the bank's statement, found by the order number in its HR00 reference:
 * paid when it waits for exactly that amount in that currency; anything else is left for staff.
 */
export async function settleTransfer(
  ctx: RequestCtx,
  transfer: { orderNumber: string; amountCents: number; currency: string; bankReference: string },
  source: string,
  actor: string,
): Promise<{ result: SettleResult | "amount_mismatch"; order?: OrderRow }> {
  const attempt = (await transferAttemptOf(ctx.db, transfer.orderNumber)) ?? null;
  if (!attempt) return { result: "unknown" };
  const result =
    attempt.status === "paid"
      ? "already"
      : transfer.amountCents !== attempt.amount_cents || transfer.currency !== attempt.currency
        ? "amount_mismatch"
        : await settleAttempt(ctx, attempt, { approvalCode: null, transactionId: transfer.bankReference }, source, actor);
  return { result, order: await findOrderById(ctx.db, attempt.order_id) };
}

/**
 * What follows a payment, in its transaction: an order the payment places gets its receipt and
 * confirmation; one placed before (a bank transfer, its receipt issued then) is told the money
 * arrived. Either way the gift vouchers it bought are issued.
 */
async function confirmPaid(tx: RequestCtx, order: OrderRow, now: string, placedNow: boolean): Promise<void> {
  if (placedNow) await sendConfirmation(tx, order, await issueReceipt(tx, order));
  else await sendPaymentReceived(tx, order);
  await issueOrderVouchers(tx, order, now);
}

/**
 * An order a gift voucher pays in full, paid in the transaction that places it: the same steps as
 * `settle` after the provider's word (attempt and payment to paid with conditional updates, stock
 * committed, receipt, vouchers, confirmation), with the voucher as the evidence.
 */
export async function payByVoucher(tx: RequestCtx, order: OrderRow, attemptId: number, actor: string, now: string): Promise<OrderRow> {
  if (!(await moveAttemptStatus(tx.db, attemptId, ["initiated"], "paid", now))) throw new Error(`voucher attempt ${attemptId} moved twice`);
  if (!(await moveStatus(tx, order, "payment", "paid", actor, "gift voucher", now))) throw new Error(`order ${order.id} not payable`);
  await moveReservations(tx.db, order.id, "held", "committed", now);
  const paid = (await findOrderById(tx.db, order.id)) ?? order;
  await confirmPaid(tx, paid, now, true);
  return paid;
}

async function confirmByStatus(ctx: RequestCtx, provider: PaymentProvider, attempt: AttemptRow) {
  try {
    const status = await provider.status(attempt.provider_order_number);
    return status.kind === "paid" && status.amountCents !== null ? status : null;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    ctx.logger.error({
      requestId: ctx.requestId,
      event: "payment.status_failed",
      orderNumber: attempt.provider_order_number,
      error: error.message,
    });
    return null;
  }
}

async function decline(ctx: RequestCtx, attempt: AttemptRow, source: string): Promise<SettleResult> {
  return withTransaction(ctx, async (tx) => {
    const now = new Date().toISOString();
    if (!(await moveAttemptStatus(tx.db, attempt.id, ["initiated"], "failed", now))) return "already";
    await moveStatus(tx, { id: attempt.order_id }, "payment", "failed", `provider:${attempt.provider}`, source, now);
    return "declined";
  });
}

async function alert(tx: RequestCtx, attempt: AttemptRow, kind: string, detail: string) {
  await alertStaff(tx, attempt.order_id, kind, `${attempt.provider_order_number} ${detail}`);
}

/** Settles an attempt on what the provider's status API says now (a browser's word is not evidence). */
export async function settleFromStatus(
  ctx: RequestCtx,
  provider: PaymentProvider,
  attempt: AttemptRow,
  source: string,
): Promise<SettleResult> {
  let evidence: PaymentEvidence;
  try {
    evidence = await provider.status(attempt.provider_order_number);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    ctx.logger.error({
      requestId: ctx.requestId,
      event: "payment.status_failed",
      orderNumber: attempt.provider_order_number,
      error: error.message,
    });
    return "pending";
  }
  return (await settle(ctx, provider, evidence, source)).result;
}

/** The reconciliation job: card attempts left waiting are asked about (CorvusPay has no callback at all). */
export async function reconcileAttempts(ctx: RequestCtx, olderThanMinutes = 10, now = Date.now()): Promise<number> {
  const provider = ctx.payments;
  if (!provider) return 0;
  const before = new Date(now - olderThanMinutes * 60_000).toISOString();
  let settled = 0;
  for (const attempt of await staleAttempts(ctx.db, [provider.name], before, 50)) {
    const status = await confirmByStatus(ctx, provider, attempt);
    if (status && (await settle(ctx, provider, status, "reconciliation")).result === "paid") settled++;
  }
  return settled;
}
