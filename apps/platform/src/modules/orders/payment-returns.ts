import type { PaymentEvidence, PaymentProvider } from "../../adapters/payments/index.ts";
import type { RequestCtx } from "../../http/context.ts";
import { carriesCancelProof } from "./attempt-numbers.ts";
import { findAttemptByNumber, findOrderById, type OrderRow } from "./orders.repository.ts";
import { settle, settleFromStatus } from "./payments.service.ts";
import { pageAfter, type ReturnPage } from "./return-pages.ts";

/**
 * The buyer's browser back from the provider's page (return or cancel), its message verified by the
 * adapter. A signed message is settled. A cancel nobody signed is the buyer's own only when it came
 * through this attempt's cancel address with its proof (Monri, WSPay), or when the provider's status
 * API says the payment was cancelled or declined (CorvusPay's cancel address is fixed); otherwise
 * nothing changes and the attempt waits for the provider's signed word, its status API or the expiry
 * job. A cancel lands on the failure page either way, which offers to pay again.
 */
export async function buyerReturn(
  ctx: RequestCtx,
  provider: PaymentProvider,
  evidence: PaymentEvidence,
  source: string,
): Promise<{ page: ReturnPage; order?: OrderRow }> {
  if (evidence.kind !== "unsigned_cancel") {
    const { result, order } = await settle(ctx, provider, evidence, source);
    return { page: pageAfter(result), order };
  }
  const attempt = await findAttemptByNumber(ctx.db, evidence.orderNumber);
  if (!attempt || attempt.provider !== provider.name) return { page: "checkoutFailure" };
  const proven = carriesCancelProof(ctx, evidence.url, attempt.provider_order_number);
  const result = proven
    ? (await settle(ctx, provider, { kind: "cancelled", orderNumber: attempt.provider_order_number }, source)).result
    : await settleFromStatus(ctx, provider, attempt, `${source} (status)`);
  if (!proven && result !== "declined") {
    ctx.logger.info({ requestId: ctx.requestId, event: "payment.cancel_unconfirmed", orderNumber: attempt.provider_order_number, result });
  }
  const order = await findOrderById(ctx.db, attempt.order_id);
  return { page: result === "paid" || result === "already" ? "checkoutSuccess" : "checkoutFailure", order };
}
