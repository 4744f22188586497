import type { RequestCtx } from "./context.ts";

/**
 * Runs `work` in one transaction: opens it, or joins the one the caller already opened, so a
 * service that writes can be called alone or as one step of a larger change (an order reserves
 * stock, counts the coupon and closes the cart in one). The only place that opens transactions.
 * Work registered with `ctx.afterCommit` inside runs once the outermost transaction commits, and
 * never when it rolls back (no mail about a registration that did not happen).
 */
export async function withTransaction<T>(ctx: RequestCtx, work: (trx: RequestCtx) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return work(ctx);
  const pending: (() => void)[] = [];
  const result = await ctx.db.transaction().execute((db) => work({ ...ctx, db, afterCommit: (fn) => pending.push(fn) }));
  for (const fn of pending) fn();
  return result;
}

/** Outside a transaction there is nothing to wait for. */
export const runNow = (fn: () => void): void => fn();
