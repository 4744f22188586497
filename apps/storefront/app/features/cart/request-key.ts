import { useEffect, useId, useState } from "react";
import { useRootData } from "../../root.tsx";

/** 128 random bits as hex (crypto.randomUUID needs a secure context; this does not). */
function browserKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The Idempotency-Key of one cart form (ADR 31): the same for a repeat of one submission, new for
 * the next. Rendered on the server it is the answer's view key and the form's place on the page, so
 * a cached copy of the page gives every visitor keys of their own and each form its own. Once
 * scripts run the form makes its key in the browser, and a new one whenever one of `renewOn`
 * changes (its answer came, or what it sends changed); a submission that got no answer keeps its
 * key for the retry.
 */
export function useRequestKey(...renewOn: unknown[]): string {
  const { viewKey } = useRootData();
  const place = useId().replace(/\W/g, "");
  const [key, setKey] = useState(`${viewKey}.${place}`);
  // On the first run after hydration and whenever one of `renewOn` changes.
  useEffect(() => setKey(browserKey()), renewOn);
  return key;
}
