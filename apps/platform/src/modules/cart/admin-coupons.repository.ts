import type { Executor } from "@shop/db";
import { sql } from "kysely";
import { likeContains } from "../../shared/like.ts";

/** The back office's coupons (issue 12). The uses (used_count) are checkout's: staff edit only the terms. */

export interface CouponColumns {
  code: string;
  kind: "percent" | "fixed";
  value: number;
  active: number;
  valid_from: string | null;
  valid_to: string | null;
  min_total_cents: number;
  usage_limit: number | null;
  per_customer_limit: number | null;
}

function filtered(db: Executor, q: string | undefined) {
  const query = db.selectFrom("coupons");
  return q ? query.where(sql<boolean>`lower(code) like ${likeContains(q.toLowerCase())} escape '\\'`) : query;
}

export async function couponCount(db: Executor, q: string | undefined): Promise<number> {
  const row = await filtered(db, q)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function couponPage(db: Executor, q: string | undefined, offset: number, limit: number) {
  return filtered(db, q).selectAll().orderBy("id", "desc").offset(offset).limit(limit).execute();
}

export function couponById(db: Executor, id: number) {
  return db.selectFrom("coupons").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertCoupon(db: Executor, columns: CouponColumns): Promise<number> {
  return (await db.insertInto("coupons").values(columns).returning("id").executeTakeFirstOrThrow()).id;
}

export async function updateCoupon(db: Executor, id: number, columns: Partial<CouponColumns>): Promise<boolean> {
  return (await db.updateTable("coupons").set(columns).where("id", "=", id).executeTakeFirst()).numUpdatedRows > 0n;
}
