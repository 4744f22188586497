import {
  ACCESS_TOKEN_TTL_S,
  type LoginAnswer,
  type LoginBody,
  REFRESH_TOKEN_TTL_S,
  type RefreshAnswer,
  SERVER_MESSAGES,
  type Tokens,
  type UserView,
} from "@shop/contracts";
import type { Executor } from "@shop/db";
import { DUMMY_HASH, verifyPassword } from "../../auth/password.ts";
import { hashToken, newOpaqueToken, signAccessToken, verifyAccessToken } from "../../auth/tokens.ts";
import { AppError } from "../../http/app-error.ts";
import type { AuthUser, PlatformDeps, RequestCtx } from "../../http/context.ts";
import { enforceLimit } from "../../http/rate-limits.ts";
import { withTransaction } from "../../http/transaction.ts";
import { findUserAccess, findUserByEmail, loadUserView, normalizeEmail } from "../user/index.ts";
import * as repo from "./auth.repository.ts";

const LOGIN_WINDOW_S = 15 * 60;
const LOGIN_LIMIT_PER_USER = 10;
const LOGIN_LIMIT_PER_IP = 50;

export async function userFromAccessToken(deps: PlatformDeps, token: string): Promise<AuthUser | null> {
  const claims = verifyAccessToken(deps.config.secret, token);
  if (!claims) return null;
  const row = await findUserAccess(deps.db, claims.sub);
  return row ? { id: row.id, isBackofficeUser: row.is_backoffice === 1 } : null;
}

async function issueTokens(db: Executor, secret: string, user: { id: number; is_backoffice: number }, family?: string): Promise<Tokens> {
  const refresh = newOpaqueToken();
  const expiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_S * 1000).toISOString();
  await repo.insertRefreshToken(db, user.id, refresh.hash, family ?? newOpaqueToken().hash.slice(0, 32), expiresAt);
  return {
    accessToken: signAccessToken(secret, user.id, user.is_backoffice === 1),
    refreshToken: refresh.token,
    expiresIn: ACCESS_TOKEN_TTL_S,
  };
}

export async function login(ctx: RequestCtx, body: LoginBody): Promise<LoginAnswer> {
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
export async function refresh(ctx: RequestCtx, token: string | undefined): Promise<RefreshAnswer> {
  const invalid = () => new AppError("TOKEN_INVALID", "error.tokenInvalid", { status: 401 });
  if (!token) throw invalid();
  const row = await repo.findRefreshToken(ctx.db, hashToken(token));
  if (!row) throw invalid();
  const now = new Date().toISOString();
  if (row.revoked_at) {
    await repo.revokeFamily(ctx.db, row.family);
    throw invalid();
  }
  if (row.expires_at <= now) throw invalid();
  const user = await findUserAccess(ctx.db, row.user_id);
  if (!user) throw invalid();
  return withTransaction(ctx, async (tx) => {
    // A concurrent refresh with the same token won the race: treat as reuse.
    if (!(await repo.revokeRefreshToken(tx.db, row.id, now))) throw invalid();
    return { tokens: await issueTokens(tx.db, ctx.config.secret, user, row.family) };
  });
}

export async function logout(ctx: RequestCtx, token: string | undefined): Promise<{ loggedOut: true }> {
  const row = token ? await repo.findRefreshToken(ctx.db, hashToken(token)) : undefined;
  if (row) await repo.revokeFamily(ctx.db, row.family);
  return { loggedOut: true };
}

/** The logged-in user (customer or staff, as the endpoint's access decides). */
export async function currentUser(ctx: RequestCtx): Promise<UserView> {
  const view = ctx.user ? await loadUserView(ctx.db, ctx.user.id) : undefined;
  if (!view) throw new AppError("UNAUTHORIZED", "error.unauthorized");
  return view;
}

/** Logs the user out everywhere except the session `keepRefreshToken` belongs to (if given and the user's). */
export async function revokeSessions(ctx: RequestCtx, userId: number, keepRefreshToken?: string): Promise<void> {
  const keepFamily = keepRefreshToken ? await repo.familyOfUserToken(ctx.db, userId, hashToken(keepRefreshToken)) : undefined;
  await repo.revokeUserRefreshTokens(ctx.db, userId, keepFamily);
}
