import type { Executor } from "@shop/db";

/** Social logins: which account a provider's subject signs in to. */

export interface SocialLoginRow {
  id: number;
  user_id: number;
}

export function findSocialLogin(db: Executor, provider: string, subject: string): Promise<SocialLoginRow | undefined> {
  return db
    .selectFrom("social_logins")
    .select(["id", "user_id"])
    .where("provider", "=", provider)
    .where("subject", "=", subject)
    .executeTakeFirst();
}

export async function insertSocialLogin(db: Executor, userId: number, provider: string, subject: string): Promise<void> {
  const now = new Date().toISOString();
  await db.insertInto("social_logins").values({ user_id: userId, provider, subject, created_at: now, last_login_at: now }).execute();
}

export async function touchSocialLogin(db: Executor, id: number): Promise<void> {
  await db.updateTable("social_logins").set({ last_login_at: new Date().toISOString() }).where("id", "=", id).execute();
}

export function socialLoginsOf(db: Executor, userId: number) {
  return db
    .selectFrom("social_logins")
    .select(["provider", "created_at", "last_login_at"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
}

export async function deleteSocialLoginsOf(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom("social_logins").where("user_id", "=", userId).execute();
}
