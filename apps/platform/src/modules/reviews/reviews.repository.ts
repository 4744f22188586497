import type { Database, Executor } from "@shop/db";
import type { ExpressionBuilder } from "kysely";

/** Reviews belong to product pages: a product that has one (visible on its own) and is still sold. */
export async function isReviewableProduct(db: Executor, productId: number): Promise<boolean> {
  const row = await db
    .selectFrom("products")
    .select("id")
    .where("id", "=", productId)
    .where("archived", "=", 0)
    .where("visible_individually", "=", 1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Published reviews, and the reader's own one while it waits for staff. */
const visibleTo = (viewerId: number | null) => (eb: ExpressionBuilder<Database, "reviews">) =>
  viewerId === null ? eb("reviews.published", "=", 1) : eb.or([eb("reviews.published", "=", 1), eb("reviews.user_id", "=", viewerId)]);

export async function countPublished(db: Executor, productId: number, viewerId: number | null = null): Promise<number> {
  const row = await db
    .selectFrom("reviews")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("product_id", "=", productId)
    .where(visibleTo(viewerId))
    .executeTakeFirstOrThrow();
  // count() is a string on PostgreSQL.
  return Number(row.n);
}

/** Newest first: a shopper wants to know how the product does now. */
export function pagePublished(db: Executor, productId: number, offset: number, limit: number, viewerId: number | null = null) {
  return db
    .selectFrom("reviews")
    .innerJoin("users", "users.id", "reviews.user_id")
    .selectAll("reviews")
    .select("users.first_name")
    .where("reviews.product_id", "=", productId)
    .where(visibleTo(viewerId))
    .orderBy("reviews.created_at", "desc")
    .orderBy("reviews.id", "desc")
    .offset(offset)
    .limit(limit)
    .execute();
}

export type ReviewWithAuthor = Awaited<ReturnType<typeof pagePublished>>[number];

/** Average of the given ratings of published reviews and how many there are; reviews without a rating do not count. */
export async function ratingSummary(db: Executor, productId: number): Promise<{ average: number; count: number }> {
  const row = await db
    .selectFrom("reviews")
    .select((eb) => [eb.fn.avg<number | string | null>("rating").as("average"), eb.fn.count("rating").as("n")])
    .where("product_id", "=", productId)
    .where("published", "=", 1)
    .where("rating", "is not", null)
    .executeTakeFirstOrThrow();
  // avg() is a numeric string on PostgreSQL, count() a bigint string.
  const count = Number(row.n);
  const average = count === 0 ? 0 : Math.round(Number(row.average) * 10) / 10;
  return { average, count };
}

export function findWithAuthor(db: Executor, id: number): Promise<ReviewWithAuthor | undefined> {
  return db
    .selectFrom("reviews")
    .innerJoin("users", "users.id", "reviews.user_id")
    .selectAll("reviews")
    .select("users.first_name")
    .where("reviews.id", "=", id)
    .executeTakeFirst();
}

/** The user's review of the product: none, or whether it is published yet. */
export async function ownReview(db: Executor, productId: number, userId: number): Promise<{ published: boolean } | null> {
  const row = await db
    .selectFrom("reviews")
    .select("published")
    .where("product_id", "=", productId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? { published: row.published === 1 } : null;
}

export interface NewReview {
  productId: number;
  userId: number;
  rating: number | null;
  content: string;
  /** False while it waits for staff (RequireAdminPublishing). */
  published: boolean;
}

/**
 * Stores a review; undefined when the user has one for the product already (a parallel
 * request that passed the service's check loses here, on the unique index).
 */
export async function insertReview(db: Executor, review: NewReview): Promise<number | undefined> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto("reviews")
    .values({
      product_id: review.productId,
      user_id: review.userId,
      rating: review.rating,
      content: review.content,
      published: review.published ? 1 : 0,
      single_author: review.userId,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(["product_id", "single_author"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

export async function updateReview(
  db: Executor,
  id: number,
  change: { rating: number | null; content: string; published: boolean },
): Promise<void> {
  await db
    .updateTable("reviews")
    .set({ rating: change.rating, content: change.content, published: change.published ? 1 : 0, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
}

/** Every review the user wrote, published or not, for the data export. */
export function allOfAuthor(db: Executor, userId: number) {
  return db
    .selectFrom("reviews")
    .select(["product_id", "rating", "content", "published", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
}

export async function deleteAllOfAuthor(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom("reviews").where("user_id", "=", userId).execute();
}

function moderated(db: Executor, state: "waiting" | "published" | "all") {
  return db
    .selectFrom("reviews")
    .$if(state === "waiting", (q) => q.where("reviews.published", "=", 0))
    .$if(state === "published", (q) => q.where("reviews.published", "=", 1));
}

export async function countModerated(db: Executor, state: "waiting" | "published" | "all"): Promise<number> {
  const row = await moderated(db, state)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of reviews with their author and the product's name in `locale` (Croatian where it has none). */
export function pageModerated(db: Executor, state: "waiting" | "published" | "all", locale: string, offset: number, limit: number) {
  return moderated(db, state)
    .innerJoin("users", "users.id", "reviews.user_id")
    .leftJoin("product_translations as own", (j) =>
      j.onRef("own.product_id", "=", "reviews.product_id").on("own.language_code", "=", locale),
    )
    .leftJoin("product_translations as hr", (j) => j.onRef("hr.product_id", "=", "reviews.product_id").on("hr.language_code", "=", "hr"))
    .select([
      "reviews.id",
      "reviews.product_id",
      "reviews.rating",
      "reviews.content",
      "reviews.published",
      "reviews.created_at",
      "users.id as author_id",
      "users.first_name",
      "users.last_name",
      "users.email",
      (eb) => eb.fn.coalesce("own.name", "hr.name", eb.val("")).as("product_name"),
    ])
    .orderBy("reviews.created_at", state === "waiting" ? "asc" : "desc")
    .orderBy("reviews.id", state === "waiting" ? "asc" : "desc")
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function deleteReview(db: Executor, id: number): Promise<{ published: boolean } | null> {
  const row = await db.deleteFrom("reviews").where("id", "=", id).returning("published").executeTakeFirst();
  return row ? { published: row.published === 1 } : null;
}
