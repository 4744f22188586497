import { Link } from "react-router";
import { useLocale, usePath, useT } from "../../ui/i18n.tsx";
import { plural } from "../../ui/plural.ts";

/** SPEC §2 Profile order count, and the way to the orders. Without an answer from the platform, only the link. */
export function OrdersSummary({ count }: { count: number | null }) {
  const t = useT();
  const path = usePath();
  const locale = useLocale();
  return (
    <section className="card profile-section" aria-labelledby="orders-title" id="orders">
      <h2 id="orders-title">{t("profile.orders.title")}</h2>
      {count !== null ? <p data-testid="order-count">{t(`profile.orders.count.${plural(locale, count)}`, { count })}</p> : null}
      <p>
        <Link to={path("profileOrders")} className="button">
          {t("profile.orders.all")}
        </Link>
      </p>
    </section>
  );
}
