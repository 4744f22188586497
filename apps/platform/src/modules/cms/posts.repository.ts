import type { ImageData, Locale } from "@shop/contracts";
import type { Executor } from "@shop/db";
import { sql } from "kysely";

/* ---------- Views ---------- */

export function postsByIds(db: Executor, ids: readonly number[]) {
  return db
    .selectFrom("posts")
    .select(["id", "post_type", "published_at", "updated_at"])
    .where("id", "in", [...ids])
    .execute();
}

/** Every language of the posts, oldest translation first. */
export function translationsOfPosts(db: Executor, ids: readonly number[]) {
  return db
    .selectFrom("post_translations")
    .select(["post_id", "language_code", "slug", "title", "body", "components"])
    .where("post_id", "in", [...ids])
    .orderBy("id")
    .execute();
}

export function metaOfPosts(db: Executor, ids: readonly number[]) {
  return db
    .selectFrom("post_meta")
    .select(["post_id", "language_code", "excerpt", "image"])
    .where("post_id", "in", [...ids])
    .execute();
}

/** The posts' terms in the given languages, in the terms' editorial order. */
export function termsOfPosts(db: Executor, ids: readonly number[], languages: readonly Locale[]) {
  return db
    .selectFrom("post_terms as pt")
    .innerJoin("terms as tm", "tm.id", "pt.term_id")
    .innerJoin("term_translations as tt", "tt.term_id", "pt.term_id")
    .select(["pt.post_id", "tt.term_id", "tt.language_code", "tt.slug", "tt.title", "tm.position"])
    .where("pt.post_id", "in", [...ids])
    .where("tt.language_code", "in", [...languages])
    .orderBy("tm.position")
    .orderBy("tm.id")
    .execute();
}

/* ---------- Reading published posts ---------- */

export interface PublishedPostFilter {
  postTypes: readonly string[];
  /** Only posts with a version in one of these languages. */
  languages: readonly Locale[];
  /** Only posts with one of these terms (by their slug in `languages`). */
  termSlugs: readonly string[];
  /** UTC ISO bounds of the publication time. */
  from?: string;
  to?: string;
  now: string;
}

function publishedPosts(db: Executor, filter: PublishedPostFilter) {
  let q = db
    .selectFrom("posts as p")
    .where("p.status", "=", "published")
    .where("p.post_type", "in", [...filter.postTypes])
    .where("p.published_at", "is not", null)
    .where("p.published_at", "<=", filter.now)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("post_translations as t")
          .select("t.id")
          .whereRef("t.post_id", "=", "p.id")
          .where("t.language_code", "in", [...filter.languages]),
      ),
    );
  if (filter.termSlugs.length) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("post_terms as pt")
          .innerJoin("term_translations as tt", "tt.term_id", "pt.term_id")
          .select("pt.term_id")
          .whereRef("pt.post_id", "=", "p.id")
          .where("tt.slug", "in", [...filter.termSlugs])
          .where("tt.language_code", "in", [...filter.languages]),
      ),
    );
  }
  // Times are stored as UTC ISO text, so the bounds come in the same form and compare as text.
  if (filter.from) q = q.where("p.published_at", ">=", filter.from);
  if (filter.to) q = q.where("p.published_at", "<=", filter.to);
  return q;
}

export async function countPublishedPosts(db: Executor, filter: PublishedPostFilter): Promise<number> {
  const row = await publishedPosts(db, filter)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the matching posts' ids, newest first. */
export async function publishedPostIds(db: Executor, filter: PublishedPostFilter, limit: number, offset: number): Promise<number[]> {
  const rows = await publishedPosts(db, filter)
    .select("p.id")
    .orderBy("p.published_at", "desc")
    .orderBy("p.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => r.id);
}

/** Published (and already due) posts with this slug in one of the languages, one row per language found. */
export function publishedBySlug(db: Executor, slug: string, languages: readonly Locale[], now: string) {
  return db
    .selectFrom("post_translations as t")
    .innerJoin("posts as p", "p.id", "t.post_id")
    .select(["p.id", "p.post_type", "t.language_code"])
    .where("t.slug", "=", slug)
    .where("t.language_code", "in", [...languages])
    .where("p.status", "=", "published")
    .where((eb) => eb.or([eb("p.published_at", "is", null), eb("p.published_at", "<=", now)]))
    .execute();
}

/** Translations whose slug starts with `prefix` in one language (any status), by slug. */
export function translationsByPrefix(db: Executor, language: Locale, prefix: string, limit: number) {
  return (
    db
      .selectFrom("post_translations as t")
      .innerJoin("posts as p", "p.id", "t.post_id")
      .select(["p.id", "p.post_type", "p.status", "t.slug", "t.title", "t.language_code"])
      .where("t.language_code", "=", language)
      // substr() instead of LIKE: no wildcard escaping, and the same (case-sensitive) meaning on both databases.
      .where(sql<string>`substr(t.slug, 1, ${prefix.length})`, "=", prefix)
      .orderBy("t.slug")
      .limit(limit)
      .execute()
  );
}

export function slugsOfPost(db: Executor, postId: number) {
  return db.selectFrom("post_translations").select(["language_code", "slug"]).where("post_id", "=", postId).execute();
}

/* ---------- Writing ---------- */

/** Every language of posts with this slug, any status (editors address posts by slug). */
export function translationsBySlug(db: Executor, slug: string) {
  return db
    .selectFrom("post_translations as t")
    .innerJoin("posts as p", "p.id", "t.post_id")
    .select(["p.id", "p.post_type", "t.language_code"])
    .where("t.slug", "=", slug)
    .execute();
}

/** The post (other than `exceptPostId`) using this slug in this language, if any. */
export function findSlugOwner(db: Executor, language: Locale, slug: string, exceptPostId?: number) {
  let q = db.selectFrom("post_translations").select("post_id").where("language_code", "=", language).where("slug", "=", slug);
  if (exceptPostId !== undefined) q = q.where("post_id", "!=", exceptPostId);
  return q.executeTakeFirst();
}

export function findPost(db: Executor, id: number) {
  return db.selectFrom("posts").select(["id", "post_type"]).where("id", "=", id).executeTakeFirst();
}

export async function insertPost(
  db: Executor,
  values: { postType: string; status: "draft" | "published"; publishedAt: string | null; now: string },
): Promise<number> {
  const row = await db
    .insertInto("posts")
    .values({
      post_type: values.postType,
      status: values.status,
      published_at: values.publishedAt,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function touchPost(db: Executor, id: number, now: string): Promise<void> {
  await db.updateTable("posts").set({ updated_at: now }).where("id", "=", id).execute();
}

export async function deletePost(db: Executor, id: number): Promise<void> {
  await db.deleteFrom("posts").where("id", "=", id).execute();
}

/** One language of a post as stored: the components as a list, the list meta (excerpt, image) beside it. */
export interface TranslationValues {
  language: Locale;
  slug: string;
  title: string;
  body: string;
  components: readonly unknown[];
  excerpt: string;
  image: ImageData | null;
}

/** Inserts or replaces one language of a post (translation row and its list meta). */
export async function saveTranslation(db: Executor, postId: number, t: TranslationValues): Promise<void> {
  const values = { slug: t.slug, title: t.title, body: t.body, components: JSON.stringify(t.components) };
  const existing = await db
    .selectFrom("post_translations")
    .select("id")
    .where("post_id", "=", postId)
    .where("language_code", "=", t.language)
    .executeTakeFirst();
  if (existing) await db.updateTable("post_translations").set(values).where("id", "=", existing.id).execute();
  else
    await db
      .insertInto("post_translations")
      .values({ post_id: postId, language_code: t.language, ...values })
      .execute();
  await db.deleteFrom("post_meta").where("post_id", "=", postId).where("language_code", "=", t.language).execute();
  if (t.excerpt || t.image) {
    await db
      .insertInto("post_meta")
      .values({ post_id: postId, language_code: t.language, excerpt: t.excerpt, image: t.image ? JSON.stringify(t.image) : null })
      .execute();
  }
}

/** Every language of a post with all its columns, oldest first. */
export function fullTranslationsOf(db: Executor, postId: number) {
  return db.selectFrom("post_translations").selectAll().where("post_id", "=", postId).orderBy("id").execute();
}

export function metaOf(db: Executor, postId: number, language: string) {
  return db
    .selectFrom("post_meta")
    .select(["excerpt", "image"])
    .where("post_id", "=", postId)
    .where("language_code", "=", language)
    .executeTakeFirst();
}

export async function addTerms(db: Executor, postId: number, termIds: readonly number[]): Promise<void> {
  if (termIds.length === 0) return;
  await db
    .insertInto("post_terms")
    .values(termIds.map((term_id) => ({ post_id: postId, term_id })))
    .execute();
}

export async function termIdsOf(db: Executor, postId: number): Promise<number[]> {
  return (await db.selectFrom("post_terms").select("term_id").where("post_id", "=", postId).execute()).map((r) => r.term_id);
}

/* ---------- Translation links ---------- */

/** A translation by its language and slug, with its post's type. */
export function findTranslation(db: Executor, language: Locale, slug: string) {
  return db
    .selectFrom("post_translations as t")
    .innerJoin("posts as p", "p.id", "t.post_id")
    .select(["t.id", "t.post_id", "p.post_type"])
    .where("t.language_code", "=", language)
    .where("t.slug", "=", slug)
    .executeTakeFirst();
}

export async function hasLanguage(db: Executor, postId: number, language: Locale): Promise<boolean> {
  const row = await db
    .selectFrom("post_translations")
    .select("id")
    .where("post_id", "=", postId)
    .where("language_code", "=", language)
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasAnyTranslation(db: Executor, postId: number): Promise<boolean> {
  return (await db.selectFrom("post_translations").select("id").where("post_id", "=", postId).executeTakeFirst()) !== undefined;
}

/** Moves one translation row, with its list meta, from its post to another. */
export async function moveTranslation(
  db: Executor,
  translation: { id: number; post_id: number },
  language: Locale,
  toPostId: number,
): Promise<void> {
  await db.updateTable("post_translations").set({ post_id: toPostId }).where("id", "=", translation.id).execute();
  await db
    .updateTable("post_meta")
    .set({ post_id: toPostId })
    .where("post_id", "=", translation.post_id)
    .where("language_code", "=", language)
    .execute();
}
