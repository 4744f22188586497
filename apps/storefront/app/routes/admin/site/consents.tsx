import { assignedToField, consentAdminFilterQuery, SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { data, Form, Link, redirect } from "react-router";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { AdminPage } from "../../../features/admin/admin-page.tsx";
import { failureStatus } from "../../../features/errors/platform-failure.ts";
import { useLocale, useT } from "../../../ui/i18n.tsx";
import type { Route } from "./+types/consents";
import { consentPlacePath, placeName, STANDARD_PLACES } from "./consent-places.ts";
import "../../../styles/admin-site.css";

/** SPEC §2 /admin/consent: every consent with its texts and the places it is shown, 50 a page. */
export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const params = new URL(args.request.url).searchParams;
  // The 'open a place' form: a place is a name, so any valid one opens its editor.
  const place = params.get("place");
  if (place !== null) {
    const parsed = assignedToField().safeParse(place);
    if (parsed.success) throw redirect(consentPlacePath(parsed.data));
  }
  const query = consentAdminFilterQuery.safeParse({ page: params.get("page") ?? undefined });
  const list = await adminCall(args, staff.platform, api.consents.adminFilter, {
    query: query.success ? query.data : consentAdminFilterQuery.parse({}),
  });
  if (!list.ok) throw data(list.message, { status: failureStatus(list) });
  return { ...list.data, badPlace: place !== null };
}

const pageLink = (page: number) => `${SYSTEM_ROUTES.adminConsent}?page=${page}`;

export default function ConsentsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { records, pagination } = loaderData;
  const places = [...new Set([...STANDARD_PLACES, ...records.flatMap((r) => r.assignments.map((a) => a.assigned_to))])].sort();
  return (
    <AdminPage heading={t("admin.site.consents.heading")}>
      <p>{t("admin.site.consents.intro")}</p>
      <nav className="admin-card" aria-labelledby="consent-places">
        <h2 id="consent-places">{t("admin.site.consents.places")}</h2>
        <ul className="admin-site__places">
          {places.map((place) => (
            <li key={place}>
              <Link to={consentPlacePath(place)}>{placeName(t, place)}</Link>
            </li>
          ))}
        </ul>
        <Form method="get" className="admin-filters">
          <div className={`field${loaderData.badPlace ? " field--invalid" : ""}`}>
            <label htmlFor="consent-place">{t("admin.site.consents.openPlace")}</label>
            <p className="field__hint" id="consent-place-hint">
              {t("admin.site.consents.placeHint")}
            </p>
            <input
              id="consent-place"
              type="text"
              name="place"
              pattern="[\w\-]+"
              maxLength={64}
              required
              aria-describedby={loaderData.badPlace ? "consent-place-hint consent-place-error" : "consent-place-hint"}
              aria-invalid={loaderData.badPlace ? true : undefined}
            />
            {loaderData.badPlace ? (
              <p className="field__error" id="consent-place-error">
                {t("validation.invalid")}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button button--small">
            {t("admin.site.consents.open")}
          </button>
        </Form>
      </nav>
      {records.length === 0 ? (
        <p>{t("admin.site.consents.empty")}</p>
      ) : (
        <ul className="admin-site__consents">
          {records.map((consent) => (
            <li key={consent.id} className="admin-card">
              <p className="admin-card__title">
                <strong>
                  <code>{consent.uniqueNumber}</code>
                </strong>
                <span>{t("admin.site.consents.version", { version: consent.version })}</span>
              </p>
              <div
                className="admin-site__preview"
                lang={consent.displayName[locale] ? locale : "hr"}
                // Sanitised by the platform when it was saved (an allow-list of inline tags and safe links).
                dangerouslySetInnerHTML={{ __html: consent.displayName[locale] ?? consent.displayName.hr ?? "" }}
              />
              {consent.assignments.length === 0 ? (
                <p>{t("admin.site.consents.nowhere")}</p>
              ) : (
                <p>
                  {t("admin.site.consents.shownAt")}{" "}
                  {consent.assignments.map((a, i) => (
                    <span key={a.assigned_to}>
                      {i > 0 ? ", " : null}
                      <Link to={consentPlacePath(a.assigned_to)}>{placeName(t, a.assigned_to)}</Link>
                      {a.required ? ` (${t("admin.site.consents.required")})` : null}
                    </span>
                  ))}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <nav
        className="admin-pager"
        aria-label={t("admin.site.consents.pageOf", { page: pagination.page, pages: Math.max(pagination.lastPage, 1) })}
      >
        {pagination.page > 1 ? <Link to={pageLink(pagination.page - 1)}>{t("admin.site.consents.previous")}</Link> : null}
        <span>{t("admin.site.consents.pageOf", { page: pagination.page, pages: Math.max(pagination.lastPage, 1) })}</span>
        {pagination.page < pagination.lastPage ? <Link to={pageLink(pagination.page + 1)}>{t("admin.site.consents.next")}</Link> : null}
      </nav>
    </AdminPage>
  );
}
