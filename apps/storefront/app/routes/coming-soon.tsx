import { useT } from "../ui/i18n.tsx";

export default function ComingSoon() {
  const t = useT();
  return (
    <section className="coming-soon">
      <title>{t("comingSoon.title")}</title>
      <h1>{t("comingSoon.title")}</h1>
      <p>{t("comingSoon.text")}</p>
    </section>
  );
}
