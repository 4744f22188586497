import {
  type AccountDeleteBody,
  type AccountExport,
  type AddressDefaultKind,
  type AddressInput,
  DEFAULT_LOCALE,
  type GeneralSettingAnswer,
  localizedPath,
  MAX_SAVED_ADDRESSES,
  RESET_TOKEN_TTL_S,
  type RegisterAnswer,
  type RegisterBody,
  SERVER_MESSAGES,
  type StaffRights,
  type UpdateBody,
  type UserView,
  V,
  VERIFY_TOKEN_TTL_S,
} from "@shop/contracts";
import type { Executor, UserRow } from "@shop/db";
import { hashPassword, verifyPassword } from "../../auth/password.ts";
import { hashToken, newOpaqueToken } from "../../auth/tokens.ts";
import { AppError, fieldError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { enforceLimit } from "../../http/rate-limits.ts";
import { withTransaction } from "../../http/transaction.ts";
import { forgetMailTo, sendMail } from "../../shared/mail.ts";
import { isUniqueViolation } from "../../shared/unique-violation.ts";
import { exportSocialLogins, forgetSessions, revokeSessions } from "../auth/index.ts";
import { forgetCarts } from "../cart/index.ts";
import { exportComments, forgetComments } from "../comments/index.ts";
import { exportConsentLog, forgetConsentLog, recordAcceptedConsents } from "../consents/index.ts";
import { forgetGuests } from "../guests/index.ts";
import { exportSubscription, forgetSubscription } from "../newsletter/index.ts";
import { anonymiseOrders, exportOrders } from "../orders/index.ts";
import { exportReviews, forgetReviews } from "../reviews/index.ts";
import { exportWishlist, forgetWishlist } from "../wishlist/index.ts";
import { staffColumns } from "./staff.service.ts";
import { accountExistsMail, emailChangeMail, emailChangeNoticeMail, passwordResetMail, verificationMail } from "./user.mail.ts";
import * as repo from "./user.repository.ts";

const HOUR_S = 3600;
const REGISTER_LIMIT_PER_IP = 10;
/** Each try at a known address mails its owner: bounded, so nobody can flood a mailbox through the form. */
const REGISTER_LIMIT_PER_EMAIL = 5;
const FORGOT_LIMIT_PER_IP = 20;
const FORGOT_LIMIT_PER_EMAIL = 5;
const PASSWORD_CHECK_LIMIT_PER_USER = 10;
const BARCODE_LIMIT_PER_IP = 20;
const EMAIL_CHANGE_TTL_S = 24 * HOUR_S;

const barcodeInvalid = () => new AppError("BARCODE_INVALID", "core.notifications.membershipCardBarcodeInvalid");

/**
 * A barcode given for an account: empty means "none" (SPEC §5); anything else must be a card issued
 * to that user (`userId` null: an account that does not exist yet, which holds no card). Another
 * user's card is refused exactly like a number never issued.
 */
async function checkedBarcode(db: Executor, userId: number | null, barcode: string | undefined): Promise<string | null | undefined> {
  if (barcode === undefined) return undefined;
  if (barcode === "") return null;
  if (userId === null || !(await repo.holdsMemberCard(db, userId, barcode))) throw barcodeInvalid();
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

const isoIn = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

async function createUserToken(
  db: Executor,
  userId: number,
  purpose: repo.TokenPurpose,
  ttlS: number,
  newEmail: string | null = null,
): Promise<string> {
  const { token, hash } = newOpaqueToken();
  await repo.insertUserToken(db, userId, purpose, hash, isoIn(ttlS), newEmail);
  return token;
}

const tokenInvalid = () => new AppError("TOKEN_INVALID", "error.tokenInvalid");

/** Marks a token used and returns it; unknown, used, expired or wrong-purpose tokens all fail alike. */
async function consumeUserToken(
  db: Executor,
  purpose: repo.TokenPurpose,
  token: string,
): Promise<{ user_id: number; new_email: string | null }> {
  const now = new Date().toISOString();
  const row = await repo.findUsableUserToken(db, purpose, hashToken(token), now);
  if (!row || !(await repo.markUserTokenUsed(db, row.id, now))) throw tokenInvalid();
  return row;
}

const storefrontLink = (ctx: RequestCtx, path: string, query = "") => `${ctx.config.publicUrl}${path}${query}`;

function sendVerification(ctx: RequestCtx, to: string, name: string, token: string): void {
  const link = storefrontLink(ctx, localizedPath("login", ctx.locale), `?verificationToken=${encodeURIComponent(token)}`);
  sendMail(ctx, verificationMail(ctx.locale, { to, name, site: ctx.site.name, link }));
}

/** The forgot-password page: where an owner who did not ask for something takes the account back. */
const forgotPasswordLink = (ctx: RequestCtx) => storefrontLink(ctx, localizedPath("forgotPassword", ctx.locale));

function sendAccountExists(ctx: RequestCtx, owner: { email: string; first_name: string }): void {
  sendMail(
    ctx,
    accountExistsMail(ctx.locale, { to: owner.email, name: owner.first_name, site: ctx.site.name, link: forgotPasswordLink(ctx) }),
  );
}

const DELIVERY_TYPES: ReadonlySet<string> = new Set(["shipping", "Shipping"]);

/**
 * SPEC §3 registration in address mode: a delivery and a main (billing) address. The first of each
 * kind becomes the account's default, so the profile and the checkout start from them.
 */
async function insertRegisteredAddresses(db: Executor, userId: number, addresses: readonly AddressInput[]): Promise<void> {
  const defaults: { default_delivery_address_id?: number; default_billing_address_id?: number } = {};
  for (const address of addresses) {
    const id = await repo.insertAddress(db, userId, address);
    if (DELIVERY_TYPES.has(address.type)) defaults.default_delivery_address_id ??= id;
    else if (address.type !== "other") defaults.default_billing_address_id ??= id;
  }
  if (Object.keys(defaults).length > 0) await repo.updateUser(db, userId, defaults);
}

/**
 * The same answer whether or not the address has an account, so registering tells nobody which
 * addresses do: a new address gets its account and a confirmation link, a known one no account and
 * no verification, and its owner a mail saying someone tried (with the way to reset the password).
 * The password is hashed either way, so both answers take as long.
 */
export async function register(ctx: RequestCtx, body: RegisterBody): Promise<RegisterAnswer> {
  const email = repo.normalizeEmail(body.email);
  await enforceLimit(ctx, `register:ip:${ctx.ip}`, REGISTER_LIMIT_PER_IP, HOUR_S);
  await enforceLimit(ctx, `register:email:${email}`, REGISTER_LIMIT_PER_EMAIL, HOUR_S);
  // A card is bound to its holder's account when issued: an account that does not exist yet holds none.
  await checkedBarcode(ctx.db, null, body.memberCardBarcode);
  // Outside the transaction: hashing is slow and must not hold a database lock.
  const passwordHash = await hashPassword(body.password);
  const existing = await repo.findUserByEmail(ctx.db, email);
  if (existing) {
    sendAccountExists(ctx, existing);
    return { verificationSent: true };
  }
  const now = new Date().toISOString();
  try {
    await withTransaction(ctx, async (tx) => {
      const id = await repo.insertUser(tx.db, {
        email,
        username: body.username || email,
        password_hash: passwordHash,
        first_name: body.details.firstName,
        last_name: body.details.lastName,
        company_name: body.company?.name || null,
        member_card_barcode: null,
        is_backoffice: 0,
        language: ctx.locale,
        email_verified_at: null,
        created_at: now,
        updated_at: now,
      });
      await insertRegisteredAddresses(tx.db, id, body.addresses ?? []);
      // The form's consents belong to the new account: recorded in the same change, or not at all.
      await recordAcceptedConsents(tx, body.consents ?? [], { userId: id, email });
      // The token goes only to the mailbox: answering it here would let anyone verify any address.
      sendVerification(tx, email, body.details.firstName, await createUserToken(tx.db, id, "verify", VERIFY_TOKEN_TTL_S));
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Another request registered the address a moment earlier.
    const owner = await repo.findUserByEmail(ctx.db, email);
    if (owner) sendAccountExists(ctx, owner);
  }
  return { verificationSent: true };
}

export async function verifyEmail(ctx: RequestCtx, token: string): Promise<{ verified: true }> {
  await withTransaction(ctx, async (tx) => {
    const { user_id } = await consumeUserToken(tx.db, "verify", token);
    await repo.updateUser(tx.db, user_id, { email_verified_at: new Date().toISOString() });
  });
  return { verified: true };
}

/** The user's password, checked before a change that could take the account over; guessing is throttled like login. */
async function checkCurrentPassword(ctx: RequestCtx, user: UserRow, password: string | undefined, path: string): Promise<void> {
  if (!password) throw fieldError(path, V.required);
  await enforceLimit(ctx, `password:user:${user.id}`, PASSWORD_CHECK_LIMIT_PER_USER, HOUR_S);
  if (!(await verifyPassword(password, user.password_hash))) {
    throw new AppError("INCORRECT_OLD_PASSWORD", "error.incorrectPassword", { fields: [{ path, key: "error.incorrectPassword" }] });
  }
}

/**
 * An e-mail change waits for the new address to confirm it: the old address stays (and keeps
 * getting any reset link) until then, and is told of the request. An address that already has an
 * account gets no link, with the same answer, so the form tells nobody which addresses have one.
 */
async function requestEmailChange(tx: RequestCtx, user: UserRow, newEmail: string, name: string): Promise<void> {
  await repo.invalidateUnusedTokens(tx.db, user.id, "email");
  const site = tx.site.name;
  sendMail(tx, emailChangeNoticeMail(tx.locale, { to: user.email, name, site, link: forgotPasswordLink(tx) }, newEmail));
  if (await repo.findUserByEmail(tx.db, newEmail)) return;
  const token = await createUserToken(tx.db, user.id, "email", EMAIL_CHANGE_TTL_S, newEmail);
  const link = storefrontLink(tx, localizedPath("login", tx.locale), `?emailToken=${encodeURIComponent(token)}`);
  sendMail(tx, emailChangeMail(tx.locale, { to: newEmail, name, site, link }, EMAIL_CHANGE_TTL_S));
}

/**
 * Details, username and membership card (one issued to this user) change at once; a new e-mail
 * needs the current password and takes effect only once confirmed from the new address.
 */
export async function updateProfile(ctx: RequestCtx, body: UpdateBody): Promise<UserView> {
  const userId = currentUserId(ctx);
  const current = await repo.findUserById(ctx.db, userId);
  if (!current) throw new AppError("UNAUTHORIZED", "error.unauthorized");
  const barcode = await checkedBarcode(ctx.db, userId, body.memberCardBarcode);
  const email = body.email === undefined ? undefined : repo.normalizeEmail(body.email);
  const newEmail = email !== undefined && email !== current.email ? email : undefined;
  if (newEmail) await checkCurrentPassword(ctx, current, body.password, "password");
  await withTransaction(ctx, async (tx) => {
    await repo.updateUser(tx.db, userId, {
      ...(body.details ? { first_name: body.details.firstName, last_name: body.details.lastName } : {}),
      ...(body.username ? { username: body.username } : {}),
      ...(barcode !== undefined ? { member_card_barcode: barcode } : {}),
      ...(body.language ? { language: body.language } : {}),
    });
    if (newEmail) await requestEmailChange(tx, current, newEmail, body.details?.firstName ?? current.first_name);
  });
  return userViewOrThrow(ctx.db, userId);
}

/**
 * The link from an e-mail change: the address it was made for becomes the account's (confirmed),
 * every other session ends (the one in the refreshToken header is kept), and links sent to the old
 * address stop working. Used once; an address taken meanwhile fails like a spent link.
 */
export async function confirmEmailChange(ctx: RequestCtx, token: string, refreshToken: string | undefined): Promise<{ changed: true }> {
  try {
    await withTransaction(ctx, async (tx) => {
      const { user_id, new_email } = await consumeUserToken(tx.db, "email", token);
      if (!new_email || (await repo.findUserByEmail(tx.db, new_email))) throw tokenInvalid();
      await repo.updateUser(tx.db, user_id, { email: new_email, email_verified_at: new Date().toISOString() });
      await revokeSessions(tx, user_id, refreshToken);
      for (const purpose of ["reset", "verify", "email"] as const) await repo.invalidateUnusedTokens(tx.db, user_id, purpose);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw tokenInvalid();
    throw err;
  }
  return { changed: true };
}

/** A bounded address book: counted and added in one transaction. */
export async function createAddress(ctx: RequestCtx, address: AddressInput): Promise<UserView> {
  const userId = currentUserId(ctx);
  await withTransaction(ctx, async (tx) => {
    if ((await repo.countAddresses(tx.db, userId)) >= MAX_SAVED_ADDRESSES) {
      throw new AppError("CONFLICT", "error.addressLimit", { params: { max: MAX_SAVED_ADDRESSES } });
    }
    await repo.insertAddress(tx.db, userId, address);
  });
  return userViewOrThrow(ctx.db, userId);
}

/** Someone else's address answers exactly like a missing one, so ids reveal nothing. */
const addressNotFound = () => new AppError("NOT_FOUND", "error.notFound");

export async function updateAddress(ctx: RequestCtx, addressId: number, address: AddressInput): Promise<UserView> {
  const userId = currentUserId(ctx);
  if (!(await repo.updateAddress(ctx.db, userId, addressId, address))) throw addressNotFound();
  return userViewOrThrow(ctx.db, userId);
}

/** The address and any default it was go together, or neither does. */
export async function deleteAddress(ctx: RequestCtx, addressId: number): Promise<UserView> {
  const userId = currentUserId(ctx);
  await withTransaction(ctx, async (tx) => {
    if (!(await repo.deleteAddress(tx.db, userId, addressId))) throw addressNotFound();
  });
  return userViewOrThrow(ctx.db, userId);
}

const DEFAULT_COLUMN = { delivery: "default_delivery_address_id", billing: "default_billing_address_id" } as const;

export async function setDefaultAddress(ctx: RequestCtx, addressId: number, kind: AddressDefaultKind): Promise<UserView> {
  const userId = currentUserId(ctx);
  if (!(await repo.setDefaultAddress(ctx.db, userId, addressId, DEFAULT_COLUMN[kind]))) throw addressNotFound();
  return userViewOrThrow(ctx.db, userId);
}

/**
 * Changes the password of the logged-in user. Every access token so far stops counting and other
 * sessions are logged out; the caller's session survives when it sends its refresh token in the
 * refreshToken header (as GET /v1/refresh does), and gets a new access token with it.
 */
export async function changePassword(
  ctx: RequestCtx,
  body: { oldPassword: string; newPassword: string },
  refreshToken: string | undefined,
): Promise<{ changed: true }> {
  const userId = currentUserId(ctx);
  // Guessing the old password with a stolen access token is throttled like login.
  await enforceLimit(ctx, `password:user:${userId}`, PASSWORD_CHECK_LIMIT_PER_USER, HOUR_S);
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

/** Only the newest link works; the mail goes out after commit. */
export async function sendResetLink(ctx: RequestCtx, email: string): Promise<void> {
  const user = await repo.findUserByEmail(ctx.db, email);
  if (!user) return;
  await withTransaction(ctx, async (tx) => {
    await repo.invalidateUnusedTokens(tx.db, user.id, "reset");
    const token = await createUserToken(tx.db, user.id, "reset", RESET_TOKEN_TTL_S);
    const link = storefrontLink(tx, localizedPath("forgotPassword", tx.locale), `?token=${encodeURIComponent(token)}`);
    sendMail(tx, passwordResetMail(tx.locale, { to: user.email, name: user.first_name, site: tx.site.name, link }));
  });
}

/**
 * Always the same answer in the same time, known e-mail or not (no account enumeration): the
 * lookup, the token and the mail happen after the answer. The limits count per IP and per e-mail
 * whether or not an account exists, so a 429 tells nothing either.
 */
export async function forgotPassword(ctx: RequestCtx, rawEmail: string): Promise<{ sent: true }> {
  const email = repo.normalizeEmail(rawEmail);
  await enforceLimit(ctx, `forgot:ip:${ctx.ip}`, FORGOT_LIMIT_PER_IP, HOUR_S);
  await enforceLimit(ctx, `forgot:email:${email}`, FORGOT_LIMIT_PER_EMAIL, HOUR_S);
  setImmediate(() => {
    sendResetLink(ctx, email).catch((err: unknown) => {
      ctx.logger.error({ requestId: ctx.requestId, event: "password.resetLinkFailed", error: String(err) });
    });
  });
  return { sent: true };
}

/** Sets a new password from a reset link; every session of that user is logged out. */
export async function setPassword(ctx: RequestCtx, body: { token: string; password: string }): Promise<{ changed: true }> {
  const passwordHash = await hashPassword(body.password);
  await withTransaction(ctx, async (tx) => {
    const { user_id } = await consumeUserToken(tx.db, "reset", body.token);
    await repo.updateUser(tx.db, user_id, { password_hash: passwordHash });
    await revokeSessions(tx, user_id);
    await repo.invalidateUnusedTokens(tx.db, user_id, "reset");
  });
  return { changed: true };
}

/**
 * Whether the barcode is a card issued to the logged-in user: nobody learns which numbers are other
 * people's cards (they answer false, as do all for a visitor), and tries are limited per address.
 */
export async function validateMembersBarcode(ctx: RequestCtx, barcode: string): Promise<{ isValid: boolean }> {
  await enforceLimit(ctx, `barcode:ip:${ctx.ip}`, BARCODE_LIMIT_PER_IP, HOUR_S);
  return { isValid: ctx.user !== null && (await repo.holdsMemberCard(ctx.db, ctx.user.id, barcode)) };
}

/** A login proved the password: its hash is made again with today's algorithm and cost. */
export async function rehashPassword(db: Executor, userId: number, password: string): Promise<void> {
  await repo.updateUser(db, userId, { password_hash: await hashPassword(password) });
}

/** Access tokens of the user issued before `time` no longer count (logout everywhere). */
export async function endTokensBefore(db: Executor, userId: number, time: string): Promise<void> {
  await repo.updateUser(db, userId, { tokens_valid_after: time });
}

/** SPEC §6: the admin locale comes from the user's global language setting, the one setting kept per user. */
export async function generalSetting(ctx: RequestCtx, query: { group?: string; key?: string }): Promise<GeneralSettingAnswer> {
  const userId = currentUserId(ctx);
  if (query.key !== "language") throw new AppError("NOT_FOUND", "error.notFound");
  const user = await repo.findUserById(ctx.db, userId);
  if (!user) throw new AppError("UNAUTHORIZED", "error.unauthorized");
  return { group: query.group ?? "global", key: query.key, value: user.language };
}

/** Names as a provider gives them, cut to what the account's columns show. */
const NAME_MAX = 100;

/**
 * Social login's account for an e-mail the provider vouched for: confirmed at once, in the
 * visitor's language. `passwordHash` is of a random password nobody knows: the owner signs in
 * through the provider, or sets one through "forgot password".
 */
export async function createSocialUser(
  ctx: RequestCtx,
  input: { email: string; firstName: string; lastName: string; passwordHash: string },
): Promise<number> {
  const email = repo.normalizeEmail(input.email);
  const now = new Date().toISOString();
  return repo.insertUser(ctx.db, {
    email,
    username: email,
    password_hash: input.passwordHash,
    first_name: input.firstName.slice(0, NAME_MAX),
    last_name: input.lastName.slice(0, NAME_MAX),
    company_name: null,
    member_card_barcode: null,
    is_backoffice: 0,
    language: ctx.locale,
    email_verified_at: now,
    created_at: now,
    updated_at: now,
  });
}

/**
 * An account whose e-mail was never confirmed, now linked by a provider that vouches for the
 * address: whoever registered it had not proven the address, so its password is replaced by
 * `passwordHash` (of a random one) and the e-mail counts as confirmed. The caller ends its sessions.
 */
export async function confirmBySocialLogin(ctx: RequestCtx, userId: number, passwordHash: string): Promise<void> {
  await repo.updateUser(ctx.db, userId, { password_hash: passwordHash, email_verified_at: new Date().toISOString() });
}

/**
 * The CLI's create-admin (staff with scopes given --scopes): a backoffice user with a verified e-mail, in the default
 * language, an administrator unless `rights` say staff with scopes. False when the e-mail already has an account.
 */
export async function createBackofficeUser(
  db: Executor,
  rawEmail: string,
  password: string,
  rights: StaffRights = { role: "administrator", scopes: [] },
): Promise<boolean> {
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
    ...staffColumns(rights),
    language: DEFAULT_LOCALE,
    email_verified_at: now,
    created_at: now,
    updated_at: now,
  });
  return true;
}

/**
 * Data tied to the account's e-mail rather than its id (guest orders, the newsletter, consents
 * given as a guest) counts as the customer's only once the address is confirmed: anybody can
 * register with somebody else's address, and must not read or erase that person's data by it.
 */
const verifiedEmailOf = (user: UserRow): string | null => (user.email_verified_at ? user.email : null);

/** GDPR Art. 15 and 20: everything the shop holds about the logged-in customer. */
export function exportAccount(ctx: RequestCtx): Promise<AccountExport> {
  return exportAccountOf(ctx, currentUserId(ctx));
}

/** Everything held about one account (its owner's download, and staff's view of a customer). */
export async function exportAccountOf(ctx: RequestCtx, userId: number): Promise<AccountExport> {
  const user = await repo.findUserById(ctx.db, userId);
  const view = await repo.loadUserView(ctx.db, userId);
  if (!user || !view) throw new AppError("UNAUTHORIZED", "error.unauthorized");
  const verifiedEmail = verifiedEmailOf(user);
  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: user.id,
      email: user.email,
      username: user.username,
      firstName: user.first_name,
      lastName: user.last_name,
      companyName: user.company_name,
      memberCardBarcode: user.member_card_barcode,
      language: user.language,
      emailVerifiedAt: user.email_verified_at,
      createdAt: user.created_at,
    },
    addresses: view.addresses,
    orders: await exportOrders(ctx, { userId, verifiedEmail }),
    consents: await exportConsentLog(ctx, userId, verifiedEmail),
    newsletter: verifiedEmail ? await exportSubscription(ctx, verifiedEmail) : null,
    wishlist: await exportWishlist(ctx, userId),
    reviews: await exportReviews(ctx, userId),
    comments: await exportComments(ctx, userId),
    socialLogins: await exportSocialLogins(ctx, userId),
  };
}

/**
 * GDPR Art. 17 with the accounting act's exception: the orders stay, anonymised; everything else
 * the shop holds about the customer goes, and every session ends with the account. The password
 * is checked first (throttled like every password check); the rest is one transaction, so a
 * failure leaves the account as it was. The e-mail is free for a new registration afterwards.
 */
export async function deleteAccount(ctx: RequestCtx, body: AccountDeleteBody): Promise<{ deleted: true }> {
  const userId = currentUserId(ctx);
  const user = await repo.findUserById(ctx.db, userId);
  if (!user) throw new AppError("UNAUTHORIZED", "error.unauthorized");
  // Staff accounts are the shop's, not a customer's: they are closed by whoever runs the shop.
  if (user.is_backoffice) throw new AppError("FORBIDDEN", "error.forbidden");
  await checkCurrentPassword(ctx, user, body.password, "password");
  await eraseAccount(ctx, user);
  return { deleted: true };
}

/**
 * Removes an account in one transaction (GDPR Art. 17): its orders are kept anonymised for the
 * accounting act, everything else that names the person goes. The caller decides who may.
 */
export async function eraseAccount(ctx: RequestCtx, user: UserRow): Promise<void> {
  const userId = user.id;
  const verifiedEmail = verifiedEmailOf(user);
  await withTransaction(ctx, async (tx) => {
    await anonymiseOrders(tx, { userId, verifiedEmail });
    await forgetCarts(tx, userId);
    await forgetConsentLog(tx, userId, verifiedEmail);
    if (verifiedEmail) {
      await forgetSubscription(tx, verifiedEmail);
      await forgetGuests(tx, verifiedEmail);
      await forgetMailTo(tx, verifiedEmail);
    }
    await forgetWishlist(tx, userId);
    await forgetReviews(tx, userId);
    await forgetComments(tx, userId);
    await forgetSessions(tx, userId);
    await repo.deleteUser(tx.db, userId);
  });
}
