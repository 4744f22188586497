import { Link } from "react-router";
import { usePath, useT } from "../ui/i18n.tsx";

/** /checkout/failure: where the card provider sends a payment that did not go through (SPEC §2, §8 checkout failure title). */
export default function CheckoutFailurePage() {
  const t = useT();
  const path = usePath();
  return (
    <section className="status-page" aria-labelledby="status-title">
      <title>{t("checkout.failure.title")}</title>
      <meta name="robots" content="noindex" />
      <h1 id="status-title">{t("checkout.failure.title")}</h1>
      <p className="status-page__text">{t("checkout.failure.text")}</p>
      <Link to={path("checkout")} className="button">
        {t("checkout.failure.retry")}
      </Link>
    </section>
  );
}
