import {
  DEBOUNCE_MS,
  localeFromPath,
  PAGINATION,
  SEARCH_PAGE_MAX,
  SEARCH_QUERY_MAX,
  type SearchAnswer,
  type SearchCategory,
} from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useNavigate, useNavigation } from "react-router";
import { failureFields, failurePage, failureStatus, failureText } from "../features/errors/platform-failure.ts";
import { SearchPagination } from "../features/search/search-pagination.tsx";
import { SearchResults } from "../features/search/search-results.tsx";
import { pageParam, type SearchState, searchHref } from "../features/search/search-url.ts";
import type { SeoData } from "../features/seo/seo-data.ts";
import { platformFor } from "../platform.server.ts";
import { useLocale, useT } from "../ui/i18n.tsx";
import { Notice } from "../ui/notice.tsx";
import { plural } from "../ui/plural.ts";
import type { Route } from "./+types/search";
import "../styles/search.css";

interface SearchPageData extends SearchState {
  categories: SearchCategory[];
  results: SearchAnswer | null;
  /** The query's own problem (too long), shown at the box. */
  fieldError: string | null;
  /** error.missingSearchCategories, or a failed search. */
  error: string | null;
  seo: SeoData;
}

/** SPEC §2 search page: /pretraga?search=…&category=…&page=… */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const t = translator(locale);
  const platform = platformFor(context, request, locale);
  const configured = await platform.callPublic(api.search.categories);
  if (!configured.ok) throw failurePage(configured, t);
  const categories = configured.data.categories;
  const requested = url.searchParams.get("category");
  const search = (url.searchParams.get("search") ?? "").trim();
  const body: SearchPageData = {
    search,
    categories,
    category: categories.find((c) => c === requested) ?? categories[0] ?? null,
    // Deeper pages are never read; the platform refuses them.
    page: Math.min(pageParam(url.searchParams.get("page")), SEARCH_PAGE_MAX),
    results: null,
    fieldError: null,
    error: null,
    seo: { title: search ? t("search.titleWithQuery", { query: search }) : t("search.title"), description: t("search.description") },
  };
  if (!body.category) return { ...body, error: t("error.missingSearchCategories") };
  if (!search) return body;

  // The same answer for every visitor: shared until the content changes.
  const result = await platform.callPublic(api.search.search, {
    query: { query: search, category: body.category, page: body.page, limit: PAGINATION.defaultLimit },
  });
  if (result.ok) return { ...body, results: result.data };
  if (result.error.code === "VALIDATION_ERROR") {
    return data({ ...body, fieldError: failureFields(result).query ?? failureText(result, t) }, { status: failureStatus(result) });
  }
  throw failurePage(result, t);
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { search, category, categories, page, results, fieldError, error } = loaderData;
  const [text, setText] = useState(search);
  // The term the URL holds (or is about to hold): typing differs from it until the debounce fires.
  const submitted = useRef(search);

  // Back/forward or a link changed the URL: the box follows it.
  useEffect(() => {
    if (search !== submitted.current) {
      submitted.current = search;
      setText(search);
    }
  }, [search]);

  // SPEC §9: 500 ms after the last keystroke the URL is replaced (no history entry per word) and the
  // loader runs again; a new term starts at page 1.
  useEffect(() => {
    const value = text.trim();
    if (value === submitted.current) return;
    const timer = setTimeout(() => {
      // Submitted with Enter or carried by a tab click meanwhile: already on its way.
      if (value === submitted.current) return;
      submitted.current = value;
      navigate(searchHref(locale, { search: value, category, page: 1 }), { replace: true, preventScrollReset: true });
    }, DEBOUNCE_MS.search);
    return () => clearTimeout(timer);
  }, [text, category, locale, navigate]);

  const pending =
    navigation.state === "loading" && navigation.location.pathname === searchHref(locale, { search: "", category: null, page: 1 });
  const title = t("search.title");
  const total = results?.pagination.total ?? 0;
  return (
    <section className="search-page container" aria-labelledby="search-title">
      <title>{search ? t("search.titleWithQuery", { query: search }) : title}</title>
      {/* Result lists are not pages of their own for search engines; the links in them are. */}
      {search ? <meta name="robots" content="noindex, follow" /> : null}
      <header className="page-header">
        <h1 id="search-title">{title}</h1>
      </header>
      {error ? <Notice kind="error">{error}</Notice> : null}
      {category ? (
        <>
          <Form
            method="get"
            action={searchHref(locale, { search: "", category: null, page: 1 })}
            role="search"
            className="search-form"
            onSubmit={() => {
              submitted.current = text.trim();
            }}
          >
            <label htmlFor="search-input" className="search-form__label">
              {t("search.label")}
            </label>
            <p className="search-form__hint" id="search-hint">
              {t("search.hint")}
            </p>
            <div className="search-form__row">
              <input
                id="search-input"
                className="search-form__input"
                type="search"
                name="search"
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                maxLength={SEARCH_QUERY_MAX}
                placeholder={t("search.placeholder")}
                autoComplete="off"
                enterKeyHint="search"
                aria-describedby={fieldError ? "search-hint search-error" : "search-hint"}
                aria-invalid={fieldError ? true : undefined}
              />
              <input type="hidden" name="category" value={category} />
              <button type="submit" className="button">
                {t("search.submit")}
              </button>
            </div>
            {fieldError ? (
              <p className="field__error" id="search-error">
                {fieldError}
              </p>
            ) : null}
          </Form>

          <nav className="search-tabs" aria-label={t("search.categories")}>
            <ul>
              {categories.map((c) => (
                <li key={c}>
                  <Link
                    to={searchHref(locale, { search: text.trim(), category: c, page: 1 })}
                    className="search-tabs__link"
                    aria-current={c === category ? "page" : undefined}
                    replace
                    preventScrollReset
                    onClick={() => {
                      submitted.current = text.trim();
                    }}
                  >
                    {t(`search.category.${c}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          <div className="search-page__results" aria-busy={pending || undefined}>
            {/* Announced politely when the answer changes, typed or clicked. */}
            <p className="search-page__status" role="status">
              {pending
                ? t("search.pending")
                : !search
                  ? t("search.prompt")
                  : results
                    ? total === 0
                      ? t("search.empty", { query: search })
                      : t(`search.results.${plural(locale, total)}`, { count: total, query: search })
                    : ""}
            </p>
            {results && results.records.length > 0 ? <SearchResults records={results.records} /> : null}
            {results ? (
              <SearchPagination
                page={page}
                lastPage={results.pagination.lastPage}
                href={(n) => searchHref(locale, { search, category, page: n })}
              />
            ) : null}
          </div>
        </>
      ) : null}
    </section>
  );
}
