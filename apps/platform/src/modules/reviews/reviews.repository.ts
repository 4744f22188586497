import type { Database } from "@shop/db";
import type { Kysely, Transaction } from "kysely";

export type Executor = Kysely<Database> | Transaction<Database>;

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

export async function countPublished(db: Executor, productId: number): Promise<number> {
  const row = await db
    .selectFrom("reviews")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("product_id", "=", productId)
    .where("published", "=", 1)
    .executeTakeFirstOrThrow();
  // count() is a string on PostgreSQL.
  return Number(row.n);
}

/** Newest first: a shopper wants to know how the product does now. */
export function pagePublished(db: Executor, productId: number, offset: number, limit: number) {
  return db
    .selectFrom("reviews")
    .innerJoin("users", "users.id", "reviews.user_id")
    .selectAll("reviews")
    .select("users.first_name")
    .where("reviews.product_id", "=", productId)
    .where("reviews.published", "=", 1)
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

export async function hasReviewed(db: Executor, productId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom("reviews")
    .select("id")
    .where("product_id", "=", productId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}
