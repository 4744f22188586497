import type { Executor } from "@shop/db";
import type { SolutionStore } from "./captcha.ts";

/** Used captcha challenges in the database, so every instance refuses a solution seen by another. */
export function captchaSolutionStore(db: Executor): SolutionStore {
  return {
    async markUsed(challengeId, expiresAt) {
      const now = new Date().toISOString();
      // Expired entries are useless (the challenge itself is refused by then): trimmed as we go.
      await db.deleteFrom("captcha_solutions").where("expires_at", "<", now).execute();
      const inserted = await db
        .insertInto("captcha_solutions")
        .values({ challenge_id: challengeId.slice(0, 128), expires_at: expiresAt.toISOString() })
        .onConflict((oc) => oc.column("challenge_id").doNothing())
        .returning("id")
        .executeTakeFirst();
      return inserted !== undefined;
    },
  };
}
