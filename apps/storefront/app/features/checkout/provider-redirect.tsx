import { useRootData } from "../../root.tsx";
import { useT } from "../../ui/i18n.tsx";
import { PROVIDER_FORM_ID, withProviderFormId } from "./provider-form.ts";
import "../../styles/checkout.css";

const BLOCKED_ID = "payment-provider-blocked";

/** Sends the form at once; a post the page's policy refuses says so at once instead of leaving the buyer waiting (issue 25). */
const SEND_FORM = `document.addEventListener("securitypolicyviolation",function(e){if(e.violatedDirective.indexOf("form-action")===0){var b=document.getElementById(${JSON.stringify(BLOCKED_ID)});if(b)b.hidden=false;}});document.getElementById(${JSON.stringify(PROVIDER_FORM_ID)})?.submit();`;

/**
 * After the order: the card provider's form, sent at once by a script carrying this page's CSP nonce
 * (the platform's own markup runs no script), and by a visible button without JavaScript.
 */
export function ProviderRedirect({ html }: { html: string }) {
  const t = useT();
  const { nonce } = useRootData();
  return (
    <section className="checkout-page checkout-provider container" aria-labelledby="provider-title">
      <title>{t("checkout.provider.title")}</title>
      <meta name="robots" content="noindex, nofollow" />
      <h1 id="provider-title">{t("checkout.provider.title")}</h1>
      <p>{t("checkout.provider.text")}</p>
      {/* The platform's own form (trusted: it signs the provider's fields); its fields are hidden. */}
      <div className="checkout-provider__form" dangerouslySetInnerHTML={{ __html: withProviderFormId(html) }} />
      <p id={BLOCKED_ID} role="alert" className="checkout-provider__blocked" hidden>
        {t("checkout.provider.blocked")}
      </p>
      <button type="submit" form={PROVIDER_FORM_ID} className="button button--large">
        {t("checkout.provider.continue")}
      </button>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SEND_FORM }} />
    </section>
  );
}
