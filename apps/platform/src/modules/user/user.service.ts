import {
  type AddressInput,
  DEFAULT_LOCALE,
  type GeneralSettingAnswer,
  localizedPath,
  RESET_TOKEN_TTL_S,
  type RegisterAnswer,
  type RegisterBody,
  SERVER_MESSAGES,
  type UpdateBody,
  type UserView,
  VERIFY_TOKEN_TTL_S,
} from "@shop/contracts";
import type { Executor } from "@shop/db";
import { hashPassword, verifyPassword } from "../../auth/password.ts";
import { hashToken, newOpaqueToken } from "../../auth/tokens.ts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { enforceLimit } from "../../http/rate-limits.ts";
import { withTransaction } from "../../http/transaction.ts";
import { sendMail } from "../../shared/mail.ts";
import { revokeSessions } from "../auth/index.ts";
import { passwordResetMail, verificationMail } from "./user.mail.ts";
import * as repo from "./user.repository.ts";

const HOUR_S = 3600;
const REGISTER_LIMIT_PER_IP = 10;
const FORGOT_LIMIT_PER_IP = 20;
const FORGOT_LIMIT_PER_EMAIL = 5;
const PASSWORD_CHANGE_LIMIT_PER_USER = 10;

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
  const view = await repo.loadUserView(db, id);
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

async function createUserToken(db: Executor, userId: number, purpose: repo.TokenPurpose, ttlS: number): Promise<string> {
  const { token, hash } = newOpaqueToken();
  await repo.insertUserToken(db, userId, purpose, hash, isoIn(ttlS));
  return token;
}

/** Marks a token used and returns its user; unknown, used, expired or wrong-purpose tokens all fail alike. */
async function consumeUserToken(db: Executor, purpose: repo.TokenPurpose, token: string): Promise<number> {
  const now = new Date().toISOString();
  const row = await repo.findUsableUserToken(db, purpose, hashToken(token), now);
  if (!row || !(await repo.markUserTokenUsed(db, row.id, now))) throw new AppError("TOKEN_INVALID", "error.tokenInvalid");
  return row.user_id;
}

function verificationLink(ctx: RequestCtx, token: string): string {
  return `${ctx.config.publicUrl}${localizedPath("login", ctx.locale)}?verificationToken=${encodeURIComponent(token)}`;
}

function resetLink(ctx: RequestCtx, token: string): string {
  return `${ctx.config.publicUrl}${localizedPath("forgotPassword", ctx.locale)}?token=${encodeURIComponent(token)}`;
}

function sendVerification(ctx: RequestCtx, to: string, name: string, token: string): void {
  sendMail(ctx, verificationMail(ctx.locale, { to, name, site: ctx.site.name, link: verificationLink(ctx, token) }));
}

export async function register(ctx: RequestCtx, body: RegisterBody): Promise<RegisterAnswer> {
  await enforceLimit(ctx, `register:ip:${ctx.ip}`, REGISTER_LIMIT_PER_IP, HOUR_S);
  const barcode = checkedBarcode(body.memberCardBarcode);
  const email = repo.normalizeEmail(body.email);
  if (await repo.findUserByEmail(ctx.db, email)) throw new AppError("USER_EXISTS", SERVER_MESSAGES.userExists);
  // Hash outside the transaction: scrypt is slow and must not hold a database lock.
  const passwordHash = await hashPassword(body.password);
  const now = new Date().toISOString();
  const userId = await withUniqueEmail(() =>
    withTransaction(ctx, async (tx) => {
      const id = await repo.insertUser(tx.db, {
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
      });
      for (const address of body.addresses ?? []) await repo.insertAddress(tx.db, id, address);
      // The token goes only to the mailbox: answering it here would let anyone verify any address.
      sendVerification(tx, email, body.details.firstName, await createUserToken(tx.db, id, "verify", VERIFY_TOKEN_TTL_S));
      return id;
    }),
  );
  return { user: await userViewOrThrow(ctx.db, userId), verificationSent: true };
}

export async function verifyEmail(ctx: RequestCtx, token: string): Promise<{ verified: true }> {
  await withTransaction(ctx, async (tx) => {
    const userId = await consumeUserToken(tx.db, "verify", token);
    await repo.updateUser(tx.db, userId, { email_verified_at: new Date().toISOString() });
  });
  return { verified: true };
}

/** A changed e-mail must be proven again, so it loses its verified mark and gets a new link. */
export async function updateProfile(ctx: RequestCtx, body: UpdateBody): Promise<UserView> {
  const userId = currentUserId(ctx);
  const barcode = checkedBarcode(body.memberCardBarcode);
  const current = await repo.findUserById(ctx.db, userId);
  if (!current) throw new AppError("UNAUTHORIZED", "error.unauthorized");
  const email = body.email === undefined ? undefined : repo.normalizeEmail(body.email);
  const newEmail = email !== current.email ? email : undefined;
  if (newEmail && (await repo.findUserByEmail(ctx.db, newEmail))) throw new AppError("USER_EXISTS", SERVER_MESSAGES.userExists);
  await withUniqueEmail(() =>
    withTransaction(ctx, async (tx) => {
      await repo.updateUser(tx.db, userId, {
        ...(body.details ? { first_name: body.details.firstName, last_name: body.details.lastName } : {}),
        ...(body.username ? { username: body.username } : {}),
        ...(barcode !== undefined ? { member_card_barcode: barcode } : {}),
        ...(newEmail ? { email: newEmail, email_verified_at: null } : {}),
      });
      if (!newEmail) return;
      await repo.invalidateUnusedTokens(tx.db, userId, "verify");
      const token = await createUserToken(tx.db, userId, "verify", VERIFY_TOKEN_TTL_S);
      sendVerification(tx, newEmail, body.details?.firstName ?? current.first_name, token);
    }),
  );
  return userViewOrThrow(ctx.db, userId);
}

export async function createAddress(ctx: RequestCtx, address: AddressInput): Promise<UserView> {
  const userId = currentUserId(ctx);
  await repo.insertAddress(ctx.db, userId, address);
  return userViewOrThrow(ctx.db, userId);
}

/** Someone else's address answers exactly like a missing one, so ids reveal nothing. */
export async function updateAddress(ctx: RequestCtx, addressId: number, address: AddressInput): Promise<UserView> {
  const userId = currentUserId(ctx);
  if (!(await repo.updateAddress(ctx.db, userId, addressId, address))) throw new AppError("NOT_FOUND", "error.notFound");
  return userViewOrThrow(ctx.db, userId);
}

/**
 * Changes the password of the logged-in user. Other sessions are logged out; the caller's session
 * survives when it sends its refresh token in the refreshToken header (as GET /v1/refresh does).
 */
export async function changePassword(
  ctx: RequestCtx,
  body: { oldPassword: string; newPassword: string },
  refreshToken: string | undefined,
): Promise<{ changed: true }> {
  const userId = currentUserId(ctx);
  // Guessing the old password with a stolen access token is throttled like login.
  await enforceLimit(ctx, `password:user:${userId}`, PASSWORD_CHANGE_LIMIT_PER_USER, HOUR_S);
  const user = await repo.findUserById(ctx.db, userId);
  if (!user) throw new AppError("UNAUTHORIZED", "error.unauthorized");
  if (!(await verifyPassword(body.oldPassword, user.password_hash))) {
    throw new AppError("INCORRECT_OLD_PASSWORD", SERVER_MESSAGES.incorrectOldPassword);
  }
  const passwordHash = await hashPassword(body.newPassword);
  await withTransaction(ctx, async (tx) => {
    await repo.updateUser(tx.db, userId, { password_hash: passwordHash });
    await revokeSessions(tx, userId, refreshToken);
    await repo.invalidateUnusedTokens(tx.db, userId, "reset");
  });
  return { changed: true };
}

/**
 * Always the same answer, known e-mail or not (no account enumeration); the limits count per IP and
 * per e-mail whether or not an account exists, so a 429 tells nothing either.
 */
export async function forgotPassword(ctx: RequestCtx, rawEmail: string): Promise<{ sent: true }> {
  const email = repo.normalizeEmail(rawEmail);
  await enforceLimit(ctx, `forgot:ip:${ctx.ip}`, FORGOT_LIMIT_PER_IP, HOUR_S);
  await enforceLimit(ctx, `forgot:email:${email}`, FORGOT_LIMIT_PER_EMAIL, HOUR_S);
  const user = await repo.findUserByEmail(ctx.db, email);
  if (user) {
    await withTransaction(ctx, async (tx) => {
      // Only the newest link works.
      await repo.invalidateUnusedTokens(tx.db, user.id, "reset");
      const link = resetLink(tx, await createUserToken(tx.db, user.id, "reset", RESET_TOKEN_TTL_S));
      sendMail(tx, passwordResetMail(tx.locale, { to: user.email, name: user.first_name, site: tx.site.name, link }));
    });
  }
  return { sent: true };
}

/** Sets a new password from a reset link; every session of that user is logged out. */
export async function setPassword(ctx: RequestCtx, body: { token: string; password: string }): Promise<{ changed: true }> {
  const passwordHash = await hashPassword(body.password);
  await withTransaction(ctx, async (tx) => {
    const userId = await consumeUserToken(tx.db, "reset", body.token);
    await repo.updateUser(tx.db, userId, { password_hash: passwordHash });
    await revokeSessions(tx, userId);
    await repo.invalidateUnusedTokens(tx.db, userId, "reset");
  });
  return { changed: true };
}

export function validateMembersBarcode(barcode: string): { isValid: boolean } {
  return { isValid: isValidMemberBarcode(barcode) };
}

/** SPEC §6: the admin locale comes from the user's global language setting, the one setting kept per user. */
export async function generalSetting(ctx: RequestCtx, query: { group?: string; key?: string }): Promise<GeneralSettingAnswer> {
  const userId = currentUserId(ctx);
  if (query.key !== "language") throw new AppError("NOT_FOUND", "error.notFound");
  const user = await repo.findUserById(ctx.db, userId);
  if (!user) throw new AppError("UNAUTHORIZED", "error.unauthorized");
  return { group: query.group ?? "global", key: query.key, value: user.language };
}

/**
 * The CLI's create-admin: a backoffice user with a verified e-mail, in the default language.
 * False when the e-mail already has an account.
 */
export async function createBackofficeUser(db: Executor, rawEmail: string, password: string): Promise<boolean> {
  const email = repo.normalizeEmail(rawEmail);
  if (await repo.findUserByEmail(db, email)) return false;
  const now = new Date().toISOString();
  await repo.insertUser(db, {
    email,
    username: email,
    password_hash: await hashPassword(password),
    first_name: "Admin",
    last_name: "Admin",
    company_name: null,
    member_card_barcode: null,
    is_backoffice: 1,
    language: DEFAULT_LOCALE,
    email_verified_at: now,
    created_at: now,
    updated_at: now,
  });
  return true;
}
