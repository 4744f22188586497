import { SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { data, Form, Link, redirect } from "react-router";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { failureStatus, failureText } from "../../../features/errors/platform-failure.ts";
import { formText } from "../../../features/forms/form-values.ts";
import { useLocale, useT } from "../../../ui/i18n.tsx";
import type { Route } from "./+types/coupons";
import { doneOf, editorPath, formatEuros, formatInstant } from "./catalog-forms.ts";
import { CatalogPage, FormError, Pager } from "./catalog-ui.tsx";

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const params = new URL(args.request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 64);
  const page = Number(params.get("page"));
  const list = await adminCall(args, staff.platform, api.adminCoupons.list, {
    body: { q: q || undefined, page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1, limit: 25 },
  });
  if (!list.ok) throw data(list.message, { status: failureStatus(list) });
  return { list: list.data, q, done: doneOf(args.request, ["created", "saved", "revoked"]) };
}

/** Revoking, posted from the list. */
export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args);
  const form = await args.request.formData();
  const id = Number(formText(form, "id"));
  if (formText(form, "intent") !== "revoke" || !Number.isInteger(id) || id < 1) throw data(null, { status: 400 });
  const result = await adminCall(args, staff.platform, api.adminCoupons.revoke, { params: { id } });
  if (!result.ok) return data({ id, formError: failureText(result, translator(staff.locale)) }, { status: failureStatus(result) });
  throw redirect(`${SYSTEM_ROUTES.adminCatalogCoupons}?done=revoked`);
}

export default function CouponsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { list, q, done } = loaderData;
  return (
    <CatalogPage
      refusal={actionData}
      title={t("admin.catalog.coupons.heading")}
      done={done ? t(`admin.catalog.coupons.${done}`) : null}
      actions={
        <Link className="button button--small" to={editorPath("adminCatalogCoupon", "new")}>
          {t("admin.catalog.coupons.new")}
        </Link>
      }
    >
      <Form method="get" className="admin-filters" aria-label={t("admin.catalog.filters")}>
        <div className="field">
          <label htmlFor="coupons-q">{t("admin.catalog.coupons.search")}</label>
          <input id="coupons-q" name="q" type="search" defaultValue={q} />
        </div>
        <button type="submit" className="button button--small">
          {t("admin.catalog.filter")}
        </button>
      </Form>
      {list.records.length === 0 ? (
        <p>{t("admin.catalog.coupons.empty")}</p>
      ) : (
        <ul className="catalog-cards">
          {list.records.map((c) => (
            <li key={c.id} className="admin-card">
              <p className="admin-card__title">
                <Link to={editorPath("adminCatalogCoupon", c.id)}>
                  <code>{c.code}</code>
                </Link>
                <span>{c.kind === "percent" ? `${c.value} %` : formatEuros(c.value, locale)}</span>
                <span className={`catalog-tag${c.active ? "" : " catalog-tag--warn"}`}>
                  {c.active ? t("admin.catalog.coupons.active") : t("admin.catalog.coupons.inactive")}
                </span>
              </p>
              <dl className="catalog-facts">
                <dt>{t("admin.catalog.coupons.validity")}</dt>
                <dd>
                  {c.validFrom || c.validTo
                    ? `${formatInstant(c.validFrom, locale)} – ${formatInstant(c.validTo, locale)}`
                    : t("admin.catalog.coupons.always")}
                </dd>
                <dt>{t("admin.catalog.coupons.uses")}</dt>
                <dd>
                  {c.usageLimit === null
                    ? t("admin.catalog.coupons.usedUnlimited", { n: c.usedCount })
                    : t("admin.catalog.coupons.usedOf", { n: c.usedCount, limit: c.usageLimit })}
                </dd>
                <dt>{t("admin.catalog.coupons.perCustomer")}</dt>
                <dd>{c.perCustomerLimit ?? t("admin.catalog.coupons.unlimited")}</dd>
                <dt>{t("admin.catalog.coupons.minTotal")}</dt>
                <dd>{formatEuros(c.minTotalCents, locale)}</dd>
              </dl>
              {actionData && actionData.id === c.id ? <FormError message={actionData.formError} /> : null}
              {c.active ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="id" value={c.id} />
                  <button
                    type="submit"
                    className="button button--ghost button--small"
                    aria-label={t("admin.catalog.coupons.revokeOf", { code: c.code })}
                  >
                    {t("admin.catalog.revoke")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pager base={SYSTEM_ROUTES.adminCatalogCoupons} query={{ q }} page={list.pagination.page} pages={list.pagination.lastPage} />
    </CatalogPage>
  );
}
