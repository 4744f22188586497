import { Link } from "react-router";
import { usePath, useT } from "../../ui/i18n.tsx";

/** SPEC §2: unknown routes and unknown content slugs (HTTP 404). */
export function NotFoundPage() {
  const t = useT();
  const path = usePath();
  return (
    <section className="status-page" aria-labelledby="status-title">
      <title>{t("notFound.title")}</title>
      <meta name="robots" content="noindex" />
      <p className="status-page__eyebrow">
        <span className="status-page__code">404</span> {t("notFound.eyebrow")}
      </p>
      <h1 id="status-title">{t("notFound.title")}</h1>
      <p className="status-page__text">{t("notFound.text")}</p>
      <Link to={path("content")} className="button">
        {t("notFound.home")}
      </Link>
    </section>
  );
}
