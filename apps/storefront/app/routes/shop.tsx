import { Link } from "react-router";
import { usePath, useT } from "../ui/i18n.tsx";

export default function ComingSoon() {
  const t = useT();
  const path = usePath();
  return (
    <section className="status-page" aria-labelledby="status-title">
      <title>{t("comingSoon.title")}</title>
      <h1 id="status-title">{t("comingSoon.title")}</h1>
      <p className="status-page__text">{t("comingSoon.text")}</p>
      <Link to={path("content")} className="button">
        {t("notFound.home")}
      </Link>
    </section>
  );
}
