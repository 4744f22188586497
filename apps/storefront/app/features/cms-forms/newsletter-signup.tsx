import { useId } from "react";
import { Form, useLocation } from "react-router";
import { usePath, useT } from "../../ui/i18n.tsx";
import "../../styles/forms.css";

/**
 * The footer's newsletter signup: just the address, sent (GET) to the newsletter page, where the
 * consents and the captcha are. So no page pays for the captcha widget until someone subscribes.
 * Not shown on that page itself, where it would be a second signup (and a second landmark of that name).
 */
export function NewsletterSignup() {
  const t = useT();
  const path = usePath();
  const id = useId();
  const { pathname } = useLocation();
  if (pathname === path("newsletter")) return null;
  return (
    <section className="footer-block newsletter-signup" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="footer-block__title">
        {t("forms.newsletter.footerTitle")}
      </h2>
      <p className="footer-block__note">{t("forms.newsletter.footerText")}</p>
      <Form method="get" action={path("newsletter")} className="newsletter-signup__form">
        <label htmlFor={`${id}-email`} className="newsletter-signup__label">
          {t("forms.newsletter.email")}
        </label>
        <div className="newsletter-signup__row">
          <input id={`${id}-email`} name="email" type="email" inputMode="email" autoComplete="email" required maxLength={254} />
          <button type="submit" className="button button--small">
            {t("forms.newsletter.footerSubmit")}
          </button>
        </div>
      </Form>
    </section>
  );
}
