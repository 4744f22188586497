import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { FilterInput } from "../../../features/admin/filter-fields.tsx";
import { Pager } from "../../../features/admin/pager.tsx";
import { useT } from "../../../ui/i18n.tsx";
import { type EditorRoute, editorPath } from "./catalog-forms.ts";
import { CatalogPage, FormError, IntentButton, pageHref } from "./catalog-ui.tsx";

interface Listed {
  id: number;
}

/**
 * The list page of a part whose records are revoked rather than deleted (coupons, membership cards):
 * a search, one card a record with its facts, a revoke button on the ones still in force, and the pager.
 * `part` names the part's texts (`admin.catalog.<part>.heading`, `.search`, `.empty`, `.revokeOf`, …).
 */
export function RevocableList<T extends Listed>({
  part,
  editor,
  listPath,
  loaderData: { list, q, done },
  actionData,
  codeOf,
  inForce,
  badges,
  facts,
}: {
  part: "coupons" | "cards";
  editor: EditorRoute;
  listPath: string;
  loaderData: { list: { records: T[]; pagination: { page: number; lastPage: number } }; q: string; done: string | null };
  actionData: { id: number; formError: string } | undefined;
  codeOf: (record: T) => string;
  inForce: (record: T) => boolean;
  /** What follows the code in the card's title. */
  badges: (record: T) => ReactNode;
  /** The card's terms and descriptions. */
  facts: (record: T) => ReactNode;
}) {
  const t = useT();
  const texts = `admin.catalog.${part}`;
  return (
    <CatalogPage
      refusal={actionData}
      title={t(`${texts}.heading`)}
      done={done ? t(`${texts}.${done}`) : null}
      actions={
        <Link className="button button--small" to={editorPath(editor, "new")}>
          {t(`${texts}.new`)}
        </Link>
      }
    >
      <Form method="get" className="admin-filters" aria-label={t("admin.catalog.filters")}>
        <FilterInput id={`${part}-q`} name="q" type="search" label={t(`${texts}.search`)} value={q} />
        <button type="submit" className="button button--small">
          {t("admin.catalog.filter")}
        </button>
      </Form>
      {list.records.length === 0 ? (
        <p>{t(`${texts}.empty`)}</p>
      ) : (
        <ul className="catalog-cards">
          {list.records.map((record) => (
            <li key={record.id} className="admin-card">
              <p className="admin-card__title">
                <Link to={editorPath(editor, record.id)}>
                  <code>{codeOf(record)}</code>
                </Link>
                {badges(record)}
              </p>
              <dl className="catalog-facts">{facts(record)}</dl>
              {actionData && actionData.id === record.id ? <FormError message={actionData.formError} /> : null}
              {inForce(record) ? (
                <IntentButton
                  intent="revoke"
                  id={record.id}
                  label={t(`${texts}.revokeOf`, { code: codeOf(record) })}
                  text={t("admin.catalog.revoke")}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pager texts="admin.catalog" page={list.pagination.page} lastPage={list.pagination.lastPage} href={pageHref(listPath, { q })} />
    </CatalogPage>
  );
}
