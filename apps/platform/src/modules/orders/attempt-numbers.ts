import { createHmac, randomInt } from "node:crypto";
import type { RequestCtx } from "../../http/context.ts";
import { sameText } from "../../shared/same-text.ts";

const SUFFIX_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
const SUFFIX_LENGTH = 10;

/**
 * The number a payment attempt goes by at the provider and in its public URLs: the order's number
 * and the attempt's place (readable in the provider's back office) and 50 random bits, so nobody can
 * name another buyer's attempt (issue 25). At most 36 characters of [a-z0-9-], as every provider takes.
 */
export function newAttemptNumber(orderNumber: string, attempt: number): string {
  const suffix = Array.from({ length: SUFFIX_LENGTH }, () => SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)]).join("");
  return `${orderNumber}-${attempt}-${suffix}`;
}

/** The query parameter of an attempt's cancel address that proves the cancel is its buyer's. */
const PROOF_PARAM = "proof";

const proofOf = (ctx: RequestCtx, attemptNumber: string) =>
  createHmac("sha256", ctx.config.secret).update(`payment-cancel:${attemptNumber}`).digest("base64url");

/**
 * An attempt's own cancel address (Monri and WSPay take one per payment): it carries a proof only
 * the page that held this attempt's form knew, since the providers sign nothing on a cancel.
 */
export function cancelUrlOf(ctx: RequestCtx, cancelUrl: string, attemptNumber: string): string {
  const url = new URL(cancelUrl);
  url.searchParams.set(PROOF_PARAM, proofOf(ctx, attemptNumber));
  return url.toString();
}

/** Whether an unsigned cancel came through this attempt's own cancel address. */
export function carriesCancelProof(ctx: RequestCtx, url: string, attemptNumber: string): boolean {
  const given = URL.canParse(url) ? new URL(url).searchParams.get(PROOF_PARAM) : null;
  return given !== null && sameText(proofOf(ctx, attemptNumber), given);
}
