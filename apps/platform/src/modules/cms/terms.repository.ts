import type { Locale } from "@shop/contracts";
import type { Executor } from "@shop/db";
import { sql } from "kysely";

/* ---------- Terms (blog categories and tags) ---------- */

export function termsByIds(db: Executor, ids: readonly number[]) {
  return db
    .selectFrom("terms")
    .select(["id", "term_type"])
    .where("id", "in", [...ids])
    .execute();
}

export function translationsOfTerms(db: Executor, ids: readonly number[]) {
  return db
    .selectFrom("term_translations")
    .selectAll()
    .where("term_id", "in", [...ids])
    .execute();
}

export interface TermFilter {
  /** Only terms with a version in one of these languages. */
  languages: readonly Locale[];
  /** Term types ('category', 'tag'); none: all. */
  types?: readonly string[];
}

function filteredTerms(db: Executor, filter: TermFilter) {
  let q = db.selectFrom("terms as tm").where((eb) =>
    eb.exists(
      eb
        .selectFrom("term_translations as tt")
        .select("tt.id")
        .whereRef("tt.term_id", "=", "tm.id")
        .where("tt.language_code", "in", [...filter.languages]),
    ),
  );
  if (filter.types?.length) q = q.where("tm.term_type", "in", [...filter.types]);
  return q;
}

export async function countTerms(db: Executor, filter: TermFilter): Promise<number> {
  return Number(
    (
      await filteredTerms(db, filter)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

/** The matching terms' ids in editorial order; a page of them when `page` is given. */
export async function termIds(db: Executor, filter: TermFilter, page?: { limit: number; offset: number }): Promise<number[]> {
  let q = filteredTerms(db, filter).select("tm.id").orderBy("tm.position").orderBy("tm.id");
  if (page) q = q.limit(page.limit).offset(page.offset);
  return (await q.execute()).map((r) => r.id);
}

/** Terms with this slug in one of the languages, one row per language found. */
export function termsBySlug(db: Executor, slug: string, languages: readonly Locale[]) {
  return db
    .selectFrom("term_translations")
    .select(["term_id", "language_code"])
    .where("slug", "=", slug)
    .where("language_code", "in", [...languages])
    .execute();
}

export async function existingTermIds(db: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  return (
    await db
      .selectFrom("terms")
      .select("id")
      .where("id", "in", [...ids])
      .execute()
  ).map((r) => r.id);
}

/** Term translations whose slug starts with `prefix` in one language, by slug. */
export function termTranslationsByPrefix(db: Executor, language: Locale, prefix: string, limit: number) {
  return (
    db
      .selectFrom("term_translations")
      .select(["term_id", "slug", "title", "language_code"])
      .where("language_code", "=", language)
      // substr() instead of LIKE: no wildcard escaping, and the same (case-sensitive) meaning on both databases.
      .where(sql<string>`substr(slug, 1, ${prefix.length})`, "=", prefix)
      .orderBy("slug")
      .limit(limit)
      .execute()
  );
}

export function findTermBySlug(db: Executor, slug: string, language: Locale) {
  return db
    .selectFrom("term_translations")
    .select("term_id")
    .where("slug", "=", slug)
    .where("language_code", "=", language)
    .executeTakeFirst();
}

export function slugsOfTerm(db: Executor, termId: number) {
  return db.selectFrom("term_translations").select(["language_code", "slug"]).where("term_id", "=", termId).execute();
}

/* ---------- Post types ---------- */

export function postTypesByIds(db: Executor, ids: readonly number[]) {
  return db
    .selectFrom("post_types")
    .select(["id", "slug"])
    .where("id", "in", [...ids])
    .execute();
}

export function titlesOfPostTypes(db: Executor, ids: readonly number[]) {
  return db
    .selectFrom("post_type_translations")
    .selectAll()
    .where("post_type_id", "in", [...ids])
    .execute();
}

/** How many posts each of the post types (by slug) has; types without posts are left out. */
export async function postCounts(db: Executor, slugs: readonly string[]): Promise<Map<string, number>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .selectFrom("posts")
    .select(["post_type", (eb) => eb.fn.countAll().as("n")])
    .where("post_type", "in", [...slugs])
    .groupBy("post_type")
    .execute();
  return new Map(rows.map((r) => [r.post_type, Number(r.n)]));
}

export async function countPostTypes(db: Executor): Promise<number> {
  return Number(
    (
      await db
        .selectFrom("post_types")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

/** Post type ids in creation order; a page of them when `page` is given. */
export async function postTypeIds(db: Executor, page?: { limit: number; offset: number }): Promise<number[]> {
  let q = db.selectFrom("post_types").select("id").orderBy("id");
  if (page) q = q.limit(page.limit).offset(page.offset);
  return (await q.execute()).map((r) => r.id);
}

export function findPostType(db: Executor, id: number) {
  return db.selectFrom("post_types").select(["id", "slug"]).where("id", "=", id).executeTakeFirst();
}

export function findPostTypeBySlug(db: Executor, slug: string) {
  return db.selectFrom("post_types").select("id").where("slug", "=", slug).executeTakeFirst();
}

export async function insertPostType(db: Executor, slug: string, now: string): Promise<number> {
  return (await db.insertInto("post_types").values({ slug, created_at: now }).returning("id").executeTakeFirstOrThrow()).id;
}

export async function deletePostType(db: Executor, id: number): Promise<void> {
  await db.deleteFrom("post_types").where("id", "=", id).execute();
}

export async function hasPostsOfType(db: Executor, slug: string): Promise<boolean> {
  return (await db.selectFrom("posts").select("id").where("post_type", "=", slug).executeTakeFirst()) !== undefined;
}

/** Creates or replaces the post type's title in each given language. */
export async function saveTypeTitles(db: Executor, typeId: number, translations: readonly { language: Locale; title: string }[]) {
  for (const t of translations) {
    await db
      .insertInto("post_type_translations")
      .values({ post_type_id: typeId, language_code: t.language, title: t.title })
      .onConflict((oc) => oc.columns(["post_type_id", "language_code"]).doUpdateSet({ title: t.title }))
      .execute();
  }
}
