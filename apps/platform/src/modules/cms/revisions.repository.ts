import type { Locale } from "@shop/contracts";
import type { Executor } from "@shop/db";

/* What each publish made live (issue 13, ADR 25). */

export async function insertRevision(
  db: Executor,
  values: {
    postId: number;
    language: Locale;
    version: number;
    slug: string;
    title: string;
    components: string;
    authorId: number | null;
    authorName: string | null;
    now: string;
    restoredFrom: number | null;
  },
): Promise<void> {
  await db
    .insertInto("post_revisions")
    .values({
      post_id: values.postId,
      language_code: values.language,
      version: values.version,
      slug: values.slug,
      title: values.title,
      components: values.components,
      author_id: values.authorId,
      author_name: values.authorName,
      created_at: values.now,
      restored_from: values.restoredFrom,
    })
    .execute();
}

/** Drops a page's revisions in one language beyond the `keep` newest. */
export async function pruneRevisions(db: Executor, postId: number, language: Locale, keep: number): Promise<void> {
  const oldestKept = await db
    .selectFrom("post_revisions")
    .select("id")
    .where("post_id", "=", postId)
    .where("language_code", "=", language)
    .orderBy("id", "desc")
    .offset(keep - 1)
    .limit(1)
    .executeTakeFirst();
  if (!oldestKept) return;
  await db
    .deleteFrom("post_revisions")
    .where("post_id", "=", postId)
    .where("language_code", "=", language)
    .where("id", "<", oldestKept.id)
    .execute();
}

/** A page's revisions in one language, newest first. */
export function revisionsOf(db: Executor, postId: number, language: Locale) {
  return db
    .selectFrom("post_revisions")
    .select(["id", "version", "slug", "title", "author_name", "created_at", "restored_from"])
    .where("post_id", "=", postId)
    .where("language_code", "=", language)
    .orderBy("id", "desc")
    .execute();
}

export function findRevision(db: Executor, id: number) {
  return db.selectFrom("post_revisions").selectAll().where("id", "=", id).executeTakeFirst();
}
