import type { PlatformDeps, RequestCtx } from "./http/context.ts";
import { expireRequestKeys } from "./modules/cart/index.ts";
import { expireUnpaidOrders, reconcileAttempts } from "./modules/orders/index.ts";
import { systemCtx } from "./modules/orders/payment.routes.ts";
import { deliverDueReceipts } from "./modules/receipts/index.ts";
import { repeatWithoutOverlap } from "./shared/repeat.ts";

/**
 * The order pipeline's clock: unpaid card orders past their time give back stock and coupon, and
 * card attempts left waiting are asked about at the provider; more often, receipts waiting for CIS
 * are delivered. Every instance may run it: each step is a guarded transition or a claimed
 * receipt, so two instances doing the same order change it once. On the same minute the cart's
 * Idempotency-Keys older than a day go (ADR 31).
 */
export function startOrderJobs(deps: PlatformDeps, everyMs = 60_000, receiptsEveryMs = 5_000): { stop(): Promise<void> } {
  const every = (ms: number, work: (ctx: RequestCtx) => Promise<unknown>) =>
    repeatWithoutOverlap(
      ms,
      async () => work(await systemCtx(deps)),
      (error) => deps.logger.error({ event: "jobs.failed", error: String(error) }),
    );
  const stops = [
    every(everyMs, async (ctx) => {
      await expireUnpaidOrders(ctx);
      await reconcileAttempts(ctx);
      await expireRequestKeys(ctx);
    }),
    ...(deps.fiscal ? [every(receiptsEveryMs, deliverDueReceipts)] : []),
  ];
  return {
    async stop() {
      await Promise.all(stops.map((stop) => stop()));
    },
  };
}
