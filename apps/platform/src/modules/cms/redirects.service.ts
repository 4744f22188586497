import { type FailedRequestView, isValidInternalPath, makePagination, type Paged, type RedirectView, V } from "@shop/contracts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { enforceLimit } from "../../http/rate-limits.ts";
import { fieldError } from "./content-rules.ts";

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

/** The configured redirect of a path, or 404. */
export async function resolveRedirect(ctx: RequestCtx, path: string): Promise<RedirectView> {
  const row = await ctx.db.selectFrom("redirects").selectAll().where("from_path", "=", normalizePath(path)).executeTakeFirst();
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
  if (!isValidInternalPath(to))
    throw new AppError("VALIDATION_ERROR", "error.validation", { fields: [fieldError(ctx.locale, "toPath", V.invalid)] });
  if (from === to)
    throw new AppError("VALIDATION_ERROR", "error.cms.redirectLoop", { fields: [fieldError(ctx.locale, "toPath", V.invalid)] });
  const row = await ctx.db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("redirects").select("id").where("from_path", "=", from).executeTakeFirst();
    if (existing) throw new AppError("CONFLICT", "error.cms.redirectExists", { fields: [fieldError(ctx.locale, "fromPath", V.invalid)] });
    return trx
      .insertInto("redirects")
      .values({ from_path: from, to_path: to, status: body.status, created_at: new Date().toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  // A page cached at the old path must give way to the redirect.
  ctx.onContentChange(["redirects"]);
  return toView(row);
}

/** SPEC §7 redirect/addFailedRequest: counts a path that ended in a 404 (one row per path). */
export async function addFailedRequest(ctx: RequestCtx, path: string): Promise<FailedRequestView> {
  await enforceLimit(ctx, `failed-request:${ctx.ip}`, FAILED_REQUEST_LIMIT, FAILED_REQUEST_WINDOW_S);
  const now = new Date().toISOString();
  const row = await ctx.db
    .insertInto("failed_requests")
    .values({ path: normalizePath(path), hits: 1, first_seen_at: now, last_seen_at: now })
    .onConflict((oc) => oc.column("path").doUpdateSet((eb) => ({ hits: eb(eb.ref("failed_requests.hits"), "+", 1), last_seen_at: now })))
    .returningAll()
    .executeTakeFirstOrThrow();
  return { path: row.path, hits: Number(row.hits), firstSeenAt: row.first_seen_at, lastSeenAt: row.last_seen_at };
}

/** Recorded 404s, most frequent first: what editors should redirect. */
export async function filterFailedRequests(ctx: RequestCtx, filter: { page: number; limit: number }): Promise<Paged<FailedRequestView>> {
  const count = Number(
    (
      await ctx.db
        .selectFrom("failed_requests")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const rows = await ctx.db
    .selectFrom("failed_requests")
    .selectAll()
    .orderBy("hits", "desc")
    .orderBy("last_seen_at", "desc")
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit)
    .execute();
  return {
    records: rows.map((r) => ({ path: r.path, hits: Number(r.hits), firstSeenAt: r.first_seen_at, lastSeenAt: r.last_seen_at })),
    pagination: makePagination(filter.page, filter.limit, count),
  };
}
