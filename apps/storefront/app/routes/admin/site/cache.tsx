import { cacheClearBody, SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { data, Form, redirect } from "react-router";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { AdminPage } from "../../../features/admin/admin-page.tsx";
import { failureStatus, failureText } from "../../../features/errors/platform-failure.ts";
import { formText } from "../../../features/forms/form-values.ts";
import { useLocale, useT } from "../../../ui/i18n.tsx";
import { Notice } from "../../../ui/notice.tsx";
import type { Route } from "./+types/cache";
import "../../../styles/admin-site.css";

const DONE = new Set(["pages", "publicData", "all"]);

/** SPEC §2 /admin/cache: this instance's caches (ADR 22); without a cache server the page says so. */
export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const list = await adminCall(args, staff.platform, api.caches.list);
  if (!list.ok) throw data(list.message, { status: failureStatus(list) });
  const done = new URL(args.request.url).searchParams.get("cleared");
  return { ...list.data, cleared: done && DONE.has(done) ? done : null };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args);
  const form = await args.request.formData();
  const name = formText(form, "name");
  const parsed = cacheClearBody.safeParse(name === "all" ? {} : { name });
  if (!parsed.success) throw data(null, { status: 400 });
  const result = await adminCall(args, staff.platform, api.caches.clear, { body: parsed.data });
  if (!result.ok) return data({ error: failureText(result, translator(staff.locale)) }, { status: failureStatus(result) });
  throw redirect(`${SYSTEM_ROUTES.adminCache}?cleared=${parsed.data.name ?? "all"}`);
}

export default function CachePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
  const size = new Intl.NumberFormat(locale, { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 });
  return (
    <AdminPage heading={t("admin.site.cache.heading")}>
      {loaderData.cleared ? <Notice kind="success">{t(`admin.site.cache.cleared.${loaderData.cleared}`)}</Notice> : null}
      {actionData?.error ? <Notice kind="error">{actionData.error}</Notice> : null}
      {!loaderData.inUse ? (
        <p>{t("admin.site.cache.none")}</p>
      ) : (
        <>
          <p>{t("admin.site.cache.intro")}</p>
          <div className="admin-site__table">
            <table>
              <caption className="sr-only">{t("admin.site.cache.heading")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("admin.site.cache.name")}</th>
                  <th scope="col">{t("admin.site.cache.entries")}</th>
                  <th scope="col">{t("admin.site.cache.size")}</th>
                  <th scope="col">{t("admin.site.cache.hitRate")}</th>
                  <th scope="col">{t("admin.site.cache.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {loaderData.caches.map((cache) => {
                  const lookups = cache.hits + cache.misses;
                  const label = t(`admin.site.cache.kind.${cache.name}`);
                  return (
                    <tr key={cache.name}>
                      <th scope="row">{label}</th>
                      <td>{number.format(cache.entries)}</td>
                      <td>{cache.bytes === null ? "—" : size.format(cache.bytes / 1000)}</td>
                      <td>
                        {lookups === 0 ? "—" : percent.format(cache.hits / lookups)}{" "}
                        <small>{t("admin.site.cache.hitsOf", { hits: number.format(cache.hits), lookups: number.format(lookups) })}</small>
                      </td>
                      <td>
                        <Form method="post">
                          <input type="hidden" name="name" value={cache.name} />
                          <button
                            type="submit"
                            className="button button--small"
                            aria-label={t("admin.site.cache.clearOne", { name: label })}
                          >
                            {t("admin.site.cache.clear")}
                          </button>
                        </Form>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Form method="post">
            <input type="hidden" name="name" value="all" />
            <button type="submit" className="button">
              {t("admin.site.cache.clearAll")}
            </button>
          </Form>
          {loaderData.caches.map((cache) => (
            <details key={cache.name} className="admin-card admin-site__keys">
              <summary>
                {t("admin.site.cache.keysOf", { name: t(`admin.site.cache.kind.${cache.name}`), count: cache.keys.length })}
              </summary>
              {cache.keys.length === 0 ? (
                <p>{t("admin.site.cache.empty")}</p>
              ) : (
                <ul>
                  {cache.keys.map((key, i) => (
                    // The same address is kept once per cookie-banner state: keys may repeat.
                    <li key={i}>
                      <code>{key}</code>
                    </li>
                  ))}
                </ul>
              )}
            </details>
          ))}
          <p className="field__hint">{t("admin.site.cache.instanceNote")}</p>
        </>
      )}
    </AdminPage>
  );
}
