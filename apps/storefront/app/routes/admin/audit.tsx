import { auditFilterQuery, SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { data, Form, Link } from "react-router";
import { adminCall, requireStaff } from "../../features/admin/admin.server.ts";
import { AdminPage } from "../../features/admin/admin-page.tsx";
import { FilterInput, FilterSelect } from "../../features/admin/filter-fields.tsx";
import { failureStatus } from "../../features/errors/platform-failure.ts";
import { useLocale, useT } from "../../ui/i18n.tsx";
import type { Route } from "./+types/audit";

const FILTERS = ["entity", "userId", "from", "to"] as const;

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const params = new URL(args.request.url).searchParams;
  const given = Object.fromEntries(["page", ...FILTERS].flatMap((k) => (params.get(k) ? [[k, params.get(k) as string]] : [])));
  // Filters that do not parse are dropped (a hand-edited address), not an error page.
  const parsed = auditFilterQuery.safeParse(given);
  const query = parsed.success ? parsed.data : auditFilterQuery.parse({});
  const [page, people] = await Promise.all([
    adminCall(args, staff.platform, api.audit.filterAudit, { query }),
    adminCall(args, staff.platform, api.staff.filterStaff),
  ]);
  if (!page.ok) throw data(page.message, { status: failureStatus(page) });
  return {
    page: page.data,
    people: people.ok ? people.data.records.map((p) => ({ id: p.id, email: p.email })) : [],
    filters: Object.fromEntries(FILTERS.map((k) => [k, parsed.success ? String(query[k] ?? "") : ""])) as Record<
      (typeof FILTERS)[number],
      string
    >,
  };
}

function pageLink(filters: Record<string, string>, page: number): string {
  const params = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== ""));
  params.set("page", String(page));
  return `${SYSTEM_ROUTES.adminAudit}?${params}`;
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { page, filters, people } = loaderData;
  const { pagination } = page;
  const time = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "medium", timeZone: "Europe/Zagreb" });
  return (
    <AdminPage heading={t("admin.audit.heading")}>
      <Form method="get" className="admin-filters">
        <FilterInput id="audit-entity" name="entity" label={t("admin.audit.entity")} value={filters.entity} />
        <FilterSelect
          id="audit-user"
          name="userId"
          label={t("admin.audit.user")}
          value={filters.userId}
          any={t("admin.audit.anyUser")}
          options={people.map((p) => [String(p.id), p.email])}
        />
        <FilterInput id="audit-from" name="from" type="date" label={t("admin.audit.from")} value={filters.from} />
        <FilterInput id="audit-to" name="to" type="date" label={t("admin.audit.to")} value={filters.to} />
        <button type="submit" className="button button--small">
          {t("admin.audit.filter")}
        </button>
      </Form>
      {page.records.length === 0 ? (
        <p>{t("admin.audit.empty")}</p>
      ) : (
        <ol className="admin-audit">
          {page.records.map((entry) => (
            <li key={entry.id} className="admin-card">
              <p className="admin-card__title">
                <time dateTime={entry.createdAt}>{time.format(new Date(entry.createdAt))}</time> · {entry.userEmail || "—"}
              </p>
              <dl className="admin-audit__facts">
                <dt>{t("admin.audit.entity")}</dt>
                <dd>
                  {entry.entity}
                  {entry.entityId ? ` #${entry.entityId}` : ""}
                </dd>
                <dt>{t("admin.audit.action")}</dt>
                <dd>
                  <code>{entry.action}</code>
                </dd>
              </dl>
              <details>
                <summary>{t("admin.audit.change")}</summary>
                {entry.before !== null ? (
                  <>
                    <p>{t("admin.audit.before")}</p>
                    <pre>{JSON.stringify(entry.before, null, 2)}</pre>
                  </>
                ) : null}
                <p>{t("admin.audit.after")}</p>
                <pre>{JSON.stringify(entry.after, null, 2)}</pre>
              </details>
            </li>
          ))}
        </ol>
      )}
      <nav className="admin-pager" aria-label={t("admin.audit.pageOf", { page: pagination.page, pages: pagination.lastPage })}>
        {pagination.page > 1 ? <Link to={pageLink(filters, pagination.page - 1)}>{t("admin.audit.previous")}</Link> : null}
        <span>{t("admin.audit.pageOf", { page: pagination.page, pages: pagination.lastPage })}</span>
        {pagination.page < pagination.lastPage ? <Link to={pageLink(filters, pagination.page + 1)}>{t("admin.audit.next")}</Link> : null}
      </nav>
    </AdminPage>
  );
}
