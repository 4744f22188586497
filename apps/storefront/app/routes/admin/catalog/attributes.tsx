import { api } from "@shop/contracts/api";
import { data, Link } from "react-router";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { failureStatus } from "../../../features/errors/platform-failure.ts";
import { useLocale, useT } from "../../../ui/i18n.tsx";
import type { Route } from "./+types/attributes";
import { doneOf, editorPath, inLocale } from "./catalog-forms.ts";
import { CatalogPage } from "./catalog-ui.tsx";

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const list = await adminCall(args, staff.platform, api.adminCatalog.attributeList);
  if (!list.ok) throw data(list.message, { status: failureStatus(list) });
  return { attributes: list.data, done: doneOf(args.request, ["created", "saved"]) };
}

export default function AttributesPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { attributes, done } = loaderData;
  return (
    <CatalogPage
      title={t("admin.catalog.attributes.heading")}
      done={done ? t(`admin.catalog.attributes.${done}`) : null}
      actions={
        <Link className="button button--small" to={editorPath("adminCatalogAttribute", "new")}>
          {t("admin.catalog.attributes.new")}
        </Link>
      }
    >
      <p>{t("admin.catalog.attributes.intro")}</p>
      {attributes.length === 0 ? (
        <p>{t("admin.catalog.attributes.empty")}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls, and must be reachable by keyboard to do so.
        <section className="catalog-table" aria-labelledby="attributes-caption" tabIndex={0}>
          <table>
            <caption id="attributes-caption">{t("admin.catalog.attributes.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.catalog.attributes.label")}</th>
                <th scope="col">{t("admin.catalog.attributes.code")}</th>
                <th scope="col">{t("admin.catalog.attributes.type")}</th>
                <th scope="col" className="num">
                  {t("admin.catalog.attributes.values")}
                </th>
                <th scope="col">{t("admin.catalog.attributes.filterable")}</th>
              </tr>
            </thead>
            <tbody>
              {attributes.map((a) => (
                <tr key={a.id}>
                  <td>
                    <Link to={editorPath("adminCatalogAttribute", a.id)}>{inLocale(a.translations, locale)?.label ?? a.code}</Link>
                  </td>
                  <td>
                    <code>{a.code}</code>
                  </td>
                  <td>{t(`admin.catalog.attributeType.${a.inputType}`)}</td>
                  <td className="num">{a.values.length}</td>
                  <td>{a.filterable ? t("admin.catalog.yes") : t("admin.catalog.no")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </CatalogPage>
  );
}
