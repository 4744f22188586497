import { type AdminOrderStats, SYSTEM_ROUTES } from "@shop/contracts";
import { formatPrice } from "@shop/i18n";
import { Link } from "react-router";
import { useLocale, useT } from "../../../ui/i18n.tsx";
import { TableWrap } from "./table-wrap.tsx";

const WIDTH = 600;
const HEIGHT = 160;
const GAP = 2;

/**
 * The start page's figures (issue 12): today's and this month's orders and revenue, and the last 30
 * days' revenue as an inline SVG bar chart. The chart is decoration for the eye; a summary sentence
 * and the table by day (behind a disclosure) say the same to everyone else.
 */
export function OrderStats({ stats }: { stats: AdminOrderStats }) {
  const t = useT();
  const locale = useLocale();
  const money = (cents: number) => formatPrice(locale, cents / 100);
  const dayName = new Intl.DateTimeFormat(locale, { day: "numeric", month: "numeric", timeZone: "UTC" });
  const dayOf = (day: string) => dayName.format(new Date(`${day}T00:00:00Z`));
  const max = Math.max(0, ...stats.days.map((d) => d.revenueCents));
  const best = stats.days.find((d) => d.revenueCents === max && max > 0);
  const total = stats.days.reduce((sum, d) => sum + d.revenueCents, 0);
  const count = stats.days.reduce((sum, d) => sum + d.orders, 0);
  const bar = (WIDTH - GAP * stats.days.length) / Math.max(stats.days.length, 1);
  return (
    <section className="admin-stats" aria-labelledby="stats-heading">
      <h2 id="stats-heading">{t("admin.orders.stats.heading")}</h2>
      <div className="admin-stats__cards">
        {(["today", "month"] as const).map((key) => (
          <div key={key} className="admin-card admin-stats__card">
            <h3>{t(`admin.orders.stats.${key}`)}</h3>
            <p>{t("admin.orders.stats.orders", { count: stats[key].orders })}</p>
            <p>{t("admin.orders.stats.revenue", { amount: money(stats[key].revenueCents) })}</p>
          </div>
        ))}
      </div>
      <figure className="admin-card admin-stats__chart">
        <figcaption>
          <strong>{t("admin.orders.stats.chart")}</strong>
          <span className="admin-orders-line">
            {t("admin.orders.stats.chartSummary", {
              amount: money(total),
              count,
              max: money(max),
              day: best ? dayOf(best.day) : "—",
            })}
          </span>
        </figcaption>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" aria-hidden="true" focusable="false" preserveAspectRatio="none">
          <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="admin-stats__axis" />
          {stats.days.map((d, i) => {
            // A day with sales keeps a visible sliver; a day without none at all.
            const h = max > 0 && d.revenueCents > 0 ? Math.max(2, (d.revenueCents / max) * (HEIGHT - 4)) : 0;
            return <rect key={d.day} x={i * (bar + GAP)} y={HEIGHT - h} width={bar} height={h} className="admin-stats__bar" />;
          })}
        </svg>
        <p className="admin-stats__days" aria-hidden="true">
          <span>{stats.days[0] ? dayOf(stats.days[0].day) : ""}</span>
          <span>{stats.days.at(-1) ? dayOf(stats.days.at(-1)?.day ?? "") : ""}</span>
        </p>
        <details>
          <summary>{t("admin.orders.stats.table")}</summary>
          <TableWrap label={t("admin.orders.stats.chart")}>
            <table className="admin-table">
              <caption>{t("admin.orders.stats.chart")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("admin.orders.stats.day")}</th>
                  <th scope="col" className="admin-table__num">
                    {t("admin.orders.stats.dayOrders")}
                  </th>
                  <th scope="col" className="admin-table__num">
                    {t("admin.orders.stats.dayRevenue")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {stats.days.map((d) => (
                  <tr key={d.day}>
                    <th scope="row">
                      <time dateTime={d.day}>{dayOf(d.day)}</time>
                    </th>
                    <td className="admin-table__num">{d.orders}</td>
                    <td className="admin-table__num">{money(d.revenueCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        </details>
      </figure>
      <p>
        <Link to={SYSTEM_ROUTES.adminOrders}>{t("admin.orders.stats.all")}</Link>
      </p>
    </section>
  );
}
