import type { Database } from "@shop/db";
import { type Kysely, sql, type Transaction } from "kysely";

export type Executor = Kysely<Database> | Transaction<Database>;

export interface EventRange {
  /** UTC ISO: events ending at or after it. */
  from?: string;
  /** UTC ISO: events starting at or before it. */
  to?: string;
}

function publishedIn(db: Executor, range: EventRange) {
  let q = db.selectFrom("events").where("status", "=", "published");
  if (range.from) q = q.where("ends_at", ">=", range.from);
  if (range.to) q = q.where("starts_at", "<=", range.to);
  return q;
}

export async function countPublished(db: Executor, range: EventRange): Promise<number> {
  const row = await publishedIn(db, range)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  // count() is a string on PostgreSQL.
  return Number(row.n);
}

/**
 * One page of published events: those not yet over first, soonest first; then past ones, latest
 * first. ISO text in UTC sorts like time on both dialects.
 */
export async function pagePublishedIds(db: Executor, range: EventRange, now: string, offset: number, limit: number): Promise<number[]> {
  const rows = await publishedIn(db, range)
    .select("id")
    .orderBy(sql`case when ends_at >= ${now} then 0 else 1 end`)
    .orderBy(sql`case when ends_at >= ${now} then starts_at end`, "asc")
    .orderBy(sql`case when ends_at < ${now} then starts_at end`, "desc")
    .orderBy("id", "asc")
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export function eventsByIds(db: Executor, ids: readonly number[]) {
  return db
    .selectFrom("events")
    .selectAll()
    .where("id", "in", [...ids])
    .execute();
}

export function translationsOf(db: Executor, ids: readonly number[]) {
  return db
    .selectFrom("event_translations")
    .selectAll()
    .where("event_id", "in", [...ids])
    .execute();
}
