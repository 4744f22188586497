import type { Locale } from "@shop/contracts";
import type { Executor } from "@shop/db";

/* Edit locks (issue 13, ADR 25): one row per page and language; the unique key settles races. */

export function lockOf(db: Executor, postId: number, language: Locale) {
  return db.selectFrom("edit_locks").selectAll().where("post_id", "=", postId).where("language_code", "=", language).executeTakeFirst();
}

export interface LockClaim {
  userId: number;
  userName: string;
  expiresAt: string;
  now: string;
  takeOver: boolean;
}

/**
 * Takes or renews the lock in one statement each: the first take inserts (a racing second finds the
 * row), otherwise the row is updated only when it is the caller's, has expired, or `takeOver`.
 * Answers the row when the caller holds the lock now, undefined when someone else does.
 */
export async function claimLock(db: Executor, postId: number, language: Locale, claim: LockClaim) {
  const inserted = await db
    .insertInto("edit_locks")
    .values({
      post_id: postId,
      language_code: language,
      user_id: claim.userId,
      user_name: claim.userName,
      expires_at: claim.expiresAt,
      taken_from_id: null,
    })
    .onConflict((oc) => oc.columns(["post_id", "language_code"]).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return inserted;
  let update = db
    .updateTable("edit_locks")
    .set((eb) => ({
      user_id: claim.userId,
      user_name: claim.userName,
      expires_at: claim.expiresAt,
      // A take-over of a live lock remembers whom it was taken from; a renewal keeps what it was.
      taken_from_id: eb
        .case()
        .when(eb.and([eb("user_id", "!=", claim.userId), eb("expires_at", ">", claim.now)]))
        .then(eb.ref("user_id"))
        .when("user_id", "=", claim.userId)
        .then(eb.ref("taken_from_id"))
        .else(null)
        .end(),
    }))
    .where("post_id", "=", postId)
    .where("language_code", "=", language);
  if (!claim.takeOver) update = update.where((eb) => eb.or([eb("user_id", "=", claim.userId), eb("expires_at", "<=", claim.now)]));
  return update.returningAll().executeTakeFirst();
}

/** Lets go of the lock when the caller holds it. */
export async function releaseLock(db: Executor, postId: number, language: Locale, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom("edit_locks")
    .where("post_id", "=", postId)
    .where("language_code", "=", language)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
