import type { Executor } from "@shop/db";
import { sql } from "kysely";
import { likeContains } from "../../shared/like.ts";

export interface SubscriberQuery {
  state: "confirmed" | "unconfirmed" | "all";
  q?: string;
}

function subscribers(db: Executor, query: SubscriberQuery) {
  return db
    .selectFrom("newsletter_subscriptions")
    .$if(query.state === "confirmed", (q) => q.where("confirmed_at", "is not", null))
    .$if(query.state === "unconfirmed", (q) => q.where("confirmed_at", "is", null))
    .$if(Boolean(query.q), (q) => q.where(sql<boolean>`email like ${likeContains((query.q ?? "").toLowerCase())} escape '\\'`));
}

export async function countSubscribers(db: Executor, query: SubscriberQuery): Promise<number> {
  const row = await subscribers(db, query)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function pageSubscribers(db: Executor, query: SubscriberQuery, offset: number, limit: number) {
  return subscribers(db, query)
    .select(["id", "email", "language_code", "confirmed_at", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .offset(offset)
    .limit(limit)
    .execute();
}
