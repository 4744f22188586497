import { type FailedRequestView, isValidInternalPath, makePagination, type Paged, type RedirectView, V } from "@shop/contracts";
import { AppError, fieldsError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { enforceLimit } from "../../http/rate-limits.ts";
import { withTransaction } from "../../http/transaction.ts";
import { contentChanged } from "./content-rules.ts";
import * as repo from "./redirects.repository.ts";

/** 404s a visitor (or a crawler) can record: generous for real browsing, useless for flooding the table. */
const FAILED_REQUEST_LIMIT = 30;
const FAILED_REQUEST_WINDOW_S = 60;

/** '/stari-cjenik/' and '/stari-cjenik' are one path. */
function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") || "/" : path;
}

function toView(row: { id: number; from_path: string; to_path: string; status: number }): RedirectView {
  return { id: row.id, fromPath: row.from_path, toPath: row.to_path, status: row.status === 302 ? 302 : 301 };
}

function failedRequestView(row: { path: string; hits: number; first_seen_at: string; last_seen_at: string }): FailedRequestView {
  return { path: row.path, hits: row.hits, firstSeenAt: row.first_seen_at, lastSeenAt: row.last_seen_at };
}

/** The configured redirect of a path, or 404. */
export async function resolveRedirect(ctx: RequestCtx, path: string): Promise<RedirectView> {
  const row = await repo.findRedirect(ctx.db, normalizePath(path));
  if (!row) throw new AppError("NOT_FOUND", "error.notFound");
  return toView(row);
}

export async function createRedirect(
  ctx: RequestCtx,
  body: { fromPath: string; toPath: string; status: 301 | 302 },
): Promise<RedirectView> {
  const from = normalizePath(body.fromPath);
  const to = normalizePath(body.toPath);
  // SPEC §5: internal redirect targets start with / and use only letters, digits and @ - % _ ~.
  if (!isValidInternalPath(to)) throw fieldsError([{ path: "toPath", key: V.invalid }]);
  if (from === to) throw fieldsError([{ path: "toPath", key: V.invalid }], "error.cms.redirectLoop");
  const row = await withTransaction(ctx, async (tx) => {
    if (await repo.findRedirect(tx.db, from)) {
      throw new AppError("CONFLICT", "error.cms.redirectExists", { fields: [{ path: "fromPath", key: V.invalid }] });
    }
    // A page cached at the old path must give way to the redirect.
    contentChanged(tx, ["redirects"]);
    return repo.insertRedirect(tx.db, { fromPath: from, toPath: to, status: body.status, now: new Date().toISOString() });
  });
  return toView(row);
}

/** SPEC §7 redirect/addFailedRequest: counts a path that ended in a 404 (one row per path). */
export async function addFailedRequest(ctx: RequestCtx, path: string): Promise<FailedRequestView> {
  await enforceLimit(ctx, `failed-request:${ctx.ip}`, FAILED_REQUEST_LIMIT, FAILED_REQUEST_WINDOW_S);
  return failedRequestView(await repo.recordFailedRequest(ctx.db, normalizePath(path), new Date().toISOString()));
}

/** Recorded 404s, most frequent first: what editors should redirect. */
export async function filterFailedRequests(ctx: RequestCtx, filter: { page: number; limit: number }): Promise<Paged<FailedRequestView>> {
  const count = await repo.countFailedRequests(ctx.db);
  const rows = await repo.failedRequests(ctx.db, filter.limit, (filter.page - 1) * filter.limit);
  return { records: rows.map(failedRequestView), pagination: makePagination(filter.page, filter.limit, count) };
}
