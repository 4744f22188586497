import type { Database } from "@shop/db";
import type { ExpressionBuilder, Kysely, Transaction } from "kysely";

export type Executor = Kysely<Database> | Transaction<Database>;

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
