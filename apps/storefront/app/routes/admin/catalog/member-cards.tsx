import { SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { data, Form, Link, redirect } from "react-router";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { failureStatus, failureText } from "../../../features/errors/platform-failure.ts";
import { formText } from "../../../features/forms/form-values.ts";
import { useLocale, useT } from "../../../ui/i18n.tsx";
import type { Route } from "./+types/member-cards";
import { doneOf, editorPath, formatInstant } from "./catalog-forms.ts";
import { CatalogPage, FormError, Pager } from "./catalog-ui.tsx";

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const params = new URL(args.request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const page = Number(params.get("page"));
  const list = await adminCall(args, staff.platform, api.adminMemberCards.list, {
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
  const result = await adminCall(args, staff.platform, api.adminMemberCards.revoke, { params: { id } });
  if (!result.ok) return data({ id, formError: failureText(result, translator(staff.locale)) }, { status: failureStatus(result) });
  throw redirect(`${SYSTEM_ROUTES.adminCatalogMemberCards}?done=revoked`);
}

export default function MemberCardsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { list, q, done } = loaderData;
  return (
    <CatalogPage
      refusal={actionData}
      title={t("admin.catalog.cards.heading")}
      done={done ? t(`admin.catalog.cards.${done}`) : null}
      actions={
        <Link className="button button--small" to={editorPath("adminCatalogMemberCard", "new")}>
          {t("admin.catalog.cards.new")}
        </Link>
      }
    >
      <Form method="get" className="admin-filters" aria-label={t("admin.catalog.filters")}>
        <div className="field">
          <label htmlFor="cards-q">{t("admin.catalog.cards.search")}</label>
          <input id="cards-q" name="q" type="search" defaultValue={q} />
        </div>
        <button type="submit" className="button button--small">
          {t("admin.catalog.filter")}
        </button>
      </Form>
      {list.records.length === 0 ? (
        <p>{t("admin.catalog.cards.empty")}</p>
      ) : (
        <ul className="catalog-cards">
          {list.records.map((c) => (
            <li key={c.id} className="admin-card">
              <p className="admin-card__title">
                <Link to={editorPath("adminCatalogMemberCard", c.id)}>
                  <code>{c.barcode}</code>
                </Link>
                <span className={`catalog-tag${c.revokedAt ? " catalog-tag--warn" : ""}`}>
                  {c.revokedAt
                    ? t("admin.catalog.cards.revokedOn", { at: formatInstant(c.revokedAt, locale) })
                    : t("admin.catalog.cards.valid")}
                </span>
              </p>
              <dl className="catalog-facts">
                <dt>{t("admin.catalog.cards.holder")}</dt>
                <dd>
                  {c.holderName ? `${c.holderName}, ` : ""}
                  {c.holderEmail}
                </dd>
                <dt>{t("admin.catalog.cards.issued")}</dt>
                <dd>{formatInstant(c.issuedAt, locale)}</dd>
                <dt>{t("admin.catalog.cards.validUntil")}</dt>
                <dd>{c.validUntil ? formatInstant(c.validUntil, locale) : t("admin.catalog.cards.noEnd")}</dd>
              </dl>
              {actionData && actionData.id === c.id ? <FormError message={actionData.formError} /> : null}
              {c.revokedAt ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="id" value={c.id} />
                  <button
                    type="submit"
                    className="button button--ghost button--small"
                    aria-label={t("admin.catalog.cards.revokeOf", { code: c.barcode })}
                  >
                    {t("admin.catalog.revoke")}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager base={SYSTEM_ROUTES.adminCatalogMemberCards} query={{ q }} page={list.pagination.page} pages={list.pagination.lastPage} />
    </CatalogPage>
  );
}
