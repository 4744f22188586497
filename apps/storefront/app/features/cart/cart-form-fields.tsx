import { useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { useLocale } from "../../ui/i18n.tsx";

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
 * JavaScript) and, once scripts run, js=1 so the action answers data instead of redirecting.
 */
export function CartFormFields() {
  const locale = useLocale();
  const location = useLocation();
  const hydrated = useHydrated();
  return (
    <>
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
    </>
  );
}
