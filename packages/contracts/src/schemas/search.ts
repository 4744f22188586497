import { z } from "zod";
import { PAGINATION, SEARCH_CATEGORIES, SEARCH_PAGE_MAX, SEARCH_QUERY_MAX } from "../constants.ts";
import type { Pagination } from "../envelope.ts";
import type { Locale } from "../locales.ts";
import { V } from "../validation-messages.ts";

/** Payloads and answers of the search endpoints and of the SEO data endpoints (SPEC §2, §7, §9). */

export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];

export const searchQuery = z.object({
  query: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(SEARCH_QUERY_MAX, { error: V.maxLength }),
  category: z.enum(SEARCH_CATEGORIES, { error: V.invalid }).default("pages"),
  page: z.coerce
    .number({ error: V.invalid })
    .int({ error: V.invalid })
    .min(1, { error: V.invalid })
    .max(SEARCH_PAGE_MAX, { error: V.invalid })
    .default(1),
  limit: z.coerce
    .number({ error: V.invalid })
    .int({ error: V.invalid })
    .min(1, { error: V.invalid })
    .max(PAGINATION.maxLimit, { error: V.invalid })
    .default(PAGINATION.defaultLimit),
});
export type SearchQuery = z.infer<typeof searchQuery>;

export type SearchResultKind = "page" | "post" | "product" | "productCategory";

export interface SearchResult {
  kind: SearchResultKind;
  id: number;
  title: string;
  /** Storefront path in the request's language, e.g. '/kontakt' or '/en/contact'. */
  url: string;
  /** Image path or URL, or null when the item has none. */
  image: string | null;
  /** Plain text around the first match (or the beginning of the text). */
  excerpt: string;
}

export interface SearchAnswer {
  records: SearchResult[];
  pagination: Pagination;
}

export interface SearchCategoriesAnswer {
  /** The tabs of the search page in order; empty means misconfigured (error.missingSearchCategories). */
  categories: SearchCategory[];
}

/**
 * The CMS option SearchCategories (a comma list) as tabs: unset means the SPEC §9 default list;
 * unknown names are dropped, so a value without any known name gives no tabs at all.
 */
export function parseSearchCategories(option: string | undefined): SearchCategory[] {
  if (option === undefined) return [...SEARCH_CATEGORIES];
  const known = new Set<string>(SEARCH_CATEGORIES);
  const chosen = option
    .split(",")
    .map((s) => s.trim())
    .filter((s): s is SearchCategory => known.has(s));
  return [...new Set(chosen)];
}

/** The CMS option SiteMapOptions: which optional parts /sitemap.xml carries. */
export interface SitemapOptions {
  lastmod: boolean;
  hreflang: boolean;
  images: boolean;
}

export type SitemapEntryKind = "page" | "post" | "event" | "product" | "productCategory";

/** One item of the site in every language it exists in. */
export interface SitemapEntry {
  kind: SitemapEntryKind;
  /** Storefront path per language, e.g. { hr: '/kontakt', en: '/en/contact' }. */
  paths: Partial<Record<Locale, string>>;
  /** ISO 8601 time of the last change, or null when unknown. */
  lastmod: string | null;
  /** Image paths or URLs shown on the item. */
  images: string[];
}

export interface SitemapAnswer {
  options: SitemapOptions;
  /** The language of x-default (the site's default language). */
  defaultLanguage: Locale;
  entries: SitemapEntry[];
}
