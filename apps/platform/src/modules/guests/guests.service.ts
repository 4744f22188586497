import { DEFAULT_COOKIE_MAX_AGE_S, type GuestDetails } from "@shop/contracts";
import { guestDetails as guestDetailsSchema } from "@shop/contracts/api/guests.ts";
import { hashToken, newOpaqueToken } from "../../auth/tokens.ts";
import { AppError, fieldError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { enforceLimit } from "../../http/rate-limits.ts";
import { withTransaction } from "../../http/transaction.ts";
import { CART_ERRORS, CHECKOUT_ERRORS, checkoutOf, sessionCart } from "../cart/index.ts";
import * as repo from "./guests.repository.ts";

/**
 * The guest user of SPEC §3/§6: what a guest entered on their last address step, kept under the
 * hash of a random token that only their guestUser cookie holds. A use (a saved address step)
 * keeps it for the cookie's thirty days (SPEC §9 default cookie maxAge) from then; after that it
 * opens nothing and is deleted. Only what the next address step needs is kept.
 */

export const GUEST_ERRORS = { registered: "error.guest.registered" } as const;

/** New records per address: a checkout makes one; a script looping over fresh carts is slowed. */
export const REMEMBER_LIMIT = { perIp: 30, windowS: 600 } as const;

function expiresAt(now: Date): string {
  return new Date(now.getTime() + DEFAULT_COOKIE_MAX_AGE_S * 1000).toISOString();
}

/**
 * The cart's saved address step becomes this guest's: the record of a valid token is updated, else
 * a new one is made with a new token. Registered customers have their own addresses instead.
 */
export async function rememberGuest(
  ctx: RequestCtx,
  body: { cartId: number; protectCode: string; guestToken?: string | undefined },
): Promise<{ guestToken: string }> {
  if (ctx.user) throw new AppError("FORBIDDEN", GUEST_ERRORS.registered);
  await enforceLimit(ctx, `guest-remember:ip:${ctx.ip}`, REMEMBER_LIMIT.perIp, REMEMBER_LIMIT.windowS);
  const cart = await sessionCart(ctx, body);
  if (!cart) throw new AppError("CONFLICT", CART_ERRORS.sessionInvalid);
  const { email, delivery, billing, company } = checkoutOf(cart);
  if (!email || !delivery) throw fieldError("delivery", CHECKOUT_ERRORS.addressMissing);
  const now = new Date();
  const record = { email, details: JSON.stringify({ delivery, billing, company }), now: now.toISOString(), expires_at: expiresAt(now) };
  return withTransaction(ctx, async (tx) => {
    await repo.deleteExpiredGuests(tx.db, record.now);
    const known = body.guestToken ? await repo.findLiveGuest(tx.db, hashToken(body.guestToken), record.now) : undefined;
    if (known && body.guestToken) {
      await repo.updateGuest(tx.db, known.id, record);
      return { guestToken: body.guestToken };
    }
    const { token, hash } = newOpaqueToken();
    await repo.insertGuest(tx.db, { ...record, token_hash: hash });
    return { guestToken: token };
  });
}

/** What the guest of this token entered last; null for no token, an unknown or expired one, and for a logged-in caller. */
export async function guestDetails(ctx: RequestCtx, token: string | undefined): Promise<GuestDetails | null> {
  if (ctx.user || !token) return null;
  const row = await repo.findLiveGuest(ctx.db, hashToken(token), new Date().toISOString());
  if (!row) return null;
  try {
    const parsed = guestDetailsSchema.safeParse({ email: row.email, ...JSON.parse(row.details) });
    // Only our own writes are stored; a row of another shape prefills nothing.
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A login ends the guest: its record goes. Any token gets the same answer. */
export async function forgetGuest(ctx: RequestCtx, token: string | undefined): Promise<null> {
  if (token) await repo.deleteGuest(ctx.db, hashToken(token));
  return null;
}

/** A guest's saved address step under an address the deleted account had confirmed. */
export async function forgetGuests(ctx: RequestCtx, verifiedEmail: string): Promise<void> {
  await withTransaction(ctx, (tx) => repo.deleteGuestsOf(tx.db, verifiedEmail));
}
