import type { Executor } from "@shop/db";
import { sql } from "kysely";
import { likeContains } from "../../shared/like.ts";

/** The back office's membership cards (issue 12), with their holders. */

function filtered(db: Executor, q: string | undefined) {
  const query = db.selectFrom("membership_cards as c").innerJoin("users as u", "u.id", "c.user_id");
  if (!q) return query;
  const pattern = likeContains(q.toLowerCase());
  return query.where((eb) =>
    eb.or([eb(sql`lower(c.barcode)`, "like", sql`${pattern} escape '\\'`), eb(sql`lower(u.email)`, "like", sql`${pattern} escape '\\'`)]),
  );
}

export async function cardCount(db: Executor, q: string | undefined): Promise<number> {
  const row = await filtered(db, q)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const columns = ["c.id", "c.barcode", "c.issued_at", "c.valid_until", "c.revoked_at", "u.email", "u.first_name", "u.last_name"] as const;

export function cardPage(db: Executor, q: string | undefined, offset: number, limit: number) {
  return filtered(db, q).select(columns).orderBy("c.id", "desc").offset(offset).limit(limit).execute();
}

export function cardById(db: Executor, id: number) {
  return filtered(db, undefined).select(columns).where("c.id", "=", id).executeTakeFirst();
}

export async function cardIdByBarcode(db: Executor, barcode: string): Promise<number | undefined> {
  return (await db.selectFrom("membership_cards").select("id").where("barcode", "=", barcode).executeTakeFirst())?.id;
}

export async function insertCard(
  db: Executor,
  values: { barcode: string; user_id: number; valid_until: string | null; issued_at: string },
) {
  return (await db.insertInto("membership_cards").values(values).returning("id").executeTakeFirstOrThrow()).id;
}

export async function updateCard(
  db: Executor,
  id: number,
  values: Partial<{ barcode: string; user_id: number; valid_until: string | null; revoked_at: string }>,
): Promise<boolean> {
  return (await db.updateTable("membership_cards").set(values).where("id", "=", id).executeTakeFirst()).numUpdatedRows > 0n;
}
