import type { Executor } from "@shop/db";

/** Newsletter subscriptions by e-mail address (unique), and the links sent to confirm them. */

export async function isConfirmedSubscriber(db: Executor, email: string): Promise<boolean> {
  const row = await db.selectFrom("newsletter_subscriptions").select("confirmed_at").where("email", "=", email).executeTakeFirst();
  return Boolean(row?.confirmed_at);
}

/**
 * Creates the subscription or renews an unconfirmed one; undefined when the address is confirmed
 * (meanwhile: the unique address decides when two subscriptions race).
 */
export async function upsertUnconfirmed(
  db: Executor,
  subscription: { email: string; language: string; consentIds: readonly number[] },
): Promise<number | undefined> {
  const now = new Date().toISOString();
  const values = { language_code: subscription.language, consent_ids: JSON.stringify(subscription.consentIds), updated_at: now };
  const row = await db
    .insertInto("newsletter_subscriptions")
    .values({ ...values, email: subscription.email, confirmed_at: null, created_at: now })
    .onConflict((oc) => oc.column("email").doUpdateSet(values).where("newsletter_subscriptions.confirmed_at", "is", null))
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

/** Retires the subscription's unused confirmation links. */
export async function retireLinks(db: Executor, subscriptionId: number): Promise<void> {
  await db
    .updateTable("email_confirmations")
    .set({ used_at: new Date().toISOString() })
    .where("subscription_id", "=", subscriptionId)
    .where("used_at", "is", null)
    .execute();
}

export function findSubscription(db: Executor, email: string) {
  return db
    .selectFrom("newsletter_subscriptions")
    .select(["id", "email", "language_code", "confirmed_at", "created_at"])
    .where("email", "=", email)
    .executeTakeFirst();
}

/** The subscription and every confirmation link sent to the address (they name it). */
export async function deleteSubscription(db: Executor, email: string): Promise<void> {
  await db.deleteFrom("email_confirmations").where("email", "=", email).execute();
  await db.deleteFrom("newsletter_subscriptions").where("email", "=", email).execute();
}
