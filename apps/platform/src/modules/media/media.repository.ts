import type { MediaAccess, MediaKind, MediaUsage, MediaUsageKind } from "@shop/contracts";
import type { Executor } from "@shop/db";
import type { MediaTable, MediaTranslationsTable } from "@shop/db/schema/media.ts";
import { type Insertable, type Selectable, sql, type Updateable } from "kysely";
import { likeContains } from "../../shared/like.ts";

export type MediaRow = Selectable<MediaTable>;

export interface MediaFilter {
  search: string;
  access?: MediaAccess;
  type?: MediaKind;
}

const likePattern = (text: string) => likeContains(text.toLowerCase());

function filtered(db: Executor, filter: MediaFilter) {
  let q = db.selectFrom("media");
  // lower() on both sides: SQLite's LIKE ignores ASCII case, PostgreSQL's does not.
  if (filter.search) {
    const pattern = likePattern(filter.search);
    // A title in any language finds the file: staff search in the language they think in.
    q = q.where((eb) =>
      eb.or([
        sql<boolean>`lower(media.title) like ${pattern} escape '\\'`,
        eb.exists(
          eb
            .selectFrom("media_translations as t")
            .select("t.id")
            .whereRef("t.media_id", "=", "media.id")
            .where(sql<boolean>`lower(t.title) like ${pattern} escape '\\'`),
        ),
      ]),
    );
  }
  if (filter.access) q = q.where("access", "=", filter.access);
  if (filter.type === "image") q = q.where("mime", "like", "image/%");
  if (filter.type === "document") q = q.where("mime", "not like", "image/%");
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

// ---------- one media, its texts, its writes ----------

export type MediaTranslationRow = Selectable<MediaTranslationsTable>;

/** A media row by id, public or private (staff's library). */
export function findMedia(db: Executor, id: number): Promise<MediaRow | undefined> {
  return db.selectFrom("media").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The texts of these media in these languages (every language when none are named). */
export function translationsOf(db: Executor, ids: readonly number[], languages?: readonly string[]): Promise<MediaTranslationRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  let q = db.selectFrom("media_translations").selectAll().where("media_id", "in", ids);
  if (languages) q = q.where("language_code", "in", languages);
  return q.orderBy("id").execute();
}

/** One language's texts of a media, written whole (a new language is added). */
export async function putTranslation(
  db: Executor,
  mediaId: number,
  language: string,
  texts: { title: string; description: string; alt: string },
): Promise<void> {
  const updated = await db
    .updateTable("media_translations")
    .set(texts)
    .where("media_id", "=", mediaId)
    .where("language_code", "=", language)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    await db
      .insertInto("media_translations")
      .values({ media_id: mediaId, language_code: language, ...texts })
      .execute();
}

export async function updateMediaRow(db: Executor, id: number, changes: Updateable<MediaTable>): Promise<MediaRow> {
  return db.updateTable("media").set(changes).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteMediaRow(db: Executor, id: number): Promise<void> {
  await db.deleteFrom("media_translations").where("media_id", "=", id).execute();
  await db.deleteFrom("media").where("id", "=", id).execute();
}

/** Some row's original has these bytes (a replaced file's old hash may still be another row's). */
export async function hashInUse(db: Executor, hash: string): Promise<boolean> {
  return !!(await db.selectFrom("media").select("id").where("hash", "=", hash).executeTakeFirst());
}

// ---------- where a media is used ----------

interface TextSource {
  kind: MediaUsageKind;
  table: string;
  /** The JSON text a picked image's URL (which names the driveId) is written into. */
  column: string;
  /** The id of the place the row belongs to (a post, an element, a master component). */
  owner: string;
  /** A column naming the place for people, if the table has one. */
  title?: string;
}

/**
 * Tables whose JSON text may hold a media URL: a table more is one line here. The URL names the media by its driveId, a uuid that no other text holds by chance.
 */
export const MEDIA_TEXT_SOURCES: readonly TextSource[] = [
  { kind: "post", table: "post_translations", column: "components", owner: "post_id", title: "title" },
  { kind: "postDraft", table: "post_drafts", column: "components", owner: "post_id", title: "title" },
  { kind: "element", table: "elements", column: "options", owner: "id", title: "title" },
  { kind: "master", table: "master_component_translations", column: "data", owner: "master_id" },
  { kind: "postMeta", table: "post_meta", column: "image", owner: "post_id" },
];

async function usageInText(db: Executor, source: TextSource, driveId: string): Promise<MediaUsage[]> {
  const title = source.title ? sql.ref(source.title) : sql.lit("");
  const rows = await sql<{ id: number; language: string | null; title: string }>`
    select ${sql.ref(source.owner)} as id, language_code as language, ${title} as title
    from ${sql.table(source.table)}
    where ${sql.ref(source.column)} like ${likeContains(driveId)} escape '\\'`.execute(db);
  return rows.rows.map((r) => ({ kind: source.kind, id: Number(r.id), language: r.language, title: r.title ?? "" }));
}

/** Every place that shows this media: JSON texts by its driveId, products and CMS options by its id (or a URL). */
export async function mediaUsage(db: Executor, media: { id: number; drive_id: string }): Promise<MediaUsage[]> {
  const inTexts = await Promise.all(MEDIA_TEXT_SOURCES.map((source) => usageInText(db, source, media.drive_id)));
  const products = await db
    .selectFrom("product_media")
    .select("product_id")
    .where((eb) => eb.or([eb("media_id", "=", media.id), eb("src", "like", likeContains(media.drive_id))]))
    .distinct()
    .execute();
  const options = await db
    .selectFrom("cms_options")
    .select(["id", "key"])
    .where((eb) => eb.or([eb("media_id", "=", media.id), eb("value", "like", likeContains(media.drive_id))]))
    .execute();
  return [
    ...inTexts.flat(),
    ...products.map((p): MediaUsage => ({ kind: "product", id: p.product_id, language: null, title: "" })),
    ...options.map((o): MediaUsage => ({ kind: "option", id: o.id, language: null, title: o.key })),
  ];
}

/** Another row kept under this storage key (the demo's seeded rows may share one): its original stays. */
export async function pathShared(db: Executor, path: string): Promise<boolean> {
  return !!(await db.selectFrom("media").select("id").where("path", "=", path).executeTakeFirst());
}

/** The named sizes (media_options), in their seeded order. */
export function mediaOptions(db: Executor, autoResizeOnly: boolean) {
  let q = db.selectFrom("media_options").selectAll();
  if (autoResizeOnly) q = q.where("auto_resize", "=", 1);
  return q.orderBy("id").execute();
}
