import type { Executor } from "@shop/db";

export interface GuestRow {
  id: number;
  email: string;
  details: string;
}

/** The guest of a token's hash while it has not expired. */
export function findLiveGuest(db: Executor, tokenHash: string, now: string): Promise<GuestRow | undefined> {
  return db
    .selectFrom("guests")
    .select(["id", "email", "details"])
    .where("token_hash", "=", tokenHash)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

export async function insertGuest(
  db: Executor,
  row: { token_hash: string; email: string; details: string; now: string; expires_at: string },
): Promise<void> {
  await db
    .insertInto("guests")
    .values({
      token_hash: row.token_hash,
      email: row.email,
      details: row.details,
      created_at: row.now,
      last_used_at: row.now,
      expires_at: row.expires_at,
    })
    .execute();
}

export async function updateGuest(db: Executor, id: number, row: { email: string; details: string; now: string; expires_at: string }) {
  await db
    .updateTable("guests")
    .set({ email: row.email, details: row.details, last_used_at: row.now, expires_at: row.expires_at })
    .where("id", "=", id)
    .execute();
}

export async function deleteGuest(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom("guests").where("token_hash", "=", tokenHash).execute();
}

export async function deleteExpiredGuests(db: Executor, now: string): Promise<void> {
  await db.deleteFrom("guests").where("expires_at", "<=", now).execute();
}

/** Every guest record kept under the address (the e-mail as typed at checkout, compared without case). */
export async function deleteGuestsOf(db: Executor, email: string): Promise<void> {
  await db
    .deleteFrom("guests")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .execute();
}
