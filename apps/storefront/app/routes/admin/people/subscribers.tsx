import { SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { SUBSCRIBER_STATES } from "@shop/contracts/schemas/admin-moderation.ts";
import { data, Form } from "react-router";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { AdminPage } from "../../../features/admin/admin-page.tsx";
import { pageParam } from "../../../features/admin/list-params.ts";
import { Pager } from "../../../features/admin/pager.tsx";
import { failureStatus } from "../../../features/errors/platform-failure.ts";
import { useLocale, useT } from "../../../ui/i18n.tsx";
import type { Route } from "./+types/subscribers";
import { ModerationNav } from "./moderation-nav.tsx";
import { subscriberFiltersOf } from "./people.server.ts";
import { TableRegion } from "./table-region.tsx";
import "../../../styles/forms.css";
import "../../../styles/admin-people.css";

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const params = new URL(args.request.url).searchParams;
  const filters = subscriberFiltersOf(params);
  const list = await adminCall(args, staff.platform, api.adminModeration.subscribers, {
    body: { state: filters.state, q: filters.q || undefined, page: pageParam(params), limit: 50 },
  });
  if (!list.ok) throw data(list.message, { status: failureStatus(list) });
  return { filters, page: list.data };
}

function query(filters: { state: string; q: string }, page?: number): string {
  const params = new URLSearchParams({ state: filters.state });
  if (filters.q) params.set("q", filters.q);
  if (page) params.set("page", String(page));
  return params.toString();
}

export default function SubscribersPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { page, filters } = loaderData;
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "Europe/Zagreb" });
  return (
    <AdminPage heading={t("admin.moderation.tab.subscribers")}>
      <ModerationNav />
      <Form method="get" className="admin-filters" role="search">
        <div className="field">
          <label htmlFor="subscribers-state">{t("admin.moderation.show")}</label>
          <select id="subscribers-state" name="state" defaultValue={filters.state}>
            {SUBSCRIBER_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`admin.moderation.subscriberState.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="subscribers-q">{t("admin.moderation.subscriberSearch")}</label>
          <input id="subscribers-q" name="q" type="search" maxLength={100} defaultValue={filters.q} />
        </div>
        <button type="submit" className="button button--small">
          {t("admin.moderation.apply")}
        </button>
      </Form>
      <p>
        <a href={`${SYSTEM_ROUTES.adminModerationExport.replace(":list", "subscribers")}?${query(filters)}`} download>
          {t("admin.moderation.exportCsv")}
        </a>
      </p>
      <p>{t("admin.moderation.subscriberCount", { count: page.pagination.total })}</p>
      {page.records.length === 0 ? (
        <p>{t("admin.moderation.noSubscribers")}</p>
      ) : (
        <TableRegion labelledBy="admin-heading">
          <table className="admin-table" aria-labelledby="admin-heading">
            <thead>
              <tr>
                <th scope="col">{t("admin.customers.email")}</th>
                <th scope="col">{t("admin.customers.language")}</th>
                <th scope="col">{t("admin.moderation.subscribedAt")}</th>
                <th scope="col">{t("admin.moderation.confirmedAt")}</th>
              </tr>
            </thead>
            <tbody>
              {page.records.map((s) => (
                <tr key={s.id}>
                  <th scope="row" className="admin-table__wrap">
                    {s.email}
                  </th>
                  <td>{s.language}</td>
                  <td>
                    <time dateTime={s.createdAt}>{day.format(new Date(s.createdAt))}</time>
                  </td>
                  <td>
                    {s.confirmedAt ? (
                      <time dateTime={s.confirmedAt}>{day.format(new Date(s.confirmedAt))}</time>
                    ) : (
                      t("admin.moderation.unconfirmed")
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      <Pager
        page={page.pagination.page}
        lastPage={page.pagination.lastPage}
        href={(p) => `${SYSTEM_ROUTES.adminSubscribers}?${query(filters, p)}`}
      />
    </AdminPage>
  );
}
