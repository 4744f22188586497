import type { Database, Executor } from "@shop/db";
import { type Insertable, sql, type Updateable } from "kysely";

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

export function findEvent(db: Executor, id: number) {
  return db.selectFrom("events").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertEvent(db: Executor, event: Insertable<Database["events"]>): Promise<number> {
  const row = await db.insertInto("events").values(event).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEvent(db: Executor, id: number, change: Updateable<Database["events"]>): Promise<void> {
  await db.updateTable("events").set(change).where("id", "=", id).execute();
}

export type TranslationColumns = Omit<Insertable<Database["event_translations"]>, "event_id">;

export async function insertTranslations(db: Executor, eventId: number, translations: readonly TranslationColumns[]): Promise<void> {
  await db
    .insertInto("event_translations")
    .values(translations.map((t) => ({ event_id: eventId, ...t })))
    .execute();
}

/** Replaces the event's translation in that language, or adds it. */
export async function saveTranslation(db: Executor, eventId: number, translation: TranslationColumns): Promise<void> {
  const updated = await db
    .updateTable("event_translations")
    .set(translation)
    .where("event_id", "=", eventId)
    .where("language_code", "=", translation.language_code)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await insertTranslations(db, eventId, [translation]);
}
