import {
  type AccountExport,
  type LoginAnswer,
  localizedPath,
  type SocialLoginBody,
  type SocialProvidersAnswer,
  type SocialStartAnswer,
} from "@shop/contracts";
import { type SocialIdentity, SocialLoginError } from "../../adapters/oidc/index.ts";
import { hashPassword } from "../../auth/password.ts";
import { newOpaqueToken } from "../../auth/tokens.ts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { enforceLimit } from "../../http/rate-limits.ts";
import { withTransaction } from "../../http/transaction.ts";
import { isUniqueViolation } from "../../shared/unique-violation.ts";
import { confirmBySocialLogin, createSocialUser, findUserAccess, findUserByEmail, loadUserView } from "../user/index.ts";
import { revokeSessions, startSession } from "./auth.service.ts";
import * as repo from "./social.repository.ts";

const SOCIAL_WINDOW_S = 15 * 60;
/** Callbacks from one address in the window: each costs a call to the provider. */
const SOCIAL_LIMIT_PER_IP = 30;

const loginFailed = () => new AppError("SOCIAL_LOGIN_FAILED", "error.socialLoginFailed");
/** Staff sign in with their password only: a taken-over provider account must not open the back office. */
const staffRefused = () => new AppError("FORBIDDEN", "error.socialStaffRefused");

export async function socialProviders(ctx: RequestCtx): Promise<SocialProvidersAnswer> {
  return { providers: ctx.social.list.map((p) => ({ ...p, origin: ctx.social.authorizationOrigin(p.name) })) };
}

/** The storefront's callback page in the request's language: the start and the code exchange must name the same one. */
function callbackUri(ctx: RequestCtx): string {
  return `${ctx.config.publicUrl}${localizedPath("socialLogin", ctx.locale)}`;
}

function providerOf(ctx: RequestCtx, name: string): string {
  if (!ctx.social.has(name)) throw new AppError("SOCIAL_LOGIN_FAILED", "error.socialProviderUnknown");
  return name;
}

/** The adapter's failure as an answer: the visitor's words in the answer, the provider's in the log. */
function failure(ctx: RequestCtx, provider: string, err: unknown): unknown {
  if (!(err instanceof SocialLoginError)) return err;
  ctx.logger.info({ requestId: ctx.requestId, event: "social.loginRefused", provider, reason: err.reason, error: err.message });
  return err.reason === "refused" ? loginFailed() : new AppError("PROVIDER_UNAVAILABLE", "error.socialProviderUnavailable");
}

export async function startSocialLogin(ctx: RequestCtx, name: string): Promise<SocialStartAnswer> {
  const provider = providerOf(ctx, name);
  try {
    return await ctx.social.start(provider, callbackUri(ctx));
  } catch (err) {
    throw failure(ctx, provider, err);
  }
}

/**
 * The account a provider's subject signs in to: the one it is linked to; else, for an e-mail the
 * provider says is verified (and only then), the account with that e-mail, linked now (never a
 * staff account), or a new confirmed one. An unconfirmed account found by the e-mail loses its
 * password and sessions: its registrant had not proven the address, the provider's user has.
 */
async function accountFor(ctx: RequestCtx, provider: string, identity: SocialIdentity): Promise<number> {
  const linked = await repo.findSocialLogin(ctx.db, provider, identity.subject);
  if (linked) {
    await repo.touchSocialLogin(ctx.db, linked.id);
    return linked.user_id;
  }
  const email = identity.emailVerified ? identity.email : null;
  if (!email) throw new AppError("EMAIL_NOT_VERIFIED", "error.socialEmailNotVerified");
  // Outside the transaction: hashing is slow and must not hold a database lock.
  const passwordHash = await hashPassword(newOpaqueToken().token);
  try {
    return await withTransaction(ctx, async (tx) => {
      const existing = await findUserByEmail(tx.db, email);
      let userId: number;
      if (existing) {
        if (existing.is_backoffice === 1) throw staffRefused();
        userId = existing.id;
        if (!existing.email_verified_at) {
          await confirmBySocialLogin(tx, userId, passwordHash);
          await revokeSessions(tx, userId);
        }
      } else {
        userId = await createSocialUser(tx, { email, firstName: identity.firstName, lastName: identity.lastName, passwordHash });
      }
      await repo.insertSocialLogin(tx.db, userId, provider, identity.subject);
      return userId;
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // A parallel callback of the same subject linked it a moment earlier.
    const raced = await repo.findSocialLogin(ctx.db, provider, identity.subject);
    if (!raced) throw loginFailed();
    return raced.user_id;
  }
}

/**
 * The provider's callback: the code is exchanged with the PKCE verifier, the state and nonce
 * checked, the ID token validated (by the adapter), then the account signs in like a password
 * login, in a session of its own.
 */
export async function socialLogin(ctx: RequestCtx, body: SocialLoginBody): Promise<LoginAnswer> {
  await enforceLimit(ctx, `social:ip:${ctx.ip}`, SOCIAL_LIMIT_PER_IP, SOCIAL_WINDOW_S);
  const provider = providerOf(ctx, body.provider);
  let identity: SocialIdentity;
  try {
    identity = await ctx.social.finish(provider, callbackUri(ctx), body.callback, body);
  } catch (err) {
    throw failure(ctx, provider, err);
  }
  const userId = await accountFor(ctx, provider, identity);
  const user = await findUserAccess(ctx.db, userId);
  if (!user) throw loginFailed();
  // A customer made staff after linking a provider keeps the link, but not this way in.
  if (user.is_backoffice === 1) throw staffRefused();
  const tokens = await startSession(ctx.db, ctx.config.secret, user);
  const view = await loadUserView(ctx.db, userId);
  if (!view) throw loginFailed();
  return { tokens, user: view };
}

export async function exportSocialLogins(ctx: RequestCtx, userId: number): Promise<AccountExport["socialLogins"]> {
  const rows = await repo.socialLoginsOf(ctx.db, userId);
  return rows.map((r) => ({ provider: r.provider, linkedAt: r.created_at, lastLoginAt: r.last_login_at }));
}
