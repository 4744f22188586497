import { timingSafeEqual } from "node:crypto";
import { hashToken } from "../../auth/tokens.ts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { enforceLimit } from "../../http/rate-limits.ts";
import { withTransaction } from "../../http/transaction.ts";
import { type CartRow, findCart, touchOpenCart } from "./cart.repository.ts";
import { CART_ERRORS } from "./cart.rules.ts";

/** Who may read and change a cart (its cartId with its protectCode), and how a change runs. */

export interface CartSession {
  cartId: number;
  protectCode: string;
}

/**
 * Changes per cart session and per address: far above any person clicking, low enough that a script
 * cannot hammer. The cart's counter is keyed by its code too, so strangers guessing codes for a
 * cartId use up their own counters, not the owner's.
 */
export const WRITE_LIMIT = { perCart: 120, perIp: 600, windowS: 60 } as const;

/** Compared against when the cart does not exist, so both refusals take as long. */
const DUMMY_HASH = hashToken("no-such-cart");

const sessionInvalid = () => new AppError("CONFLICT", CART_ERRORS.sessionInvalid);

function hashMatches(storedHex: string, protectCode: string): boolean {
  const stored = Buffer.from(storedHex, "hex");
  const given = Buffer.from(hashToken(protectCode), "hex");
  return stored.length === given.length && timingSafeEqual(stored, given);
}

/**
 * Another visitor's cartId alone opens nothing: a wrong code, an unknown cart and a cart that became
 * an order all get the same 409, after the same constant-time comparison.
 */
export function checkSession(row: CartRow | undefined, protectCode: string): CartRow {
  const ok = hashMatches(row?.protect_hash ?? DUMMY_HASH, protectCode);
  if (!row || !ok || row.ordered_at !== null) throw sessionInvalid();
  return row;
}

/** The cart of a session, open or already ordered (a repeated order/create answers the first order). */
export async function sessionCart(ctx: RequestCtx, session: CartSession): Promise<CartRow | undefined> {
  const row = await findCart(ctx.db, session.cartId);
  return hashMatches(row?.protect_hash ?? DUMMY_HASH, session.protectCode) ? row : undefined;
}

export async function openForRead(ctx: RequestCtx, session: CartSession): Promise<CartRow> {
  return checkSession(await findCart(ctx.db, session.cartId), session.protectCode);
}

export async function enforceWriteLimits(ctx: RequestCtx, session: CartSession): Promise<void> {
  await enforceLimit(ctx, `cart-write:ip:${ctx.ip}`, WRITE_LIMIT.perIp, WRITE_LIMIT.windowS);
  await enforceLimit(
    ctx,
    `cart-write:${session.cartId}:${hashToken(session.protectCode).slice(0, 16)}`,
    WRITE_LIMIT.perCart,
    WRITE_LIMIT.windowS,
  );
}

/** Inside the change's transaction: checks the session, locks and touches the cart first, then runs `work`. */
export async function lockedWrite<T>(
  tx: RequestCtx,
  session: CartSession,
  work: (tx: RequestCtx, cart: CartRow, now: string) => Promise<T>,
): Promise<T> {
  const now = new Date().toISOString();
  const cart = checkSession(await touchOpenCart(tx.db, session.cartId, tx.user?.id ?? null, now), session.protectCode);
  return work(tx, cart, now);
}

/** Runs a change to one cart in a transaction (or the caller's), after the write limits: see `lockedWrite`. */
export async function writeCart<T>(
  ctx: RequestCtx,
  session: CartSession,
  work: (tx: RequestCtx, cart: CartRow, now: string) => Promise<T>,
): Promise<T> {
  await enforceWriteLimits(ctx, session);
  return withTransaction(ctx, (tx) => lockedWrite(tx, session, work));
}
