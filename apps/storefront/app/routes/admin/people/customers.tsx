import { SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { data, Form, Link } from "react-router";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { AdminPage } from "../../../features/admin/admin-page.tsx";
import { pageParam } from "../../../features/admin/list-params.ts";
import { Pager } from "../../../features/admin/pager.tsx";
import { failureStatus } from "../../../features/errors/platform-failure.ts";
import { useLocale, useT } from "../../../ui/i18n.tsx";
import { Notice } from "../../../ui/notice.tsx";
import type { Route } from "./+types/customers";
import { customerPath } from "./people-paths.ts";
import { TableRegion } from "./table-region.tsx";
import "../../../styles/forms.css";
import "../../../styles/admin-people.css";

/** Longer searches are cut, not refused: the field's own limit says the same. */
const Q_MAX = 100;

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const params = new URL(args.request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, Q_MAX);
  const page = pageParam(params);
  const list = await adminCall(args, staff.platform, api.adminCustomers.list, { body: { q: q || undefined, page, limit: 25 } });
  if (!list.ok) throw data(list.message, { status: failureStatus(list) });
  return { q, page: list.data, erased: params.get("done") === "erased" };
}

function pageLink(q: string, page: number): string {
  const params = new URLSearchParams(q ? { q } : {});
  params.set("page", String(page));
  return `${SYSTEM_ROUTES.adminCustomers}?${params}`;
}

export default function CustomersPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { q, page } = loaderData;
  const { pagination } = page;
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "Europe/Zagreb" });
  return (
    <AdminPage heading={t("admin.customers.heading")}>
      {loaderData.erased ? <Notice kind="success">{t("admin.customers.erased")}</Notice> : null}
      <Form method="get" className="admin-filters" role="search">
        <div className="field">
          <label htmlFor="customers-q">{t("admin.customers.search")}</label>
          <p className="field__hint" id="customers-q-hint">
            {t("admin.customers.searchHint")}
          </p>
          <input id="customers-q" name="q" type="search" defaultValue={q} maxLength={Q_MAX} aria-describedby="customers-q-hint" />
        </div>
        <button type="submit" className="button button--small">
          {t("admin.customers.find")}
        </button>
      </Form>
      <p aria-live="polite">{t("admin.customers.count", { count: pagination.total })}</p>
      {page.records.length === 0 ? (
        <p>{q ? t("admin.customers.noneFound") : t("admin.customers.none")}</p>
      ) : (
        <TableRegion labelledBy="admin-heading">
          <table className="admin-table" aria-labelledby="admin-heading">
            <thead>
              <tr>
                <th scope="col">{t("admin.customers.customer")}</th>
                <th scope="col">{t("admin.customers.language")}</th>
                <th scope="col">{t("admin.customers.since")}</th>
              </tr>
            </thead>
            <tbody>
              {page.records.map((c) => (
                <tr key={c.id}>
                  <th scope="row" className="admin-table__wrap">
                    <Link to={customerPath(c.id)}>{`${c.firstName} ${c.lastName}`.trim() || c.email}</Link>
                    <br />
                    <small>
                      {c.email}
                      {c.emailVerified ? null : ` (${t("admin.customers.unverified")})`}
                    </small>
                  </th>
                  <td>{c.language}</td>
                  <td>
                    <time dateTime={c.createdAt}>{day.format(new Date(c.createdAt))}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      <Pager page={pagination.page} lastPage={pagination.lastPage} href={(p) => pageLink(q, p)} />
    </AdminPage>
  );
}
