import { type AdminProductListBody, PRODUCT_FORMATS, SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { LOW_STOCK_THRESHOLD } from "@shop/contracts/schemas/admin-catalog.ts";
import { data, Form, Link } from "react-router";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { FilterInput, FilterSelect } from "../../../features/admin/filter-fields.tsx";
import { pageParam } from "../../../features/admin/list-params.ts";
import { Pager } from "../../../features/admin/pager.tsx";
import { failureStatus } from "../../../features/errors/platform-failure.ts";
import { useLocale, useT } from "../../../ui/i18n.tsx";
import type { Route } from "./+types/products";
import { categoryOptions, doneOf, editorPath, formatEuros, indented } from "./catalog-forms.ts";
import { CatalogPage, Check, pageHref } from "./catalog-ui.tsx";

const FILTERS = ["q", "categoryId", "format", "archived", "featured", "lowStock"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

const yesNo = (value: string) => (value === "yes" ? true : value === "no" ? false : undefined);

/** The address's filters as the list's body; a filter that does not parse is dropped (a hand-edited address). */
function bodyOf(filters: Filters, params: URLSearchParams): AdminProductListBody {
  const categoryId = Number(filters.categoryId);
  return {
    q: filters.q.trim().slice(0, 100) || undefined,
    categoryId: Number.isInteger(categoryId) && categoryId > 0 ? categoryId : undefined,
    format: PRODUCT_FORMATS.find((f) => f === filters.format),
    archived: yesNo(filters.archived),
    featured: yesNo(filters.featured),
    lowStock: filters.lowStock === "1" ? true : undefined,
    page: pageParam(params),
    limit: 25,
  };
}

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const params = new URL(args.request.url).searchParams;
  const filters = Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? ""])) as Filters;
  const [list, tree] = await Promise.all([
    adminCall(args, staff.platform, api.adminCatalog.productList, { body: bodyOf(filters, params) }),
    adminCall(args, staff.platform, api.adminCatalog.categoryTree),
  ]);
  if (!list.ok) throw data(list.message, { status: failureStatus(list) });
  if (!tree.ok) throw data(tree.message, { status: failureStatus(tree) });
  return {
    list: list.data,
    filters,
    categories: categoryOptions(tree.data, staff.locale),
    done: doneOf(args.request, ["deleted", "archived"]),
  };
}

export default function ProductsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { list, filters, categories, done } = loaderData;
  const { pagination } = list;
  return (
    <CatalogPage
      title={t("admin.catalog.products.heading")}
      done={done ? t(done === "archived" ? "admin.catalog.products.archivedDone" : "admin.catalog.products.deleted") : null}
      actions={
        <Link className="button button--small" to={editorPath("adminCatalogProduct", "new")}>
          {t("admin.catalog.products.new")}
        </Link>
      }
    >
      <Form method="get" className="admin-filters" aria-label={t("admin.catalog.filters")}>
        <FilterInput id="products-q" name="q" type="search" label={t("admin.catalog.products.search")} value={filters.q} />
        <FilterSelect
          id="products-category"
          name="categoryId"
          label={t("admin.catalog.products.category")}
          value={filters.categoryId}
          any={t("admin.catalog.any")}
          options={categories.map((c) => [String(c.id), indented(c)])}
        />
        <FilterSelect
          id="products-format"
          name="format"
          label={t("admin.catalog.products.format")}
          value={filters.format}
          any={t("admin.catalog.any")}
          options={PRODUCT_FORMATS.map((f) => [f, t(`admin.catalog.format.${f}`)])}
        />
        {(["archived", "featured"] as const).map((flag) => (
          <FilterSelect
            key={flag}
            id={`products-${flag}`}
            name={flag}
            label={t(`admin.catalog.products.${flag}`)}
            value={filters[flag]}
            any={t("admin.catalog.any")}
            options={[
              ["yes", t("admin.catalog.yes")],
              ["no", t("admin.catalog.no")],
            ]}
          />
        ))}
        <Check
          id="products-low"
          name="lowStock"
          label={t("admin.catalog.products.lowStock", { n: LOW_STOCK_THRESHOLD })}
          checked={filters.lowStock === "1"}
        />
        <button type="submit" className="button button--small">
          {t("admin.catalog.filter")}
        </button>
      </Form>
      <p className="catalog__count">{t("admin.catalog.found", { n: pagination.total })}</p>
      {list.records.length === 0 ? (
        <p>{t("admin.catalog.products.empty")}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls, and must be reachable by keyboard to do so.
        <section className="catalog-table" aria-labelledby="products-caption" tabIndex={0}>
          <table>
            <caption id="products-caption">{t("admin.catalog.products.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.catalog.products.name")}</th>
                <th scope="col">{t("admin.catalog.products.sku")}</th>
                <th scope="col">{t("admin.catalog.products.format")}</th>
                <th scope="col" className="num">
                  {t("admin.catalog.products.price")}
                </th>
                <th scope="col" className="num">
                  {t("admin.catalog.products.stock")}
                </th>
                <th scope="col">{t("admin.catalog.products.state")}</th>
              </tr>
            </thead>
            <tbody>
              {list.records.map((p) => (
                <tr key={p.id}>
                  <td>
                    <Link to={editorPath("adminCatalogProduct", p.id)}>{p.name}</Link>
                  </td>
                  <td>
                    <code>{p.sku}</code>
                  </td>
                  <td>{t(`admin.catalog.format.${p.format}`)}</td>
                  <td className="num">{formatEuros(p.retailCents, locale)}</td>
                  <td className="num">
                    {p.stock === null ? "—" : p.stock}
                    {p.lowStock ? <span className="catalog-tag catalog-tag--warn">{t("admin.catalog.products.low")}</span> : null}
                  </td>
                  <td>
                    {p.archived ? <span className="catalog-tag">{t("admin.catalog.products.isArchived")}</span> : null}
                    {p.featured ? <span className="catalog-tag">{t("admin.catalog.products.isFeatured")}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <Pager
        texts="admin.catalog"
        page={pagination.page}
        lastPage={pagination.lastPage}
        href={pageHref(SYSTEM_ROUTES.adminCatalog, filters)}
      />
    </CatalogPage>
  );
}
