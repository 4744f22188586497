import { ACCESS_TOKEN_TTL_S, type LoginBody, REFRESH_TOKEN_TTL_S, SERVER_MESSAGES, type Tokens, type UserView } from "@shop/contracts";
import { DUMMY_HASH, verifyPassword } from "../../auth/password.ts";
import { hashToken, newOpaqueToken, signAccessToken, verifyAccessToken } from "../../auth/tokens.ts";
import { AppError } from "../../http/app-error.ts";
import type { AuthUser, PlatformDeps, RequestCtx } from "../../http/context.ts";
import { enforceLimit } from "../../http/rate-limits.ts";
import { type Executor, findUserByEmail, findUserById, loadUserView, normalizeEmail } from "../user/user.repository.ts";

const LOGIN_WINDOW_S = 15 * 60;
const LOGIN_LIMIT_PER_USER = 10;
const LOGIN_LIMIT_PER_IP = 50;

export async function userFromAccessToken(deps: PlatformDeps, token: string): Promise<AuthUser | null> {
  const claims = verifyAccessToken(deps.config.secret, token);
  if (!claims) return null;
  const row = await deps.db.selectFrom("users").select(["id", "is_backoffice"]).where("id", "=", claims.sub).executeTakeFirst();
  return row ? { id: row.id, isBackofficeUser: row.is_backoffice === 1 } : null;
}

export async function issueTokens(
  db: Executor,
  secret: string,
  user: { id: number; is_backoffice: number },
  family?: string,
): Promise<Tokens> {
  const refresh = newOpaqueToken();
  await db
    .insertInto("refresh_tokens")
    .values({
      user_id: user.id,
      token_hash: refresh.hash,
      family: family ?? newOpaqueToken().hash.slice(0, 32),
      expires_at: new Date(Date.now() + REFRESH_TOKEN_TTL_S * 1000).toISOString(),
      revoked_at: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  return {
    accessToken: signAccessToken(secret, user.id, user.is_backoffice === 1),
    refreshToken: refresh.token,
    expiresIn: ACCESS_TOKEN_TTL_S,
  };
}

export async function login(ctx: RequestCtx, body: LoginBody): Promise<{ tokens: Tokens; user: UserView }> {
  const username = normalizeEmail(body.username);
  await enforceLimit(ctx, `login:ip:${ctx.ip}`, LOGIN_LIMIT_PER_IP, LOGIN_WINDOW_S);
  await enforceLimit(ctx, `login:user:${username}`, LOGIN_LIMIT_PER_USER, LOGIN_WINDOW_S);
  const user = await findUserByEmail(ctx.db, username);
  // Compare against a dummy hash for unknown users so both answers take as long.
  const ok = await verifyPassword(body.password, user?.password_hash ?? DUMMY_HASH);
  if (!user || !ok) throw new AppError("INVALID_LOGIN", SERVER_MESSAGES.unknownUser);
  await ctx.limiter.reset(`login:user:${username}`);
  const tokens = await issueTokens(ctx.db, ctx.config.secret, user);
  const view = await loadUserView(ctx.db, user.id);
  if (!view) throw new AppError("INVALID_LOGIN", SERVER_MESSAGES.unknownUser);
  return { tokens, user: view };
}

/**
 * Rotates a refresh token: the used one is revoked and a new one of the same family issued.
 * Presenting a revoked token means it leaked, so the whole family is revoked.
 */
export async function refresh(ctx: RequestCtx, token: string): Promise<{ tokens: Tokens }> {
  const invalid = () => new AppError("TOKEN_INVALID", "error.tokenInvalid", { status: 401 });
  if (!token) throw invalid();
  const row = await ctx.db.selectFrom("refresh_tokens").selectAll().where("token_hash", "=", hashToken(token)).executeTakeFirst();
  if (!row) throw invalid();
  const now = new Date().toISOString();
  if (row.revoked_at) {
    await revokeFamily(ctx.db, row.family);
    throw invalid();
  }
  if (row.expires_at <= now) throw invalid();
  const user = await findUserById(ctx.db, row.user_id);
  if (!user) throw invalid();
  return ctx.db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable("refresh_tokens")
      .set({ revoked_at: now })
      .where("id", "=", row.id)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    // A concurrent refresh with the same token won the race: treat as reuse.
    if (Number(revoked.numUpdatedRows) !== 1) throw invalid();
    return { tokens: await issueTokens(trx, ctx.config.secret, user, row.family) };
  });
}

export async function revokeFamily(db: Executor, family: string): Promise<void> {
  await db
    .updateTable("refresh_tokens")
    .set({ revoked_at: new Date().toISOString() })
    .where("family", "=", family)
    .where("revoked_at", "is", null)
    .execute();
}

export async function logout(ctx: RequestCtx, token: string | undefined): Promise<void> {
  if (!token) return;
  const row = await ctx.db.selectFrom("refresh_tokens").select("family").where("token_hash", "=", hashToken(token)).executeTakeFirst();
  if (row) await revokeFamily(ctx.db, row.family);
}
