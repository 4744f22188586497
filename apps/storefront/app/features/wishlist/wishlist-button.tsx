import { isValidInternalPath, localizedPath, SYSTEM_ROUTES } from "@shop/contracts";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import type { WishlistActionAnswer } from "../../routes/wishlist-action.tsx";
import { useLocale, useT } from "../../ui/i18n.tsx";
import { type ToastMessage, Toasts } from "../../ui/notice.tsx";

/** Sent once scripts run: the action then answers with data instead of a redirect. */
export const WISHLIST_JSON_ANSWER = "json";

/** Where the toggle sends a visitor back to (a path only: SPEC §5 allows no query in redirects). */
function useBackPath(): string {
  const { pathname } = useLocation();
  return isValidInternalPath(pathname) ? pathname : "/";
}

/**
 * The fetcher of wishlist toggles and the toast of its answers. One per list, not per row: a row
 * removed by the answer goes away, the list that shows the toast stays.
 */
export function useWishlistFetcher() {
  const t = useT();
  const fetcher = useFetcher<WishlistActionAnswer>();
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const handled = useRef<WishlistActionAnswer | undefined>(undefined);
  const answer = fetcher.data;
  useEffect(() => {
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    const failed = "failed" in answer;
    setToasts([{ id: `wishlist-${Date.now()}`, kind: failed ? "error" : "success", text: t(failed ? answer.failed : answer.message) }]);
  }, [fetcher.state, answer, t]);
  return { fetcher, toasts };
}

/** The toggle's fields: the product, the way back, and (with scripts) the wish for a data answer. */
export function WishlistFields({ productId }: { productId: number }) {
  const back = useBackPath();
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  return (
    <>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={back} />
      {interactive ? <input type="hidden" name="answer" value={WISHLIST_JSON_ANSWER} /> : null}
    </>
  );
}

/**
 * SPEC §4 Wishlist toggle for a logged-in customer: a form post to /wishlist/toggle, so it works
 * without JavaScript (back to the page with a flash toast); with it, the answer comes back as data,
 * the heart flips at once and the toast shows here.
 */
export function WishlistToggle({ productId, wishlisted }: { productId: number; wishlisted: boolean }) {
  const t = useT();
  const { fetcher, toasts } = useWishlistFetcher();
  const answer = fetcher.data;
  const busy = fetcher.state !== "idle";
  // While the post runs the heart already shows where it goes; the answer (or the reloaded page) settles it.
  const pressed = busy ? !wishlisted : answer && "wishlisted" in answer ? answer.wishlisted : wishlisted;
  return (
    <>
      <fetcher.Form method="post" action={SYSTEM_ROUTES.wishlistAction} className="wishlist-toggle" preventScrollReset>
        <WishlistFields productId={productId} />
        <button type="submit" className="wishlist-toggle__heart" aria-pressed={pressed} aria-disabled={busy || undefined}>
          <HeartIcon filled={pressed} />
          {/* One name for both states (aria-pressed tells which), so it matches what is shown. */}
          <span className="wishlist-toggle__text">{t("wishlist.toggle")}</span>
        </button>
      </fetcher.Form>
      <Toasts messages={toasts} />
    </>
  );
}

/** For visitors: the heart leads to login, and back here after it. */
export function WishlistLoginLink() {
  const t = useT();
  const locale = useLocale();
  const back = useBackPath();
  const login = localizedPath("login", locale);
  return (
    <Link to={`${login}?redirect=${encodeURIComponent(back)}`} className="wishlist-toggle__heart wishlist-toggle__heart--link">
      <HeartIcon filled={false} />
      <span className="wishlist-toggle__text">{t("wishlist.loginToAdd")}</span>
    </Link>
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg className="wishlist-toggle__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.1 3.6 4.5 7.1 4.5c2 0 3.5 1.1 4.9 2.9 1.4-1.8 2.9-2.9 4.9-2.9 3.5 0 5.6 3.6 4.4 6.8-1.8 4.6-9.3 9.2-9.3 9.2Z"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
