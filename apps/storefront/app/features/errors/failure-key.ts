import type { PlatformFailure } from "./platform-failure.ts";

/**
 * The message key to show for a refusal where a page carries a key rather than a text (a redirect's
 * query, a script's JSON): the platform's own when the page has a text for it (`known`), else the
 * general one for a refused rate, a missing thing or anything else.
 */
export function failureKey(failure: PlatformFailure, known: ReadonlySet<string> = new Set()): string {
  // The message is the key itself when the platform has no translation for it.
  const key = failure.error.payload.key ?? failure.message;
  if (failure.error.code === "RATE_LIMITED") return "error.rateLimited";
  if (key && known.has(key)) return key;
  return failure.error.code === "NOT_FOUND" ? "error.notFound" : "error.generic";
}
