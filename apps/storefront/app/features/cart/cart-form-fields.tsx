import { useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { useLocale } from "../../ui/i18n.tsx";
import { REQUEST_KEY_FIELD } from "./cart-action-data.ts";
import { useRequestKey } from "./request-key.ts";

const subscribe = () => () => {};

/** False on the server and in the first (hydrating) render, true once scripts run. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * The hidden fields every cart form sends: its language, the page to go back to (without
 * JavaScript), its Idempotency-Key (renewed when one of `renewOn` changes: the form's answer, and
 * whatever else makes its next submission another one) and, once scripts run, js=1 so the action
 * answers data instead of redirecting.
 */
export function CartFormFields({ renewOn }: { renewOn: readonly unknown[] }) {
  const locale = useLocale();
  const location = useLocation();
  const hydrated = useHydrated();
  const requestKey = useRequestKey(...renewOn);
  return (
    <>
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name={REQUEST_KEY_FIELD} value={requestKey} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
    </>
  );
}
