import type { RequestCtx } from "./context.ts";

/**
 * Runs `work` in one transaction: opens it, or joins the one the caller already opened, so a
 * service that writes can be called alone or as one step of a larger change (an order reserves
 * stock, counts the coupon and closes the cart in one). The only place that opens transactions.
 * Writes registered with `ctx.beforeCommit` run last inside it (mail joins the change it is about);
 * work registered with `ctx.afterCommit` runs once the outermost transaction commits, and never
 * when it rolls back.
 */
export async function withTransaction<T>(ctx: RequestCtx, work: (trx: RequestCtx) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return work(ctx);
  const last: (() => Promise<void>)[] = [];
  const pending: (() => void)[] = [];
  const result = await ctx.db.transaction().execute(async (db) => {
    const value = await work({ ...ctx, db, beforeCommit: (fn) => last.push(fn), afterCommit: (fn) => pending.push(fn) });
    for (const fn of last) await fn();
    return value;
  });
  for (const fn of pending) fn();
  return result;
}

/** Outside a transaction there is nothing to wait for. */
export const runNow = (fn: () => void): void => fn();
