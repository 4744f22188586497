import type { Locale } from "@shop/contracts";
import type { Executor } from "@shop/db";

/* In-place editing (issue 13, ADR 25): drafts beside the published versions in post_translations. */

export function findPostRow(db: Executor, id: number) {
  return db.selectFrom("posts").select(["id", "post_type", "status", "updated_at"]).where("id", "=", id).executeTakeFirst();
}

/** Every published language of a post with what the editor shows of it. */
export function publishedOf(db: Executor, postId: number) {
  return db
    .selectFrom("post_translations")
    .select(["id", "language_code", "slug", "title", "components", "version", "saved_by_name", "saved_at"])
    .where("post_id", "=", postId)
    .orderBy("id")
    .execute();
}

export function draftOf(db: Executor, postId: number, language: Locale) {
  return db.selectFrom("post_drafts").selectAll().where("post_id", "=", postId).where("language_code", "=", language).executeTakeFirst();
}

/** Posts (any status) whose published version or draft has this slug in one of the languages. */
export async function postsBySlug(db: Executor, slug: string, languages: readonly Locale[]) {
  const [published, drafts] = await Promise.all([
    db
      .selectFrom("post_translations")
      .select(["post_id", "language_code"])
      .where("slug", "=", slug)
      .where("language_code", "in", [...languages])
      .execute(),
    db
      .selectFrom("post_drafts")
      .select(["post_id", "language_code"])
      .where("slug", "=", slug)
      .where("language_code", "in", [...languages])
      .execute(),
  ]);
  return [...published, ...drafts];
}

/** Whether another post's published version or draft uses this slug in this language. */
export async function slugTakenByOther(db: Executor, language: Locale, slug: string, postId: number): Promise<boolean> {
  const [published, draft] = await Promise.all([
    db
      .selectFrom("post_translations")
      .select("post_id")
      .where("language_code", "=", language)
      .where("slug", "=", slug)
      .where("post_id", "!=", postId)
      .executeTakeFirst(),
    db
      .selectFrom("post_drafts")
      .select("post_id")
      .where("language_code", "=", language)
      .where("slug", "=", slug)
      .where("post_id", "!=", postId)
      .executeTakeFirst(),
  ]);
  return published !== undefined || draft !== undefined;
}

export interface DraftValues {
  slug: string;
  title: string;
  components: string;
  savedById: number;
  savedByName: string;
  savedAt: string;
}

/** A page's first draft in a language; false when one exists already (someone else's first save won). */
export async function insertFirstDraft(db: Executor, postId: number, language: Locale, v: DraftValues): Promise<boolean> {
  const row = await db
    .insertInto("post_drafts")
    .values({
      post_id: postId,
      language_code: language,
      slug: v.slug,
      title: v.title,
      components: v.components,
      version: 1,
      saved_by_id: v.savedById,
      saved_by_name: v.savedByName,
      saved_at: v.savedAt,
    })
    .onConflict((oc) => oc.columns(["post_id", "language_code"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Saves over the draft only when it still is at `baseVersion` (one statement: two racing saves cannot both apply). */
export async function updateDraftAt(db: Executor, postId: number, language: Locale, baseVersion: number, v: DraftValues): Promise<boolean> {
  const row = await db
    .updateTable("post_drafts")
    .set((eb) => ({
      slug: v.slug,
      title: v.title,
      components: v.components,
      version: eb("version", "+", 1),
      saved_by_id: v.savedById,
      saved_by_name: v.savedByName,
      saved_at: v.savedAt,
    }))
    .where("post_id", "=", postId)
    .where("language_code", "=", language)
    .where("version", "=", baseVersion)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Replaces the draft whatever its version (a new page, a translation, none existed or it is thrown away). */
export async function putDraft(db: Executor, postId: number, language: Locale, v: DraftValues): Promise<void> {
  await deleteDraft(db, postId, language);
  await insertFirstDraft(db, postId, language, v);
}

export async function deleteDraft(db: Executor, postId: number, language: Locale): Promise<boolean> {
  const result = await db.deleteFrom("post_drafts").where("post_id", "=", postId).where("language_code", "=", language).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes the draft only at this version: what a publish makes live is exactly what the editor showed. */
export async function takeDraftAt(db: Executor, postId: number, language: Locale, version: number) {
  return db
    .deleteFrom("post_drafts")
    .where("post_id", "=", postId)
    .where("language_code", "=", language)
    .where("version", "=", version)
    .returningAll()
    .executeTakeFirst();
}

export function publishedIn(db: Executor, postId: number, language: Locale) {
  return db
    .selectFrom("post_translations")
    .select(["id", "slug", "title", "version", "saved_by_name"])
    .where("post_id", "=", postId)
    .where("language_code", "=", language)
    .executeTakeFirst();
}

export interface PublishValues {
  slug: string;
  title: string;
  components: string;
  savedByName: string;
  savedAt: string;
}

/** Makes content the published version in a language (the first publish inserts it); answers the new version. */
export async function writePublished(db: Executor, postId: number, language: Locale, v: PublishValues): Promise<number> {
  const values = { slug: v.slug, title: v.title, components: v.components, saved_by_name: v.savedByName, saved_at: v.savedAt };
  const updated = await db
    .updateTable("post_translations")
    .set((eb) => ({ ...values, version: eb("version", "+", 1) }))
    .where("post_id", "=", postId)
    .where("language_code", "=", language)
    .returning("version")
    .executeTakeFirst();
  if (updated) return updated.version;
  await db
    .insertInto("post_translations")
    .values({ post_id: postId, language_code: language, body: "", version: 1, ...values })
    .execute();
  return 1;
}

/** Marks the post published (a page's first publish) and changed now. */
export async function markPublished(db: Executor, postId: number, now: string): Promise<void> {
  await db.updateTable("posts").set({ status: "published", updated_at: now }).where("id", "=", postId).execute();
  await db.updateTable("posts").set({ published_at: now }).where("id", "=", postId).where("published_at", "is", null).execute();
}

export async function insertPostRow(db: Executor, postType: string, now: string): Promise<number> {
  const row = await db
    .insertInto("posts")
    .values({ post_type: postType, status: "draft", published_at: null, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Pages and posts placing the master, published or in a draft, per language. */
export async function placingMaster(db: Executor, masterId: number) {
  // The JSON is searched as text; the exact reference is checked after parsing.
  const needle = `"master":${masterId}`;
  const [published, drafts] = await Promise.all([
    db
      .selectFrom("post_translations")
      .select(["post_id", "language_code", "slug", "title", "components"])
      .where("components", "like", `%${needle}%`)
      .execute(),
    db
      .selectFrom("post_drafts")
      .select(["post_id", "language_code", "slug", "title", "components"])
      .where("components", "like", `%${needle}%`)
      .execute(),
  ]);
  return [...published, ...drafts];
}

/** The staff member's name as colleagues know it (first and last name, else the e-mail). */
export async function staffName(db: Executor, userId: number): Promise<string> {
  const row = await db.selectFrom("users").select(["first_name", "last_name", "email"]).where("id", "=", userId).executeTakeFirst();
  if (!row) return "";
  return `${row.first_name} ${row.last_name}`.trim() || row.email;
}
