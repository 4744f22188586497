import type { Database, Executor } from "@shop/db";
import type { ExpressionBuilder } from "kysely";

/** Whose comments a reader sees: published ones, plus their own; staff see every one. */
export interface Visibility {
  userId: number | null;
  all: boolean;
}

function visibleTo(userId: number | null) {
  return (eb: ExpressionBuilder<Database, "comments">) => {
    const published = eb("comments.published", "=", 1);
    return userId === null ? published : eb.or([published, eb("comments.user_id", "=", userId)]);
  };
}

export async function countVisible(db: Executor, postId: number, visibility: Visibility): Promise<number> {
  const row = await db
    .selectFrom("comments")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("post_id", "=", postId)
    .$if(!visibility.all, (q) => q.where(visibleTo(visibility.userId)))
    .executeTakeFirstOrThrow();
  // count() is a string on PostgreSQL.
  return Number(row.n);
}

/** Oldest first, so a thread reads as it was written. */
export function pageVisible(db: Executor, postId: number, visibility: Visibility, offset: number, limit: number) {
  return db
    .selectFrom("comments")
    .innerJoin("users", "users.id", "comments.user_id")
    .selectAll("comments")
    .select("users.first_name")
    .where("comments.post_id", "=", postId)
    .$if(!visibility.all, (q) => q.where(visibleTo(visibility.userId)))
    .orderBy("comments.created_at", "asc")
    .orderBy("comments.id", "asc")
    .offset(offset)
    .limit(limit)
    .execute();
}

export type CommentWithAuthor = Awaited<ReturnType<typeof pageVisible>>[number];

export function findWithAuthor(db: Executor, id: number): Promise<CommentWithAuthor | undefined> {
  return db
    .selectFrom("comments")
    .innerJoin("users", "users.id", "comments.user_id")
    .selectAll("comments")
    .select("users.first_name")
    .where("comments.id", "=", id)
    .executeTakeFirst();
}

export async function hasCommented(db: Executor, postId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom("comments").select("id").where("post_id", "=", postId).where("user_id", "=", userId).executeTakeFirst();
  return row !== undefined;
}

/** Only blog posts that are published take comments. */
export async function isCommentablePost(db: Executor, postId: number): Promise<boolean> {
  const row = await db
    .selectFrom("posts")
    .select("id")
    .where("id", "=", postId)
    .where("post_type", "=", "post")
    .where("status", "=", "published")
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewComment {
  postId: number;
  userId: number;
  content: string;
  published: boolean;
  /** The author when OneUserOneComment holds (a unique index then allows one per post), else null. */
  singleAuthor: number | null;
}

/** Stores a comment; undefined when the single author already has one on the post (a parallel request lost). */
export async function insertComment(db: Executor, comment: NewComment): Promise<number | undefined> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto("comments")
    .values({
      post_id: comment.postId,
      user_id: comment.userId,
      content: comment.content,
      published: comment.published ? 1 : 0,
      single_author: comment.singleAuthor,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(["post_id", "single_author"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

export async function updateComment(db: Executor, id: number, change: { content: string; published: boolean }): Promise<void> {
  await db
    .updateTable("comments")
    .set({ content: change.content, published: change.published ? 1 : 0, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
}

/** Every comment the user wrote, published or not, for the data export. */
export function allOfAuthor(db: Executor, userId: number) {
  return db
    .selectFrom("comments")
    .select(["post_id", "content", "published", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
}

export async function deleteAllOfAuthor(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom("comments").where("user_id", "=", userId).execute();
}

/** Waiting: not published (RequireAdminPublishing); what moderators work through, oldest first. */
function moderated(db: Executor, state: "waiting" | "published" | "all") {
  return db
    .selectFrom("comments")
    .$if(state === "waiting", (q) => q.where("comments.published", "=", 0))
    .$if(state === "published", (q) => q.where("comments.published", "=", 1));
}

export async function countModerated(db: Executor, state: "waiting" | "published" | "all"): Promise<number> {
  const row = await moderated(db, state)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of comments with their author and the post's title in `locale` (Croatian where it has none). */
export function pageModerated(db: Executor, state: "waiting" | "published" | "all", locale: string, offset: number, limit: number) {
  return moderated(db, state)
    .innerJoin("users", "users.id", "comments.user_id")
    .leftJoin("post_translations as own", (j) => j.onRef("own.post_id", "=", "comments.post_id").on("own.language_code", "=", locale))
    .leftJoin("post_translations as hr", (j) => j.onRef("hr.post_id", "=", "comments.post_id").on("hr.language_code", "=", "hr"))
    .select([
      "comments.id",
      "comments.post_id",
      "comments.content",
      "comments.published",
      "comments.created_at",
      "users.id as author_id",
      "users.first_name",
      "users.last_name",
      "users.email",
      (eb) => eb.fn.coalesce("own.title", "hr.title", eb.val("")).as("post_title"),
    ])
    .orderBy("comments.created_at", state === "waiting" ? "asc" : "desc")
    .orderBy("comments.id", state === "waiting" ? "asc" : "desc")
    .offset(offset)
    .limit(limit)
    .execute();
}

/** Deletes a comment; false when there is none. */
export async function deleteComment(db: Executor, id: number): Promise<{ published: boolean } | null> {
  const row = await db.deleteFrom("comments").where("id", "=", id).returning("published").executeTakeFirst();
  return row ? { published: row.published === 1 } : null;
}
