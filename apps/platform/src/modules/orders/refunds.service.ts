import { PaymentProviderError } from "../../adapters/payments/index.ts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { sendMail } from "../../shared/mail.ts";
import { issueStorno } from "../receipts/index.ts";
import { receiptAttachment, receiptOrderPart } from "./mail-attachments.ts";
import { refundMail } from "./orders.mail.ts";
import { attemptsOf, findOrderByCode, insertRefund, orderLines, takeRefund } from "./orders.repository.ts";
import { ORDER_ERRORS } from "./orders.service.ts";
import { moveStatus } from "./transitions.ts";

export const REFUND_ERRORS = {
  amountInvalid: "error.refund.amountInvalid",
  notRefundable: "error.refund.notRefundable",
  tooMuch: "error.refund.tooMuch",
  providerRefused: "error.refund.providerRefused",
} as const;

const REFUNDABLE = ["paid", "partially_refunded", "refunded"];

export interface RefundResult {
  refundId: number;
  amountCents: number;
  paymentStatus: "partially_refunded" | "refunded";
  /** The storno receipt; null where the shop does not fiscalise. */
  stornoReceiptId: number | null;
}

/**
 * Gives back `amountCents` of a card or wallet order's payment through the provider (issue 12's
 * staff action calls it). In one transaction: the amount is taken from the paid attempt by a
 * conditional update (never more than paid minus earlier refunds, so of two refunds racing for the
 * same money exactly one succeeds), the payment moves to partly refunded or refunded, the refund is
 * recorded with its storno receipt, the customer's mail with the storno is written, and last the
 * provider is asked to pay it back: its refusal rolls everything back, the storno's number too.
 * The provider is called inside the transaction on purpose: the attempt's row stays locked until
 * the money has moved, so a crash can never leave a refund recorded that the provider did not make.
 * The price is that a slow provider holds the lock (on SQLite, all writes) for its time-out; a
 * refund is a rare staff action.
 */
export async function refundOrder(
  ctx: RequestCtx,
  input: { orderCode: string; amountCents: number; actor: string; reason?: string },
): Promise<RefundResult> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw new AppError("VALIDATION_ERROR", REFUND_ERRORS.amountInvalid);
  }
  const provider = ctx.payments;
  const order = await findOrderByCode(ctx.db, input.orderCode);
  if (!order) throw new AppError("NOT_FOUND", ORDER_ERRORS.orderNotFound);
  return withTransaction(ctx, async (tx) => {
    const now = new Date().toISOString();
    // The attempt that was paid, whatever has been refunded of it since (all of it: 'too much').
    const attempt = (await attemptsOf(tx.db, order.id)).find((a) => REFUNDABLE.includes(a.status));
    if (!provider || !attempt || attempt.provider !== provider.name) throw new AppError("CONFLICT", REFUND_ERRORS.notRefundable);
    const taken = await takeRefund(tx.db, attempt.id, input.amountCents, now);
    if (!taken) throw new AppError("CONFLICT", REFUND_ERRORS.tooMuch);
    const paymentStatus = taken.status === "refunded" ? "refunded" : "partially_refunded";
    const reason = input.reason ?? "refund";
    if (!(await moveStatus(tx, order, "payment", paymentStatus, input.actor, reason, now))) {
      throw new AppError("CONFLICT", REFUND_ERRORS.notRefundable);
    }
    const storno = await issueStorno(tx, { orderId: order.id, amountCents: input.amountCents });
    const refundId = await insertRefund(tx.db, {
      order_id: order.id,
      attempt_id: attempt.id,
      amount_cents: input.amountCents,
      receipt_id: storno?.id ?? null,
      actor: input.actor,
      reason,
      created_at: now,
    });
    const mail = refundMail(order, input.amountCents, { site: tx.site.name, storno: storno !== null });
    const attachments = storno ? [receiptAttachment(storno, receiptOrderPart(order, await orderLines(tx.db, order.id)), tx.site.name)] : [];
    sendMail(tx, { ...mail, attachments });
    try {
      await provider.refund(attempt.provider_order_number, input.amountCents);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      tx.logger.error({
        requestId: tx.requestId,
        event: "payment.refund_failed",
        orderNumber: attempt.provider_order_number,
        error: error.message,
      });
      throw new AppError("PROVIDER_UNAVAILABLE", REFUND_ERRORS.providerRefused);
    }
    return { refundId, amountCents: input.amountCents, paymentStatus, stornoReceiptId: storno?.id ?? null };
  });
}
