import { redirectCreateBody, SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { data, Form, redirect } from "react-router";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { AdminPage } from "../../../features/admin/admin-page.tsx";
import { pageParam } from "../../../features/admin/list-params.ts";
import { Pager } from "../../../features/admin/pager.tsx";
import { failureFields, failureStatus, failureText } from "../../../features/errors/platform-failure.ts";
import { type FieldErrors, fieldErrors, formText } from "../../../features/forms/form-values.ts";
import { useLocale, useT } from "../../../ui/i18n.tsx";
import { Notice } from "../../../ui/notice.tsx";
import type { Route } from "./+types/failed-requests";
import { ModerationNav } from "./moderation-nav.tsx";
import "../../../styles/forms.css";
import "../../../styles/admin-people.css";

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const params = new URL(args.request.url).searchParams;
  const list = await adminCall(args, staff.platform, api.cms.filterFailedRequests, { body: { page: pageParam(params), limit: 25 } });
  if (!list.ok) throw data(list.message, { status: failureStatus(list) });
  const from = params.get("from");
  return { page: list.data, created: params.get("done") === "redirected" && from ? { from, to: params.get("to") ?? "" } : null };
}

interface ActionData {
  fromPath: string;
  toPath: string;
  status: string;
  fieldErrors: FieldErrors;
  formError: string | null;
}

/** 'Create redirect' of one failed path, through the platform's redirect endpoint (301 or 302). */
export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args);
  const t = translator(staff.locale);
  const form = await args.request.formData();
  const values = { fromPath: formText(form, "fromPath"), toPath: formText(form, "toPath").trim(), status: formText(form, "status") };
  const parsed = redirectCreateBody.safeParse({ ...values, status: Number(values.status) });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues, t);
    return data<ActionData>({ ...values, fieldErrors: errors, formError: errors.fromPath ?? null }, { status: 400 });
  }
  const result = await adminCall(args, staff.platform, api.cms.createRedirect, { body: parsed.data });
  if (!result.ok) {
    return data<ActionData>(
      { ...values, fieldErrors: failureFields(result), formError: failureText(result, t) },
      { status: failureStatus(result) },
    );
  }
  const back = new URLSearchParams({ done: "redirected", from: result.data.fromPath, to: result.data.toPath });
  throw redirect(`${SYSTEM_ROUTES.adminFailedRequests}?${back}`);
}

export default function FailedRequestsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { page, created } = loaderData;
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "Europe/Zagreb" });
  return (
    <AdminPage heading={t("admin.moderation.tab.failedRequests")}>
      <ModerationNav />
      <p>{t("admin.moderation.failedIntro")}</p>
      {created ? <Notice kind="success">{t("admin.moderation.redirectCreated", created)}</Notice> : null}
      {page.records.length === 0 ? (
        <p>{t("admin.moderation.noFailedRequests")}</p>
      ) : (
        <ol className="admin-moderation">
          {page.records.map((r, i) => {
            const mine = actionData?.fromPath === r.path ? actionData : null;
            const id = `failed-${i}`;
            return (
              <li key={r.path} className="admin-card">
                <h2 id={`${id}-path`} className="admin-card__title admin-failed__path">
                  <code>{r.path}</code>
                </h2>
                <p className="admin-moderation__meta">
                  {t("admin.moderation.hits", { count: r.hits })} · {t("admin.moderation.lastSeen")}{" "}
                  <time dateTime={r.lastSeenAt}>{day.format(new Date(r.lastSeenAt))}</time>
                </p>
                {mine?.formError ? <Notice kind="error">{mine.formError}</Notice> : null}
                <Form method="post" className="form admin-redirect-form" aria-labelledby={`${id}-path`}>
                  <input type="hidden" name="fromPath" value={r.path} />
                  <div className={`field${mine?.fieldErrors.toPath ? " field--invalid" : ""}`}>
                    <label htmlFor={`${id}-to`}>{t("admin.moderation.redirectTo")}</label>
                    <input
                      id={`${id}-to`}
                      name="toPath"
                      required
                      placeholder="/"
                      defaultValue={mine?.toPath}
                      aria-invalid={mine?.fieldErrors.toPath ? true : undefined}
                      aria-describedby={mine?.fieldErrors.toPath ? `${id}-to-error` : undefined}
                    />
                    {mine?.fieldErrors.toPath ? (
                      <p className="field__error" id={`${id}-to-error`}>
                        {mine.fieldErrors.toPath}
                      </p>
                    ) : null}
                  </div>
                  <div className="field">
                    <label htmlFor={`${id}-status`}>{t("admin.moderation.redirectKind")}</label>
                    <select id={`${id}-status`} name="status" defaultValue={mine?.status ?? "301"}>
                      <option value="301">{t("admin.moderation.redirect301")}</option>
                      <option value="302">{t("admin.moderation.redirect302")}</option>
                    </select>
                  </div>
                  <button type="submit" className="button button--small">
                    {t("admin.moderation.createRedirect")}
                  </button>
                </Form>
              </li>
            );
          })}
        </ol>
      )}
      <Pager
        page={page.pagination.page}
        lastPage={page.pagination.lastPage}
        href={(p) => `${SYSTEM_ROUTES.adminFailedRequests}?page=${p}`}
      />
    </AdminPage>
  );
}
