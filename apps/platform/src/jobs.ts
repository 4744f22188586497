import type { PlatformDeps } from "./http/context.ts";
import { expireUnpaidOrders, reconcileAttempts } from "./modules/orders/index.ts";
import { systemCtx } from "./modules/orders/payment.routes.ts";

/**
 * The order pipeline's clock: unpaid card orders past their time give back stock and coupon, and
 * card attempts left waiting are asked about at the provider. Every instance may run it: each step
 * is a guarded transition, so two instances doing the same order change it once.
 */
export function startOrderJobs(deps: PlatformDeps, everyMs = 60_000): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = (async () => {
      try {
        const ctx = await systemCtx(deps);
        await expireUnpaidOrders(ctx);
        await reconcileAttempts(ctx);
      } catch (error) {
        deps.logger.error({ event: "jobs.failed", error: String(error) });
      }
    })();
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
