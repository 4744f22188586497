import { useEffect } from "react";
import { useNavigate } from "react-router";
import { usePath, useT } from "../../ui/i18n.tsx";
import { Notice } from "../../ui/notice.tsx";
import { CHECK_PARAM, CONFIRM_MAX_CHECKS, CONFIRM_REFRESH_S } from "./payment-progress.ts";

/**
 * A card payment still waiting for the provider's word (the success page while it confirms, the
 * pending page while it is checked): the notice, and the page asking again every few seconds until
 * `refresh` runs out; then `slow` says the e-mail will follow. Without JavaScript a meta refresh asks
 * again; with it a timer, which stops when the customer leaves (a meta refresh would outlive a
 * client-side navigation away and pull them back). The customer may stop it (WCAG 2.2.1).
 */
export function PaymentWait({
  page,
  code,
  refresh,
  text,
  slow,
}: {
  page: "checkoutSuccess" | "checkoutPending";
  code: string;
  refresh: string | null;
  text: string;
  slow: string;
}) {
  const t = useT();
  const path = usePath();
  const navigate = useNavigate();
  const self = `${path(page)}?orderSlug=${encodeURIComponent(code)}`;
  useEffect(() => {
    if (!refresh) return;
    const timer = setTimeout(() => navigate(refresh, { replace: true, preventScrollReset: true }), CONFIRM_REFRESH_S * 1000);
    return () => clearTimeout(timer);
  }, [refresh, navigate]);
  return (
    <>
      {refresh ? (
        <noscript>
          <meta httpEquiv="refresh" content={`${CONFIRM_REFRESH_S};url=${refresh}`} />
        </noscript>
      ) : null}
      <Notice kind="info">
        <p data-testid="payment-confirming">{refresh ? text : slow}</p>
        <p>
          {refresh ? (
            <a href={`${self}&${CHECK_PARAM}=${CONFIRM_MAX_CHECKS}`}>{t("checkout.confirming.stop")}</a>
          ) : (
            <a href={self}>{t("checkout.confirming.check")}</a>
          )}
        </p>
      </Notice>
    </>
  );
}
