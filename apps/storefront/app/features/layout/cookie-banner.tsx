import { type CookieOptions, SYSTEM_ROUTES } from "@shop/contracts";
import { useFetcher, useLocation } from "react-router";
import { useT } from "../../ui/i18n.tsx";
import { SmartLink } from "../../ui/smart-link.tsx";
import { CookieSettingsLink } from "../consents/cookie-settings-link.tsx";
import "../../styles/consents.css";

/**
 * SPEC §2: bottom centre until the cookie acceptedCookies is set. 'Accept all' and 'Only
 * necessary' are the same kind of button, side by side and of equal size (EDPB cookie banner
 * taskforce: refusing is as easy as accepting), with the settings next to them. A plain form post
 * works without JavaScript (the action sets the cookie and redirects back); with it the banner
 * leaves at once.
 */
export function CookieBanner({ options, accepted }: { options: CookieOptions | null; accepted: boolean }) {
  const t = useT();
  const location = useLocation();
  const fetcher = useFetcher();
  if (accepted || fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-title">
      <h2 id="cookie-banner-title" className="sr-only">
        {t("consents.cookies.title")}
      </h2>
      <p className="cookie-banner__text">
        {options?.text ?? t("consents.cookies.text")}
        {options?.policyLink ? (
          <>
            {" "}
            <SmartLink to={options.policyLink.href}>{options.policyLink.label}</SmartLink>
          </>
        ) : null}
      </p>
      <fetcher.Form method="post" action={SYSTEM_ROUTES.acceptCookies} className="cookie-banner__actions">
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <div className="cookie-banner__choices">
          <button type="submit" name="categories" value="all" className="button cookie-banner__choice">
            {t("consents.cookies.acceptAll")}
          </button>
          <button type="submit" name="categories" value="necessary" className="button cookie-banner__choice">
            {t("consents.cookies.onlyNecessary")}
          </button>
        </div>
        <CookieSettingsLink className="cookie-banner__settings">{t("consents.cookies.settings")}</CookieSettingsLink>
      </fetcher.Form>
    </section>
  );
}
