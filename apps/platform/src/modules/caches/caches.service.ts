import type { CacheName, CachesView } from "@shop/contracts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { recordChange } from "../audit/index.ts";

/** SPEC §2 /admin/cache: this instance's caches, or none when the server keeps no cache. */
export function listCaches(ctx: RequestCtx): CachesView {
  return ctx.caches ? { inUse: true, caches: ctx.caches.stats() } : { inUse: false, caches: [] };
}

/**
 * Empties one cache or all, on every instance. Audited with what it held here; the caches are
 * emptied once the audit row is committed, so a clear that fails to be recorded clears nothing.
 */
export async function clearCaches(ctx: RequestCtx, name: CacheName | undefined): Promise<{ cleared: CacheName[] }> {
  const caches = ctx.caches;
  if (!caches) throw new AppError("NOT_FOUND", "error.notFound");
  const held = caches.stats().filter((c) => name === undefined || c.name === name);
  await withTransaction(ctx, (tx) =>
    recordChange(tx, {
      entity: "cache",
      entityId: name ?? "all",
      action: "cache.clear",
      before: Object.fromEntries(held.map((c) => [c.name, { entries: c.entries, bytes: c.bytes }])),
      after: Object.fromEntries(held.map((c) => [c.name, { entries: 0, bytes: c.bytes === null ? null : 0 }])),
    }),
  );
  ctx.afterCommit(() => caches.clear(name ?? null));
  return { cleared: held.map((c) => c.name) };
}
