import { FULFILMENT_STATUS, ORDER_STATUS, PAYMENT_STATUS, SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { adminOrderListBody, PAYMENT_KINDS } from "@shop/contracts/schemas/admin-orders.ts";
import { formatPrice } from "@shop/i18n";
import { data, Form, Link } from "react-router";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { AdminPage } from "../../../features/admin/admin-page.tsx";
import { FilterInput, FilterSelect } from "../../../features/admin/filter-fields.tsx";
import { failureStatus } from "../../../features/errors/platform-failure.ts";
import { Field } from "../../../ui/field.tsx";
import { useLocale, useT } from "../../../ui/i18n.tsx";
import { Notice } from "../../../ui/notice.tsx";
import type { Route } from "./+types/orders";
import { type FilterValues, filtersOf, orderHref, ordersHref } from "./order-filters.ts";
import { TableWrap } from "./table-wrap.tsx";
import "../../../styles/forms.css";
import "../../../styles/admin-orders.css";

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const params = new URL(args.request.url).searchParams;
  const { filters, values, dropped } = filtersOf(params);
  const page = adminOrderListBody.shape.page.safeParse(params.get("page") ?? undefined);
  const [list, branches] = await Promise.all([
    adminCall(args, staff.platform, api.adminOrders.list, { body: { ...filters, page: page.success ? page.data : 1, limit: 25 } }),
    adminCall(args, staff.platform, api.adminOrders.branches),
  ]);
  if (!list.ok) throw data(list.message, { status: failureStatus(list) });
  return { page: list.data, branches: branches.ok ? branches.data : [], values, dropped: dropped || (params.has("page") && !page.success) };
}

function Choice({ name, label, value, options }: { name: string; label: string; value: string; options: [string, string][] }) {
  const t = useT();
  return <FilterSelect id={`orders-${name}`} name={name} label={label} value={value} any={t("admin.orders.any")} options={options} />;
}

function Filters({ values, branches }: { values: FilterValues; branches: { id: number; name: string }[] }) {
  const t = useT();
  return (
    <Form method="get" className="admin-filters admin-orders-filters" aria-label={t("admin.orders.filters")}>
      <Field name="q" id="orders-q" type="search" label={t("admin.orders.q")} hint={t("admin.orders.qHint")} defaultValue={values.q} />
      <Choice
        name="status"
        label={t("admin.orders.status")}
        value={values.status}
        options={ORDER_STATUS.map((s) => [s, t(`orders.status.order.${s}`)])}
      />
      <Choice
        name="paymentStatus"
        label={t("admin.orders.paymentStatus")}
        value={values.paymentStatus}
        options={PAYMENT_STATUS.map((s) => [s, t(`orders.status.payment.${s}`)])}
      />
      <Choice
        name="fulfilmentStatus"
        label={t("admin.orders.fulfilmentStatus")}
        value={values.fulfilmentStatus}
        options={FULFILMENT_STATUS.map((s) => [s, t(`orders.status.fulfilment.${s}`)])}
      />
      <Choice
        name="paymentKind"
        label={t("admin.orders.paymentKind")}
        value={values.paymentKind}
        options={PAYMENT_KINDS.map((k) => [k, t(`admin.orders.kind.${k}`)])}
      />
      <Choice
        name="branchId"
        label={t("admin.orders.branch")}
        value={values.branchId}
        options={branches.map((b) => [String(b.id), b.name])}
      />
      <FilterInput id="orders-from" name="from" type="date" label={t("admin.orders.from")} value={values.from} />
      <FilterInput id="orders-to" name="to" type="date" label={t("admin.orders.to")} value={values.to} />
      <div className="admin-orders-filters__buttons">
        <button type="submit" className="button button--small">
          {t("admin.orders.filter")}
        </button>
        <Link to={SYSTEM_ROUTES.adminOrders}>{t("admin.orders.reset")}</Link>
      </div>
    </Form>
  );
}

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { page, values, branches } = loaderData;
  const { pagination } = page;
  const time = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Zagreb" });
  const pageOf = t("admin.orders.pageOf", { page: pagination.page, pages: Math.max(pagination.lastPage, 1) });
  return (
    <AdminPage heading={t("admin.orders.heading")}>
      <p className="admin-orders-links">
        <Link to={SYSTEM_ROUTES.adminBankStatements}>{t("admin.orders.bankStatements")}</Link>
        {/* A file, not a page: the browser downloads it (no client-side navigation). */}
        <a href={ordersHref(SYSTEM_ROUTES.adminOrdersExport, values)} download>
          {t("admin.orders.export")}
        </a>
      </p>
      <Filters values={values} branches={branches} />
      {loaderData.dropped ? <Notice kind="info">{t("admin.orders.badFilter")}</Notice> : null}
      <p aria-live="polite">{t("admin.orders.total", { total: pagination.total })}</p>
      {page.records.length === 0 ? (
        <p>{t("admin.orders.empty")}</p>
      ) : (
        <TableWrap label={t("admin.orders.heading")}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t("admin.orders.col.number")}</th>
                <th scope="col">{t("admin.orders.col.date")}</th>
                <th scope="col">{t("admin.orders.col.customer")}</th>
                <th scope="col" className="admin-table__num">
                  {t("admin.orders.col.total")}
                </th>
                <th scope="col">{t("admin.orders.col.status")}</th>
                <th scope="col">{t("admin.orders.col.payment")}</th>
                <th scope="col">{t("admin.orders.col.branch")}</th>
              </tr>
            </thead>
            <tbody>
              {page.records.map((order) => (
                <tr key={order.code}>
                  <th scope="row">
                    <Link to={orderHref(order.code)}>{order.number}</Link>
                  </th>
                  <td>
                    <time dateTime={order.createdAt}>{time.format(new Date(order.createdAt))}</time>
                  </td>
                  <td>
                    {order.customer}
                    {order.company ? <span className="admin-table__sub">{order.company}</span> : null}
                    <span className="admin-table__sub">{order.email}</span>
                  </td>
                  <td className="admin-table__num">{formatPrice(locale, order.totalCents / 100, order.currency)}</td>
                  <td>
                    {t(`orders.status.order.${order.status}`)}
                    <span className="admin-table__sub">{t(`orders.status.fulfilment.${order.fulfilmentStatus}`)}</span>
                  </td>
                  <td>
                    {t(`orders.status.payment.${order.paymentStatus}`)}
                    <span className="admin-table__sub">{order.paymentName}</span>
                  </td>
                  <td>{order.branch ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      <nav className="admin-pager" aria-label={pageOf}>
        {pagination.page > 1 ? (
          <Link to={ordersHref(SYSTEM_ROUTES.adminOrders, values, pagination.page - 1)}>{t("admin.orders.previous")}</Link>
        ) : null}
        <span>{pageOf}</span>
        {pagination.page < pagination.lastPage ? (
          <Link to={ordersHref(SYSTEM_ROUTES.adminOrders, values, pagination.page + 1)}>{t("admin.orders.next")}</Link>
        ) : null}
      </nav>
    </AdminPage>
  );
}
