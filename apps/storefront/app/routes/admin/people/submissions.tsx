import { SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { data } from "react-router";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { AdminPage } from "../../../features/admin/admin-page.tsx";
import { pageParam } from "../../../features/admin/list-params.ts";
import { Pager } from "../../../features/admin/pager.tsx";
import { failureStatus } from "../../../features/errors/platform-failure.ts";
import { useLocale, useT } from "../../../ui/i18n.tsx";
import type { Route } from "./+types/submissions";
import { ModerationNav } from "./moderation-nav.tsx";
import "../../../styles/admin-people.css";

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const params = new URL(args.request.url).searchParams;
  const list = await adminCall(args, staff.platform, api.adminModeration.formSubmissions, { body: { page: pageParam(params), limit: 20 } });
  if (!list.ok) throw data(list.message, { status: failureStatus(list) });
  return { page: list.data };
}

/** A submitted value as text: what a visitor typed, or the JSON of anything else. */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

export default function SubmissionsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { page } = loaderData;
  const time = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Zagreb" });
  return (
    <AdminPage heading={t("admin.moderation.tab.submissions")}>
      <ModerationNav />
      <p>
        <a href={SYSTEM_ROUTES.adminModerationExport.replace(":list", "submissions")} download>
          {t("admin.moderation.exportCsv")}
        </a>
      </p>
      {page.records.length === 0 ? (
        <p>{t("admin.moderation.noSubmissions")}</p>
      ) : (
        <ol className="admin-moderation">
          {page.records.map((s) => (
            <li key={s.id} className="admin-card">
              <article aria-labelledby={`submission-${s.id}`}>
                <h2 id={`submission-${s.id}`} className="admin-card__title">
                  <span>{s.form?.slug ?? t("admin.moderation.formGone")}</span>
                  <time dateTime={s.createdAt}>{time.format(new Date(s.createdAt))}</time>
                </h2>
                <p className="admin-moderation__meta">
                  {s.email ?? "—"} · {s.confirmedAt ? t("admin.moderation.confirmed") : t("admin.moderation.unconfirmed")}
                </p>
                <dl className="admin-facts-list">
                  {Object.entries(s.data).map(([label, value]) => (
                    <div key={label} className="admin-facts-list__row">
                      <dt>{label}</dt>
                      <dd>{valueText(value)}</dd>
                    </div>
                  ))}
                </dl>
              </article>
            </li>
          ))}
        </ol>
      )}
      <Pager page={page.pagination.page} lastPage={page.pagination.lastPage} href={(p) => `${SYSTEM_ROUTES.adminSubmissions}?page=${p}`} />
    </AdminPage>
  );
}
