import { type CookieOptions, SYSTEM_ROUTES } from "@shop/contracts";
import { useFetcher, useLocation } from "react-router";
import { useT } from "../../ui/i18n.tsx";
import { SmartLink } from "../../ui/smart-link.tsx";

/**
 * SPEC §2: bottom centre until the cookie acceptedCookies is set. A plain form post works without
 * JavaScript (the action sets the cookie and redirects back); with it the banner leaves at once.
 */
export function CookieBanner({ options, accepted }: { options: CookieOptions | null; accepted: boolean }) {
  const t = useT();
  const location = useLocation();
  const fetcher = useFetcher();
  if (accepted || fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-title">
      <h2 id="cookie-banner-title" className="sr-only">
        {t("cookies.title")}
      </h2>
      <p className="cookie-banner__text">
        {options?.text ?? t("cookies.text")}
        {options?.policyLink ? (
          <>
            {" "}
            <SmartLink to={options.policyLink.href}>{options.policyLink.label}</SmartLink>
          </>
        ) : null}
      </p>
      <fetcher.Form method="post" action={SYSTEM_ROUTES.acceptCookies} className="cookie-banner__actions">
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        {options?.necessaryLabel ? (
          <button type="submit" name="categories" value="necessary" className="button button--ghost">
            {options.necessaryLabel}
          </button>
        ) : null}
        <button type="submit" name="categories" value="all" className="button">
          {options?.acceptLabel ?? t("cookies.accept")}
        </button>
      </fetcher.Form>
    </section>
  );
}
