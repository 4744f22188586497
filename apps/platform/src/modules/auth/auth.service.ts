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
import { DUMMY_HASH, needsRehash, verifyPassword } from "../../auth/password.ts";
import { hashToken, newOpaqueToken, signAccessToken, successorToken, verifyAccessToken } from "../../auth/tokens.ts";
import { AppError } from "../../http/app-error.ts";
import type { AuthUser, PlatformDeps, RequestCtx } from "../../http/context.ts";
import { enforceLimit } from "../../http/rate-limits.ts";
import { withTransaction } from "../../http/transaction.ts";
import {
  endTokensBefore,
  findUserAccess,
  findUserByEmail,
  loadUserView,
  normalizeEmail,
  rehashPassword,
  staffRightsOf,
} from "../user/index.ts";
import * as repo from "./auth.repository.ts";
import { deleteSocialLoginsOf } from "./social.repository.ts";

const LOGIN_WINDOW_S = 15 * 60;
/** Wrong passwords for one account from one address: then that address waits (429); the owner elsewhere does not. */
const LOGIN_LIMIT_PER_ADDRESS_AND_USER = 10;
const LOGIN_LIMIT_PER_IP = 50;
/**
 * Failed logins for one account from anywhere, after which every further try needs a solved captcha:
 * proof of work slows a spread-out guesser down without locking the owner out.
 */
export const LOGIN_CAPTCHA_AFTER = 5;
/** How long a rotated refresh token still answers its successor (parallel requests of one browser). */
export const REFRESH_GRACE_MS = 30_000;
/** Rotations followed from a token in its grace window (a tab that refreshed twice within it). */
const GRACE_CHAIN_MAX = 5;

/** The user of an access token, unless its session has ended or the user's tokens were ended after it was issued. */
export async function userFromAccessToken(deps: PlatformDeps, token: string): Promise<AuthUser | null> {
  const claims = verifyAccessToken(deps.config.secret, token);
  if (!claims) return null;
  const row = await findUserAccess(deps.db, claims.sub, claims.sid);
  if (!row?.sessionLive) return null;
  if (row.tokens_valid_after && Math.round(claims.iat * 1000) < Date.parse(row.tokens_valid_after)) return null;
  return { id: row.id, isBackofficeUser: row.is_backoffice === 1, staff: staffRightsOf(row) };
}

interface TokenHolder {
  id: number;
  is_backoffice: number;
}

function accessTokens(secret: string, user: TokenHolder, session: string, refreshToken: string): Tokens {
  return {
    accessToken: signAccessToken(secret, { userId: user.id, isBackoffice: user.is_backoffice === 1, session }),
    refreshToken,
    expiresIn: ACCESS_TOKEN_TTL_S,
  };
}

const refreshExpiry = () => new Date(Date.now() + REFRESH_TOKEN_TTL_S * 1000).toISOString();

/** A new session: a refresh token family of its own. */
export async function startSession(db: Executor, secret: string, user: TokenHolder): Promise<Tokens> {
  const refresh = newOpaqueToken();
  const family = newOpaqueToken().hash.slice(0, 32);
  await repo.insertRefreshToken(db, user.id, refresh.hash, family, refreshExpiry());
  return accessTokens(secret, user, family, refresh.token);
}

/** SPEC §8 has no text for it: the answer that tells the storefront to show the captcha with the login form. */
function captchaRequired(key: string): AppError {
  return new AppError("CAPTCHA_REQUIRED", key, { fields: [{ path: "captcha", key }] });
}

export async function login(ctx: RequestCtx, body: LoginBody): Promise<LoginAnswer> {
  const username = normalizeEmail(body.username);
  await enforceLimit(ctx, `login:ip:${ctx.ip}`, LOGIN_LIMIT_PER_IP, LOGIN_WINDOW_S);
  const addressKey = `login:ip-user:${ctx.ip}:${username}`;
  const accountKey = `login:user:${username}`;
  await enforceLimit(ctx, addressKey, LOGIN_LIMIT_PER_ADDRESS_AND_USER, LOGIN_WINDOW_S);
  // Counted whether or not the account exists, so asking for the captcha tells nothing about it.
  const account = await ctx.limiter.hit(accountKey, LOGIN_CAPTCHA_AFTER, LOGIN_WINDOW_S);
  if (!account.allowed) {
    if (!body.captcha) throw captchaRequired("error.captchaRequired");
    if (!(await ctx.captcha.verify(body.captcha))) throw captchaRequired("error.captchaInvalid");
  }
  const user = await findUserByEmail(ctx.db, username);
  // Compare against a dummy hash for unknown users so both answers take as long.
  const ok = await verifyPassword(body.password, user?.password_hash ?? DUMMY_HASH);
  if (!user || !ok) throw new AppError("INVALID_LOGIN", SERVER_MESSAGES.unknownUser);
  await Promise.all([ctx.limiter.reset(addressKey), ctx.limiter.reset(accountKey)]);
  if (needsRehash(user.password_hash)) await rehashPassword(ctx.db, user.id, body.password);
  const tokens = await startSession(ctx.db, ctx.config.secret, user);
  const view = await loadUserView(ctx.db, user.id);
  if (!view) throw new AppError("INVALID_LOGIN", SERVER_MESSAGES.unknownUser);
  return { tokens, user: view };
}

const tokenInvalid = () => new AppError("TOKEN_INVALID", "error.tokenInvalid", { status: 401 });

/**
 * The live token a rotated one leads to, following rotations made within the grace window; null
 * when the chain ends in a revoked token (logout, leak) or a rotation older than the window.
 */
async function liveSuccessor(ctx: RequestCtx, token: string): Promise<{ token: string; row: repo.RefreshTokenRow } | null> {
  let current = token;
  for (let step = 0; step < GRACE_CHAIN_MAX; step++) {
    const row = await repo.findRefreshToken(ctx.db, hashToken(current));
    if (!row) return null;
    if (!row.revoked_at) return { token: current, row };
    if (!row.rotated_at || Date.now() - Date.parse(row.rotated_at) > REFRESH_GRACE_MS) return null;
    current = successorToken(ctx.config.secret, current);
  }
  return null;
}

/**
 * A token that was already used: within the grace window it answers the successor its rotation
 * made (two tabs, or a prefetch and a click, refreshing at once all stay logged in); later it
 * means the token leaked, and the whole family is revoked.
 */
async function reused(ctx: RequestCtx, token: string, family: string): Promise<RefreshAnswer> {
  const live = await liveSuccessor(ctx, token);
  const user = live && live.row.expires_at > new Date().toISOString() ? await findUserAccess(ctx.db, live.row.user_id) : undefined;
  if (!live || !user) {
    await repo.revokeFamily(ctx.db, family);
    throw tokenInvalid();
  }
  return { tokens: accessTokens(ctx.config.secret, user, live.row.family, live.token) };
}

/** Rotates a refresh token: the used one is marked replaced and its successor of the same family issued. */
export async function refresh(ctx: RequestCtx, token: string | undefined): Promise<RefreshAnswer> {
  if (!token) throw tokenInvalid();
  const row = await repo.findRefreshToken(ctx.db, hashToken(token));
  if (!row) throw tokenInvalid();
  if (row.revoked_at) return reused(ctx, token, row.family);
  const now = new Date().toISOString();
  if (row.expires_at <= now) throw tokenInvalid();
  const user = await findUserAccess(ctx.db, row.user_id);
  if (!user) throw tokenInvalid();
  const successor = await withTransaction(ctx, async (tx) => {
    // A concurrent refresh with the same token won the race: this one answers its successor.
    if (!(await repo.rotateRefreshToken(tx.db, row.id, now))) return null;
    const next = successorToken(ctx.config.secret, token);
    await repo.insertRefreshToken(tx.db, user.id, hashToken(next), row.family, refreshExpiry());
    return next;
  });
  if (successor === null) return reused(ctx, token, row.family);
  return { tokens: accessTokens(ctx.config.secret, user, row.family, successor) };
}

/** Ends this session: its refresh tokens are revoked, and its access token (which names the session) stops working. */
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

/**
 * Logs the user out everywhere: every refresh token is revoked except those of the session
 * `keepRefreshToken` belongs to (if given and the user's), and every access token issued so far
 * stops counting; the kept session gets a new one with its refresh token.
 */
export async function revokeSessions(ctx: RequestCtx, userId: number, keepRefreshToken?: string): Promise<void> {
  const keepFamily = keepRefreshToken ? await repo.familyOfUserToken(ctx.db, userId, hashToken(keepRefreshToken)) : undefined;
  await repo.revokeUserRefreshTokens(ctx.db, userId, keepFamily);
  await endTokensBefore(ctx.db, userId, new Date().toISOString());
}

/** A deleted account's sessions and social login links go: its access tokens already die with the account. */
export async function forgetSessions(ctx: RequestCtx, userId: number): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    await repo.deleteUserRefreshTokens(tx.db, userId);
    await deleteSocialLoginsOf(tx.db, userId);
  });
}
