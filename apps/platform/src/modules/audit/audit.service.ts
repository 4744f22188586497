import { type AuditPage, type auditFilterQuery, type EndpointDef, makePagination } from "@shop/contracts";
import type { z } from "zod";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import * as repo from "./audit.repository.ts";

export interface AuditChange {
  /** What was changed, e.g. 'user.staff' or 'settings.option'. */
  entity: string;
  entityId?: string | number | null;
  action: string;
  before?: unknown;
  after?: unknown;
}

const json = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));

/**
 * Writes one row of the audit log in the caller's transaction: the change and its row stand or fall
 * together. The author is the request's user (an anonymous call has none: the CLI, a job).
 */
export async function recordChange(ctx: RequestCtx, change: AuditChange): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    await repo.insertEntry(tx.db, {
      user_id: tx.user?.id ?? null,
      user_email: tx.user ? await repo.userEmail(tx.db, tx.user.id) : "",
      entity: change.entity,
      entity_id: change.entityId === undefined || change.entityId === null ? null : String(change.entityId),
      action: change.action,
      before_json: json(change.before),
      after_json: json(change.after),
      request_id: tx.requestId,
      created_at: new Date().toISOString(),
    });
  });
}

/** Deletes through `remove` in one transaction with its audit row (what was deleted, as `before`); null when there was nothing. */
export async function auditedDelete<T>(
  ctx: RequestCtx,
  entity: string,
  id: number,
  remove: (tx: RequestCtx) => Promise<T | null>,
): Promise<T | null> {
  return withTransaction(ctx, async (tx) => {
    const gone = await remove(tx);
    if (gone) await recordChange(tx, { entity, entityId: id, action: "delete", before: gone });
    return gone;
  });
}

export interface EndpointCall {
  params: unknown;
  body: unknown;
  query: unknown;
}

/** The entity id a change names in its path (`:id`, `:slug`, `:key`): the first path parameter. */
function idOfPath(params: unknown): string | null {
  if (!params || typeof params !== "object") return null;
  const first = Object.values(params)[0];
  return first === undefined || first === null ? null : String(first);
}

/** The id of what a create made, from its answer (`{ id }`): its path names none yet. */
function idOfAnswer(result: unknown): string | null {
  if (!result || typeof result !== "object" || !("id" in result)) return null;
  const { id } = result as { id: unknown };
  return typeof id === "number" || typeof id === "string" ? String(id) : null;
}

/**
 * Every change a staff member makes through a backoffice endpoint runs in one transaction with its
 * audit row: the endpoint's own record with before and after when its service wrote one, otherwise
 * a generic one with what was sent, naming the path's id or, for a create, the created one. So no
 * admin change goes unrecorded, whoever adds the endpoint.
 */
export async function auditedStaffWrite<T>(
  ctx: RequestCtx,
  def: EndpointDef,
  call: EndpointCall,
  run: (tx: RequestCtx) => Promise<T>,
): Promise<T> {
  return withTransaction(ctx, async (tx) => {
    const result = await run(tx);
    if (!(await repo.hasEntryOfRequest(tx.db, tx.requestId))) {
      await recordChange(tx, {
        entity: def.tag,
        entityId: idOfPath(call.params) ?? idOfAnswer(result),
        action: `${def.method} ${def.path}`,
        after: call.body ?? call.query ?? null,
      });
    }
    return result;
  });
}

const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

export async function filterAudit(ctx: RequestCtx, query: z.output<typeof auditFilterQuery>): Promise<AuditPage> {
  const criteria: repo.AuditCriteria = {
    entity: query.entity || undefined,
    userId: query.userId,
    from: query.from ? `${query.from}T00:00:00.000Z` : undefined,
    until: query.to ? nextDay(query.to) : undefined,
  };
  const offset = (query.page - 1) * query.perPage;
  const [rows, total] = await Promise.all([
    repo.pageOfEntries(ctx.db, criteria, query.perPage, offset),
    repo.countEntries(ctx.db, criteria),
  ]);
  return {
    records: rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      userEmail: r.user_email,
      entity: r.entity,
      entityId: r.entity_id,
      action: r.action,
      before: r.before_json === null ? null : JSON.parse(r.before_json),
      after: r.after_json === null ? null : JSON.parse(r.after_json),
      requestId: r.request_id,
      createdAt: r.created_at,
    })),
    pagination: makePagination(query.page, query.perPage, total),
  };
}
