import type { Executor } from "@shop/db";

export function findRedirect(db: Executor, fromPath: string) {
  return db.selectFrom("redirects").selectAll().where("from_path", "=", fromPath).executeTakeFirst();
}

export function insertRedirect(db: Executor, values: { fromPath: string; toPath: string; status: number; now: string }) {
  return db
    .insertInto("redirects")
    .values({ from_path: values.fromPath, to_path: values.toPath, status: values.status, created_at: values.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Counts one more miss of the path (the first makes its row). */
export function recordFailedRequest(db: Executor, path: string, now: string) {
  return db
    .insertInto("failed_requests")
    .values({ path, hits: 1, first_seen_at: now, last_seen_at: now })
    .onConflict((oc) => oc.column("path").doUpdateSet((eb) => ({ hits: eb(eb.ref("failed_requests.hits"), "+", 1), last_seen_at: now })))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function countFailedRequests(db: Executor): Promise<number> {
  return Number(
    (
      await db
        .selectFrom("failed_requests")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

/** A page of recorded misses, most frequent first. */
export function failedRequests(db: Executor, limit: number, offset: number) {
  return db
    .selectFrom("failed_requests")
    .selectAll()
    .orderBy("hits", "desc")
    .orderBy("last_seen_at", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function deleteRedirectFrom(db: Executor, fromPath: string): Promise<void> {
  await db.deleteFrom("redirects").where("from_path", "=", fromPath).execute();
}

/** Redirects that lead to `from` lead to `to` instead (no chains after a page's slug changes again). */
export async function retargetRedirects(db: Executor, from: string, to: string): Promise<void> {
  await db.updateTable("redirects").set({ to_path: to }).where("to_path", "=", from).execute();
}
