import type { CartView } from "@shop/contracts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { requestHash } from "../../shared/request-hash.ts";
import {
  type CartRow,
  claimRequestKey,
  deleteRequestKeysBefore,
  findCart,
  findRequestKey,
  releaseRequestKey,
  saveRequestAnswer,
} from "./cart.repository.ts";
import { CART_ERRORS } from "./cart.rules.ts";
import { type CartSession, checkSession, enforceWriteLimits, lockedWrite } from "./cart.session.ts";
import { type State, view } from "./cart.state.ts";

/**
 * Cart changes a replay cannot double (ADR 31): a change sent with an Idempotency-Key claims the key
 * for its cart, makes the change and stores its answer in one transaction; a repeat of the key on
 * that cart answers the stored answer and changes nothing.
 */

/** How long a key answers its repeats: a retry comes within seconds, a day bounds the rows. */
export const REQUEST_KEY_TTL_MS = 24 * 60 * 60_000;

/** A change's endpoint and Idempotency-Key (undefined: sent without one, applied every time). */
export interface CartRequest {
  endpoint: string;
  key: string | undefined;
}

/**
 * What a change did: the cart to answer with, or a refusal that its change still stands for (a coupon
 * that does not apply comes off the cart, SPEC §4): committed, answered with the error, the key left
 * free for a retry like any refused change.
 */
export type Change = State & { refusal?: AppError };

const mismatch = () => new AppError("VALIDATION_ERROR", CART_ERRORS.idempotencyMismatch, { status: 422 });

/**
 * Claims the key for the session's cart, or answers what its first request answered. The session is
 * checked first: a stranger's cartId learns nothing of its keys. On PostgreSQL a parallel repeat's
 * claim waits here for the first request's commit and then finds its answer; SQLite runs one
 * transaction at a time.
 */
async function claimOrReplay(tx: RequestCtx, body: CartSession, request: CartRequest & { key: string }): Promise<CartView | null> {
  const cart = checkSession(await findCart(tx.db, body.cartId), body.protectCode);
  // What the change asks, without the session: the key belongs to the cart already, and no secret goes into the row.
  const { cartId: _cart, protectCode: _code, ...asked } = body;
  const hash = requestHash({ endpoint: request.endpoint, asked });
  const claim = { cart_id: cart.id, request_key: request.key, request_hash: hash, created_at: new Date().toISOString() };
  if (await claimRequestKey(tx.db, claim)) return null;
  const first = await findRequestKey(tx.db, cart.id, request.key);
  // Gone between the two statements only if it expired just then: the key is free again.
  if (!first) return claimOrReplay(tx, body, request);
  // No answer yet: claimed by a change still running in this same transaction, the key used twice at once.
  if (first.request_hash !== hash || first.answer === null) throw mismatch();
  const answer: CartView = JSON.parse(first.answer);
  return answer;
}

/**
 * A cart endpoint's change, answered with the cart: after the write limits, in one transaction, the
 * key claimed (or its first answer replayed), the cart locked and changed, and the answer built and
 * stored. A refused change rolls back, the claim with it.
 */
export async function changeCart(
  ctx: RequestCtx,
  body: CartSession,
  request: CartRequest,
  work: (tx: RequestCtx, cart: CartRow, now: string) => Promise<Change>,
): Promise<CartView> {
  await enforceWriteLimits(ctx, body);
  const done = await withTransaction(ctx, async (tx) => {
    const { key } = request;
    const first = key === undefined ? null : await claimOrReplay(tx, body, { ...request, key });
    if (first) return { answer: first };
    const { refusal, ...state } = await lockedWrite(tx, body, work);
    if (refusal) {
      if (key !== undefined) await releaseRequestKey(tx.db, body.cartId, key);
      return { refusal };
    }
    const answer = await view(tx, state);
    if (key !== undefined) await saveRequestAnswer(tx.db, body.cartId, key, JSON.stringify(answer));
    return { answer };
  });
  if ("refusal" in done) throw done.refusal;
  return done.answer;
}

/** The keys older than a day go (a job of every instance: deleting by time twice deletes once). */
export async function expireRequestKeys(ctx: RequestCtx): Promise<number> {
  return deleteRequestKeysBefore(ctx.db, new Date(Date.now() - REQUEST_KEY_TTL_MS).toISOString());
}
