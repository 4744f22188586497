import { SERVER_MESSAGE_KEYS, SERVER_MESSAGES } from "@shop/contracts";
import { data } from "react-router";
import type { ApiResult } from "../../platform.server.ts";
import type { FieldErrors, Translate } from "../forms/form-values.ts";

/**
 * The one way a failed platform call becomes what the visitor sees (SPEC §8) and the status the
 * page answers with. Loaders and actions use these instead of reading statuses themselves.
 */

export type PlatformFailure = Extract<ApiResult<unknown>, { ok: false }>;

/** SPEC §8 server messages shown exactly as the server sends them ('Coupon not found!'). */
const PASS_THROUGH: ReadonlySet<string> = new Set(Object.values(SERVER_MESSAGES).filter((m) => SERVER_MESSAGE_KEYS[m] === undefined));

export interface FailureTextOptions {
  /** Show the first field's message instead of the summary (forms with one input, such as the cart's). */
  field?: boolean;
}

/**
 * The text for a failed call: the mapped server messages become our own texts, the pass-through
 * ones stay verbatim, a refused rate or a broken platform get the general texts, anything else is
 * the platform's message (in the page's language: the call was made in it).
 */
export function failureText(failure: PlatformFailure, t: Translate, options: FailureTextOptions = {}): string {
  const mapped = SERVER_MESSAGE_KEYS[failure.message];
  if (mapped) return t(mapped);
  if (PASS_THROUGH.has(failure.message)) return failure.message;
  if (failure.status === 429) return t("error.rateLimited");
  if (failure.status === 0 || failure.status >= 500) return t("error.generic");
  const field = options.field ? failure.error.payload.fields?.[0] : undefined;
  if (field) return field.message;
  return failure.message || t("error.generic");
}

/** Field errors the platform reported (its own validation), keyed like the form's own. */
export function failureFields(failure: PlatformFailure): FieldErrors {
  const out: FieldErrors = {};
  for (const f of failure.error.payload.fields ?? []) out[f.path] ??= f.message;
  return out;
}

/**
 * The status a page or form answers with: the platform's own for refusals (400, 401, 403, 404, 409,
 * 429), 500 when it failed, 503 when it could not be reached at all.
 */
export function failureStatus(failure: PlatformFailure): number {
  if (failure.status === 0) return 503;
  return Math.min(failure.status, 500);
}

/** The platform does not know what was asked for (an unknown slug or id, or one out of range). */
export function isMissing(failure: PlatformFailure): boolean {
  return failure.status === 404 || failure.status === 400;
}

/** For loaders: the error page with the failure's text and status. */
export function failurePage(failure: PlatformFailure, t: Translate) {
  return data(failureText(failure, t), { status: failureStatus(failure) });
}
