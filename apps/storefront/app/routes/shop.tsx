import {
  type CategoryView,
  DEBOUNCE_MS,
  isLocale,
  LOCALES,
  type Locale,
  localeFromPath,
  localizedPath,
  PRODUCT_PER_PAGE_DEFAULT,
  PRODUCT_PER_PAGE_OPTIONS,
} from "@shop/contracts";
import { translator } from "@shop/i18n";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useLocation, useNavigate, useNavigation } from "react-router";
import { Pagination } from "../features/blog/pagination.tsx";
import { baseFilters, loadCategoryBySlug, loadLayered, loadList, ownQueryKeys, sortChoices } from "../features/catalog/catalog.server.ts";
import { FilterFields } from "../features/catalog/filter-panel.tsx";
import {
  CONTROL_KEYS,
  canonicalSearch,
  chosen,
  completeRanges,
  offeredFilters,
  parseShopQuery,
  type ShopQuery,
  type SortId,
  shopQueryString,
} from "../features/catalog/filter-query.ts";
import { ProductGrid, toCard } from "../features/catalog/product-card.tsx";
import { NotFoundPage } from "../features/errors/not-found-page.tsx";
import { failurePage } from "../features/errors/platform-failure.ts";
import { platformFor } from "../platform.server.ts";
import { useLocale, usePath, useT } from "../ui/i18n.tsx";
import { plural } from "../ui/plural.ts";
import type { Route } from "./+types/shop";
import "../styles/content.css";
import "../styles/shop.css";

const SLUG = /^[\p{L}\p{N}_-]{1,200}$/u;
const FORM_ID = "shop-filters";

/**
 * SPEC §2 product list /shop and category page /shop/{slug}: filters, sort, per page and page live
 * in the query string (SPEC §5), which is always spelled one way: anything else (a form sent
 * without JavaScript, a min/max pair with an empty end) is redirected to that spelling.
 */
export async function loader({ request, context, params: { slug } }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const t = translator(locale);
  const platform = platformFor(context, request, locale);
  const notFound = () => data({ kind: "notFound" as const, alternates: {} }, { status: 404 });
  // A client navigation's data request carries React Router's own _routes parameter: not ours.
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  const search = (query: string) => (query ? `?${query}` : "");

  let category: CategoryView | null = null;
  if (slug !== undefined) {
    if (!SLUG.test(slug)) return notFound();
    const found = await loadCategoryBySlug(platform, slug);
    if (!found.ok) throw failurePage(found, t);
    if (!found.data) return notFound();
    category = found.data;
    // Found by another language's slug: the address of this language's version.
    if (category.slug !== slug)
      throw redirect(`${localizedPath("shop", locale, { slug: category.slug })}${search(params.toString())}`, 301);
  }

  const query = parseShopQuery(params);
  const listPath = localizedPath("shop", locale, { slug: category?.slug });
  // Whether an address is already the canonical spelling (commas may arrive encoded).
  const isCurrent = (canonical: string) => new URLSearchParams(canonical).toString() === params.toString();
  const { options: sortOptions, fallback: defaultSort } = sortChoices(category);
  if (query.sort && !sortOptions.includes(query.sort)) query.sort = null;
  const sort = query.sort ?? defaultSort;
  const answers = await loadList(platform, category, query, sort, query.page === 1);
  if (!answers.products.ok) {
    const failed = answers.products;
    if (failed.error.code === "VALIDATION_ERROR") {
      // An address with a filter the list does not offer (an old link): on to the filters it does.
      const offered = await loadLayered(platform, baseFilters(category, query.featured));
      const kept = canonicalSearch(offeredFilters({ ...query, page: 1 }, offered), defaultSort, params);
      if (offered.length && !isCurrent(kept)) throw redirect(`${listPath}${search(kept)}`);
    }
    throw failurePage(failed, t);
  }
  const layered = answers.layered.ok ? answers.layered.data : [];
  const products = answers.products.data;

  const canonical = canonicalSearch(completeRanges(query, layered), defaultSort, params);
  if (!isCurrent(canonical)) throw redirect(`${listPath}${search(canonical)}`);
  if (query.page > products.pagination.lastPage) return notFound();
  ownQueryKeys(context, query, layered);

  const alternates: Partial<Record<Locale, string>> = {};
  for (const lang of LOCALES) alternates[lang] = localizedPath("shop", lang);
  if (category) {
    for (const [lang, slug] of Object.entries(category.translations)) {
      if (isLocale(lang)) alternates[lang] = localizedPath("shop", lang, { slug });
    }
  }
  const title = category?.name ?? t("shop.title");
  return {
    kind: "shop" as const,
    category,
    query,
    sort,
    sortOptions,
    defaultSort,
    products: { ...products, records: products.records.map(toCard) },
    layered,
    featured: answers.featured.map(toCard),
    alternates,
    seo: {
      title: query.page > 1 ? t("shop.pageTitle", { title, page: query.page }) : title,
      description: category?.description || t("shop.lead"),
      image: category?.image ?? answers.featured[0]?.media[0]?.src ?? null,
    },
  };
}

type ShopData = Extract<Route.ComponentProps["loaderData"], { kind: "shop" }>;

export default function ShopPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind !== "shop") return <NotFoundPage />;
  return <ShopList data={loaderData} />;
}

function ShopList({ data: page }: { data: ShopData }) {
  const t = useT();
  const locale = useLocale();
  const path = usePath();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const { category, query, sort, sortOptions, defaultSort, products, layered, featured } = page;
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The state the form shows, without the page. When the address changes for another reason than
  // this form (back, a link), the form starts over from it.
  const formState = shopQueryString({ ...query, page: 1 }, defaultSort);
  const sent = useRef(formState);
  const [formKey, setFormKey] = useState(0);
  useEffect(() => {
    if (formState === sent.current) return;
    sent.current = formState;
    setFormKey((k) => k + 1);
  }, [formState]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const hrefFor = (state: ShopQuery) => {
    const search = shopQueryString(state, defaultSort);
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };

  // SPEC §4: any change of filter, sort or per page returns to page 1; the address is replaced.
  const apply = () => {
    clearTimeout(timer.current);
    const form = formRef.current;
    if (!form) return;
    const fields = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (typeof value === "string") fields.append(key, value);
    const next = completeRanges({ ...parseShopQuery(fields), page: 1 }, layered);
    const search = shopQueryString(next, defaultSort);
    sent.current = search;
    navigate(hrefFor(next), { replace: true, preventScrollReset: true });
  };
  // SPEC §9: filter changes wait 500 ms for the next one; sort and per page apply at once.
  const applySoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(apply, DEBOUNCE_MS.layeredFilter);
  };

  const listPath = location.pathname;
  const pending = navigation.state === "loading" && navigation.location.pathname === listPath;
  const total = products.pagination.total;
  const heading = category?.name ?? t("shop.title");
  const chosenCount = query.filters.length;
  const filtered = chosenCount > 0 || query.sort !== null || query.perPage !== PRODUCT_PER_PAGE_DEFAULT || query.featured;
  const showFeatured = featured.length > 0 && query.page === 1 && !query.featured;

  return (
    <div className="shop container">
      <title>{query.page > 1 ? t("shop.pageTitle", { title: heading, page: query.page }) : heading}</title>
      <meta name="description" content={category?.description || t("shop.lead")} />
      {/* Filtered and re-sorted lists are not pages of their own for search engines; their products are. */}
      {filtered ? <meta name="robots" content="noindex, follow" /> : null}
      <header className="shop__header">
        <p className="shop__eyebrow">
          {category ? <Link to={path("shop")}>{t("shop.title")}</Link> : <Link to={path("categories")}>{t("shop.allCategories")}</Link>}
        </p>
        <h1 className="shop__title">{heading}</h1>
        <p className="shop__lead">{category?.description || t("shop.lead")}</p>
      </header>

      {showFeatured ? (
        <section className="shop-featured" aria-labelledby="shop-featured-title">
          <div className="shop-featured__head">
            <h2 id="shop-featured-title" className="shop-featured__title">
              {t("shop.featured.title")}
            </h2>
            {category ? null : (
              <Link to={hrefFor({ ...query, filters: [], featured: true, page: 1 })} className="shop-featured__all">
                {t("shop.featured.all")}
              </Link>
            )}
          </div>
          <ProductGrid cards={featured} priority={2} />
        </section>
      ) : null}

      <div className="shop__layout">
        <aside className="shop__sidebar" aria-labelledby="shop-filters-title">
          <details className="shop-filters" open={chosenCount > 0 || undefined}>
            <summary className="shop-filters__toggle">
              <span id="shop-filters-title">{t("shop.filters.toggle")}</span>
              {chosenCount > 0 ? <span className="shop-filters__badge">{t("shop.filters.chosen", { count: chosenCount })}</span> : null}
            </summary>
            <Form
              method="get"
              action={listPath}
              id={FORM_ID}
              ref={formRef}
              key={formKey}
              className="shop-filters__form"
              // Filter inputs only: sort and per page live outside the form element and apply at once.
              onChange={applySoon}
              onSubmit={(e) => {
                e.preventDefault();
                apply();
              }}
            >
              {query.featured ? <input type="hidden" name={CONTROL_KEYS.featured} value="1" /> : null}
              {layered.length ? (
                <FilterFields layered={layered} chosen={(code) => chosen(query, code)} />
              ) : (
                <p className="shop-filters__none">{t("shop.filters.none")}</p>
              )}
              <div className="shop-filters__actions">
                <button type="submit" className="button button--small">
                  {t("shop.filters.apply")}
                </button>
                {chosenCount > 0 ? (
                  <Link to={hrefFor({ ...query, filters: [], page: 1 })} className="shop-filters__clear" replace preventScrollReset>
                    {t("shop.filters.clear")}
                  </Link>
                ) : null}
              </div>
            </Form>
          </details>
        </aside>

        <section className="shop__main" aria-labelledby="shop-list-title">
          <h2 id="shop-list-title" className="sr-only">
            {t("shop.list.title")}
          </h2>
          <div className="shop-toolbar">
            <p className="shop-toolbar__count" role="status">
              {pending ? t("shop.list.loading") : t(`shop.count.${plural(locale, total)}`, { count: total })}
            </p>
            <div className="shop-toolbar__controls">
              <div className="shop-toolbar__field">
                <label htmlFor="shop-sort">{t("shop.sort.label")}</label>
                <select id="shop-sort" name={CONTROL_KEYS.sort} form={FORM_ID} key={`sort-${formKey}`} defaultValue={sort} onChange={apply}>
                  {sortOptions.map((id: SortId) => (
                    <option key={id} value={id}>
                      {t(`shop.sort.${id}`)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="shop-toolbar__field">
                <label htmlFor="shop-per-page">{t("shop.perPage.label")}</label>
                <select
                  id="shop-per-page"
                  name={CONTROL_KEYS.perPage}
                  form={FORM_ID}
                  key={`per-page-${formKey}`}
                  defaultValue={query.perPage}
                  onChange={apply}
                >
                  {PRODUCT_PER_PAGE_OPTIONS.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </div>
              {/* Without JavaScript a changed sort or per page is sent with this button. */}
              <button type="submit" form={FORM_ID} className="button button--small button--ghost shop-toolbar__apply">
                {t("shop.sort.apply")}
              </button>
            </div>
          </div>

          <div className={`shop__results${pending ? " is-pending" : ""}`} aria-busy={pending || undefined}>
            {products.records.length ? (
              <ProductGrid cards={products.records} priority={showFeatured ? 0 : 2} />
            ) : (
              <div className="shop__empty">
                <p>{t(chosenCount ? "shop.list.emptyFiltered" : "shop.list.empty")}</p>
                {chosenCount ? (
                  <Link to={hrefFor({ ...query, filters: [], page: 1 })} className="button button--ghost">
                    {t("shop.filters.clear")}
                  </Link>
                ) : null}
              </div>
            )}
          </div>
          <Pagination
            page={products.pagination.page}
            through={products.pagination.page}
            lastPage={products.pagination.lastPage}
            hrefFor={(n) => hrefFor({ ...query, page: n })}
            label={t("shop.pagination")}
          />
        </section>
      </div>
    </div>
  );
}
