import {
  type AddressInput,
  localizedPath,
  RESET_TOKEN_TTL_S,
  type RegisterBody,
  SERVER_MESSAGES,
  type UpdateBody,
  type UserView,
  VERIFY_TOKEN_TTL_S,
} from "@shop/contracts";
import type { MailMessage } from "../../adapters/mail.ts";
import { hashPassword, verifyPassword } from "../../auth/password.ts";
import { hashToken, newOpaqueToken } from "../../auth/tokens.ts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { enforceLimit } from "../../http/rate-limits.ts";
import { passwordResetMail, verificationMail } from "./user.mail.ts";
import { addressColumns, type Executor, findUserByEmail, findUserById, loadUserView, normalizeEmail } from "./user.repository.ts";

const HOUR_S = 3600;
const REGISTER_LIMIT_PER_IP = 10;
const FORGOT_LIMIT_PER_IP = 20;
const FORGOT_LIMIT_PER_EMAIL = 5;
const PASSWORD_CHANGE_LIMIT_PER_USER = 10;

type TokenPurpose = "verify" | "reset";

/**
 * Membership card barcode rule: 13 digits whose last digit is the EAN-13 check digit (the cards
 * carry EAN-13 barcodes). Weights 1,3,1,3,… over the first 12 digits; check = (10 − sum mod 10) mod 10.
 */
export function isValidMemberBarcode(barcode: string): boolean {
  if (!/^\d{13}$/.test(barcode)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(barcode[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(barcode[12]);
}

/** An empty barcode means "none" (SPEC §5); anything else must pass the rule. */
function checkedBarcode(barcode: string | undefined): string | null | undefined {
  if (barcode === undefined) return undefined;
  if (barcode === "") return null;
  if (!isValidMemberBarcode(barcode)) throw new AppError("BARCODE_INVALID", "core.notifications.membershipCardBarcodeInvalid");
  return barcode;
}

function currentUserId(ctx: RequestCtx): number {
  if (!ctx.user) throw new AppError("UNAUTHORIZED", "error.unauthorized");
  return ctx.user.id;
}

async function userViewOrThrow(db: Executor, id: number): Promise<UserView> {
  const view = await loadUserView(db, id);
  if (!view) throw new AppError("UNAUTHORIZED", "error.unauthorized");
  return view;
}

/** The unique e-mail index is the final word when two requests race past the existence check. */
function isUniqueViolation(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return (err as { code?: unknown }).code === "23505" || err.message.includes("UNIQUE constraint failed");
}

async function withUniqueEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("USER_EXISTS", SERVER_MESSAGES.userExists);
    throw err;
  }
}

const isoIn = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

async function createUserToken(db: Executor, userId: number, purpose: TokenPurpose, ttlS: number): Promise<string> {
  const { token, hash } = newOpaqueToken();
  await db
    .insertInto("user_tokens")
    .values({ user_id: userId, purpose, token_hash: hash, expires_at: isoIn(ttlS), used_at: null, created_at: new Date().toISOString() })
    .execute();
  return token;
}

/** Marks a token used and returns its user; unknown, used, expired or wrong-purpose tokens all fail alike. */
async function consumeUserToken(db: Executor, purpose: TokenPurpose, token: string): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .selectFrom("user_tokens")
    .select(["id", "user_id"])
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  if (!row) throw new AppError("TOKEN_INVALID", "error.tokenInvalid");
  // The used_at condition makes a concurrent second use lose.
  const used = await db
    .updateTable("user_tokens")
    .set({ used_at: now })
    .where("id", "=", row.id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw new AppError("TOKEN_INVALID", "error.tokenInvalid");
  return row.user_id;
}

async function invalidateUnusedTokens(db: Executor, userId: number, purpose: TokenPurpose): Promise<void> {
  await db
    .updateTable("user_tokens")
    .set({ used_at: new Date().toISOString() })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
}

/** Mail goes out after the answer: a slow or failing SMTP server neither delays nor fails the request. */
function sendLater(ctx: RequestCtx, message: MailMessage): void {
  ctx.mailer.send(message).catch((err: unknown) => {
    ctx.logger.error({ requestId: ctx.requestId, event: "mail.failed", subject: message.subject, error: String(err) });
  });
}

function verificationLink(ctx: RequestCtx, token: string): string {
  return `${ctx.config.publicUrl}${localizedPath("login", ctx.locale)}?verificationToken=${encodeURIComponent(token)}`;
}

function resetLink(ctx: RequestCtx, token: string): string {
  return `${ctx.config.publicUrl}${localizedPath("forgotPassword", ctx.locale)}?token=${encodeURIComponent(token)}`;
}

function sendVerification(ctx: RequestCtx, to: string, name: string, token: string): void {
  sendLater(ctx, verificationMail(ctx.locale, { to, name, site: ctx.site.name, link: verificationLink(ctx, token) }));
}

export async function register(ctx: RequestCtx, body: RegisterBody): Promise<{ user: UserView; verificationSent: true }> {
  await enforceLimit(ctx, `register:ip:${ctx.ip}`, REGISTER_LIMIT_PER_IP, HOUR_S);
  const barcode = checkedBarcode(body.memberCardBarcode);
  const email = normalizeEmail(body.email);
  if (await findUserByEmail(ctx.db, email)) throw new AppError("USER_EXISTS", SERVER_MESSAGES.userExists);
  // Hash outside the transaction: scrypt is slow and must not hold a database lock.
  const passwordHash = await hashPassword(body.password);
  const now = new Date().toISOString();
  const { userId, token } = await withUniqueEmail(() =>
    ctx.db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto("users")
        .values({
          email,
          username: body.username || email,
          password_hash: passwordHash,
          first_name: body.details.firstName,
          last_name: body.details.lastName,
          company_name: body.company?.name || null,
          member_card_barcode: barcode ?? null,
          is_backoffice: 0,
          language: ctx.locale,
          email_verified_at: null,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const address of body.addresses ?? []) {
        await trx
          .insertInto("addresses")
          .values({ ...addressColumns(address), user_id: user.id, created_at: now })
          .execute();
      }
      return { userId: user.id, token: await createUserToken(trx, user.id, "verify", VERIFY_TOKEN_TTL_S) };
    }),
  );
  sendVerification(ctx, email, body.details.firstName, token);
  // The token goes only to the mailbox: answering it here would let anyone verify any address.
  return { user: await userViewOrThrow(ctx.db, userId), verificationSent: true };
}

export async function verifyEmail(ctx: RequestCtx, token: string): Promise<{ verified: true }> {
  await ctx.db.transaction().execute(async (trx) => {
    const userId = await consumeUserToken(trx, "verify", token);
    const now = new Date().toISOString();
    await trx.updateTable("users").set({ email_verified_at: now, updated_at: now }).where("id", "=", userId).execute();
  });
  return { verified: true };
}

/** A changed e-mail must be proven again, so it loses its verified mark and gets a new link. */
export async function updateProfile(ctx: RequestCtx, body: UpdateBody): Promise<UserView> {
  const userId = currentUserId(ctx);
  const barcode = checkedBarcode(body.memberCardBarcode);
  const current = await findUserById(ctx.db, userId);
  if (!current) throw new AppError("UNAUTHORIZED", "error.unauthorized");
  const email = body.email === undefined ? undefined : normalizeEmail(body.email);
  const newEmail = email !== current.email ? email : undefined;
  if (newEmail && (await findUserByEmail(ctx.db, newEmail))) throw new AppError("USER_EXISTS", SERVER_MESSAGES.userExists);
  const token = await withUniqueEmail(() =>
    ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("users")
        .set({
          ...(body.details ? { first_name: body.details.firstName, last_name: body.details.lastName } : {}),
          ...(body.username ? { username: body.username } : {}),
          ...(barcode !== undefined ? { member_card_barcode: barcode } : {}),
          ...(newEmail ? { email: newEmail, email_verified_at: null } : {}),
          updated_at: new Date().toISOString(),
        })
        .where("id", "=", userId)
        .execute();
      if (!newEmail) return undefined;
      await invalidateUnusedTokens(trx, userId, "verify");
      return createUserToken(trx, userId, "verify", VERIFY_TOKEN_TTL_S);
    }),
  );
  if (newEmail && token) sendVerification(ctx, newEmail, body.details?.firstName ?? current.first_name, token);
  return userViewOrThrow(ctx.db, userId);
}

export async function createAddress(ctx: RequestCtx, address: AddressInput): Promise<UserView> {
  const userId = currentUserId(ctx);
  await ctx.db
    .insertInto("addresses")
    .values({ ...addressColumns(address), user_id: userId, created_at: new Date().toISOString() })
    .execute();
  return userViewOrThrow(ctx.db, userId);
}

/** Someone else's address answers exactly like a missing one, so ids reveal nothing. */
export async function updateAddress(ctx: RequestCtx, addressId: number, address: AddressInput): Promise<UserView> {
  const userId = currentUserId(ctx);
  const result = await ctx.db
    .updateTable("addresses")
    .set(addressColumns(address))
    .where("id", "=", addressId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError("NOT_FOUND", "error.notFound");
  return userViewOrThrow(ctx.db, userId);
}

/** Revokes every refresh token of the user except those of `keepFamily` (the session making the change). */
async function revokeRefreshTokens(db: Executor, userId: number, keepFamily?: string): Promise<void> {
  let q = db
    .updateTable("refresh_tokens")
    .set({ revoked_at: new Date().toISOString() })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null);
  if (keepFamily) q = q.where("family", "!=", keepFamily);
  await q.execute();
}

async function familyOf(db: Executor, userId: number, refreshToken: string | null): Promise<string | undefined> {
  if (!refreshToken) return undefined;
  const row = await db
    .selectFrom("refresh_tokens")
    .select("family")
    .where("token_hash", "=", hashToken(refreshToken))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.family;
}

/**
 * Changes the password of the logged-in user. Other sessions are logged out; the caller's session
 * survives when it sends its refresh token in the refreshToken header (as GET /v1/refresh does).
 */
export async function changePassword(
  ctx: RequestCtx,
  body: { oldPassword: string; newPassword: string },
  refreshToken: string | null,
): Promise<{ changed: true }> {
  const userId = currentUserId(ctx);
  // Guessing the old password with a stolen access token is throttled like login.
  await enforceLimit(ctx, `password:user:${userId}`, PASSWORD_CHANGE_LIMIT_PER_USER, HOUR_S);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError("UNAUTHORIZED", "error.unauthorized");
  if (!(await verifyPassword(body.oldPassword, user.password_hash))) {
    throw new AppError("INCORRECT_OLD_PASSWORD", SERVER_MESSAGES.incorrectOldPassword);
  }
  const passwordHash = await hashPassword(body.newPassword);
  const keepFamily = await familyOf(ctx.db, userId, refreshToken);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
      .where("id", "=", userId)
      .execute();
    await revokeRefreshTokens(trx, userId, keepFamily);
    await invalidateUnusedTokens(trx, userId, "reset");
  });
  return { changed: true };
}

/**
 * Always the same answer, known e-mail or not (no account enumeration); the limits count per IP and
 * per e-mail whether or not an account exists, so a 429 tells nothing either.
 */
export async function forgotPassword(ctx: RequestCtx, rawEmail: string): Promise<{ sent: true }> {
  const email = normalizeEmail(rawEmail);
  await enforceLimit(ctx, `forgot:ip:${ctx.ip}`, FORGOT_LIMIT_PER_IP, HOUR_S);
  await enforceLimit(ctx, `forgot:email:${email}`, FORGOT_LIMIT_PER_EMAIL, HOUR_S);
  const user = await findUserByEmail(ctx.db, email);
  if (user) {
    const token = await ctx.db.transaction().execute(async (trx) => {
      // Only the newest link works.
      await invalidateUnusedTokens(trx, user.id, "reset");
      return createUserToken(trx, user.id, "reset", RESET_TOKEN_TTL_S);
    });
    const link = resetLink(ctx, token);
    sendLater(ctx, passwordResetMail(ctx.locale, { to: user.email, name: user.first_name, site: ctx.site.name, link }));
  }
  return { sent: true };
}

/** Sets a new password from a reset link; every session of that user is logged out. */
export async function setPassword(ctx: RequestCtx, body: { token: string; password: string }): Promise<{ changed: true }> {
  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction().execute(async (trx) => {
    const userId = await consumeUserToken(trx, "reset", body.token);
    await trx
      .updateTable("users")
      .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
      .where("id", "=", userId)
      .execute();
    await revokeRefreshTokens(trx, userId);
    await invalidateUnusedTokens(trx, userId, "reset");
  });
  return { changed: true };
}

/** SPEC §6: the admin locale comes from the user's global language setting, the one setting kept per user. */
export async function generalSetting(ctx: RequestCtx, query: { group?: string; key?: string }) {
  const userId = currentUserId(ctx);
  if (query.key !== "language") throw new AppError("NOT_FOUND", "error.notFound");
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError("UNAUTHORIZED", "error.unauthorized");
  return { group: query.group ?? "global", key: query.key, value: user.language };
}
