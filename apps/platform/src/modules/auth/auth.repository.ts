import type { Executor } from "@shop/db";

/** Refresh tokens (sessions): only a token's hash is stored; a family is one login's chain of rotations. */

export interface RefreshTokenRow {
  id: number;
  user_id: number;
  family: string;
  expires_at: string;
  revoked_at: string | null;
  rotated_at: string | null;
}

export async function insertRefreshToken(
  db: Executor,
  userId: number,
  tokenHash: string,
  family: string,
  expiresAt: string,
): Promise<void> {
  await db
    .insertInto("refresh_tokens")
    .values({
      user_id: userId,
      token_hash: tokenHash,
      family,
      expires_at: expiresAt,
      revoked_at: null,
      created_at: new Date().toISOString(),
    })
    .execute();
}

export function findRefreshToken(db: Executor, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return db
    .selectFrom("refresh_tokens")
    .select(["id", "user_id", "family", "expires_at", "revoked_at", "rotated_at"])
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/** Marks a token replaced by its successor; false when it was already revoked (a concurrent rotation won). */
export async function rotateRefreshToken(db: Executor, id: number, now: string): Promise<boolean> {
  const revoked = await db
    .updateTable("refresh_tokens")
    .set({ revoked_at: now, rotated_at: now })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(revoked.numUpdatedRows) === 1;
}

export async function revokeFamily(db: Executor, family: string): Promise<void> {
  await db
    .updateTable("refresh_tokens")
    .set({ revoked_at: new Date().toISOString() })
    .where("family", "=", family)
    .where("revoked_at", "is", null)
    .execute();
}

/** Revokes every refresh token of the user except those of `keepFamily` (the session making a change). */
export async function revokeUserRefreshTokens(db: Executor, userId: number, keepFamily?: string): Promise<void> {
  let q = db
    .updateTable("refresh_tokens")
    .set({ revoked_at: new Date().toISOString() })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null);
  if (keepFamily) q = q.where("family", "!=", keepFamily);
  await q.execute();
}

export async function familyOfUserToken(db: Executor, userId: number, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("refresh_tokens")
    .select("family")
    .where("token_hash", "=", tokenHash)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.family;
}

/** Every refresh token of the user, revoked or not: a deleted account keeps no session records. */
export async function deleteUserRefreshTokens(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom("refresh_tokens").where("user_id", "=", userId).execute();
}
