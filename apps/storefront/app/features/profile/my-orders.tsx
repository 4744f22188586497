import type { Locale, MyOrderList } from "@shop/contracts";
import { formatDate } from "@shop/i18n";
import { Link } from "react-router";
import { useLocale, usePath, useT } from "../../ui/i18n.tsx";
import { Pagination } from "../blog/pagination.tsx";
import { usePrice } from "../checkout/checkout-summary.tsx";
import { statusWords } from "./order-words.ts";

/** SPEC §2 Profile 'my orders': the customer's orders, newest first, ten a page. */
export function MyOrders({ orders }: { orders: MyOrderList }) {
  const t = useT();
  const path = usePath();
  const locale = useLocale();
  const { page, lastPage } = orders.pagination;
  const base = path("profileOrders");
  return (
    <section className="profile-page container" aria-labelledby="orders-title">
      <title>{`${t("profile.orders.title")} – ${t("profile.title")}`}</title>
      <meta name="robots" content="noindex" />
      <p>
        <Link to={path("profile")}>{t("profile.address.back")}</Link>
      </p>
      <h1 id="orders-title">{t("profile.orders.title")}</h1>
      {orders.records.length === 0 ? (
        <p className="card profile-section">{t("orders.none")}</p>
      ) : (
        <ol className="order-list">
          {orders.records.map((order) => (
            <OrderRow key={order.code} order={order} href={path("profileOrder", { code: order.code })} locale={locale} />
          ))}
        </ol>
      )}
      <Pagination
        page={page}
        through={page}
        lastPage={lastPage}
        hrefFor={(n) => (n === 1 ? base : `${base}?page=${n}`)}
        label={t("orders.pages")}
      />
    </section>
  );
}

function OrderRow({ order, href, locale }: { order: MyOrderList["records"][number]; href: string; locale: Locale }) {
  const t = useT();
  const price = usePrice(order.currency);
  return (
    <li className="card order-card">
      <h2 className="order-card__title">
        <Link to={href}>{order.number}</Link>
      </h2>
      <dl className="details order-card__facts">
        <div>
          <dt>{t("orders.date")}</dt>
          <dd>{formatDate(locale, order.createdAt)}</dd>
        </div>
        <div>
          <dt>{t("orders.total")}</dt>
          <dd>{price(order.total)}</dd>
        </div>
        <div>
          <dt>{t("orders.status")}</dt>
          <dd>{statusWords(t, "order", order.status)}</dd>
        </div>
        <div>
          <dt>{t("orders.payment")}</dt>
          <dd>{statusWords(t, "payment", order.paymentStatus)}</dd>
        </div>
      </dl>
    </li>
  );
}
