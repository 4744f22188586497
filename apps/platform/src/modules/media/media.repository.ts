import type { MediaAccess } from "@shop/contracts";
import type { Executor } from "@shop/db";
import type { MediaTable } from "@shop/db/schema/media.ts";
import { type Insertable, type Selectable, sql } from "kysely";
import { likeContains } from "../../shared/like.ts";

export type MediaRow = Selectable<MediaTable>;

export interface MediaFilter {
  search: string;
  access?: MediaAccess;
}

const likePattern = (text: string) => likeContains(text.toLowerCase());

function filtered(db: Executor, filter: MediaFilter) {
  let q = db.selectFrom("media");
  // lower() on both sides: SQLite's LIKE ignores ASCII case, PostgreSQL's does not.
  if (filter.search) q = q.where(sql<boolean>`lower(title) like ${likePattern(filter.search)} escape '\\'`);
  if (filter.access) q = q.where("access", "=", filter.access);
  return q;
}

export async function countMedia(db: Executor, filter: MediaFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  // count() is a string on PostgreSQL.
  return Number(row.n);
}

/** Newest first, as a media library lists uploads. */
export function pageMedia(db: Executor, filter: MediaFilter, offset: number, limit: number): Promise<MediaRow[]> {
  return filtered(db, filter).selectAll().orderBy("id", "desc").offset(offset).limit(limit).execute();
}

/** A public media row by its numeric id or its drive id (uuid); private rows are never served. */
export function findPublicMedia(db: Executor, ref: { id: number } | { driveId: string }): Promise<MediaRow | undefined> {
  const q = db.selectFrom("media").selectAll().where("access", "=", "public");
  return ("id" in ref ? q.where("id", "=", ref.id) : q.where("drive_id", "=", ref.driveId)).executeTakeFirst();
}

export async function siteExists(db: Executor, id: number): Promise<boolean> {
  return !!(await db.selectFrom("sites").select("id").where("id", "=", id).executeTakeFirst());
}

export function insertMedia(db: Executor, row: Insertable<MediaTable>): Promise<MediaRow> {
  return db.insertInto("media").values(row).returningAll().executeTakeFirstOrThrow();
}
