import { z } from "zod";
import { SEARCH_CATEGORIES } from "../constants.ts";
import { endpoint } from "../endpoint.ts";
import { pagedSchema } from "../envelope.ts";
import { searchQuery } from "../schemas/search.ts";

/** Answers of the site search (SPEC §2 search page, §9 search categories). */

export const searchResultKinds = ["page", "post", "product", "productCategory"] as const;
export type SearchResultKind = (typeof searchResultKinds)[number];

export const searchResult = z.object({
  kind: z.enum(searchResultKinds),
  id: z.number().int(),
  title: z.string(),
  /** Storefront path in the request's language, e.g. '/kontakt' or '/en/contact'. */
  url: z.string(),
  /** Image path or URL, or null when the item has none. */
  image: z.string().nullable(),
  /** Plain text around the first match (or the beginning of the text). */
  excerpt: z.string(),
});
export type SearchResult = z.infer<typeof searchResult>;

export const searchAnswer = pagedSchema(searchResult);
export type SearchAnswer = z.infer<typeof searchAnswer>;

export const searchCategoriesAnswer = z.object({
  /** The tabs of the search page in order; empty means misconfigured (error.missingSearchCategories). */
  categories: z.array(z.enum(SEARCH_CATEGORIES)),
});
export type SearchCategoriesAnswer = z.infer<typeof searchCategoriesAnswer>;

const tag = "search";

export const searchApi = {
  search: endpoint({
    method: "GET",
    path: "/v1/search",
    summary: "Full-text search of published pages and posts, products on sale and product categories",
    tag,
    access: "public",
    query: searchQuery,
    answer: searchAnswer,
  }),
  categories: endpoint({
    method: "GET",
    path: "/v1/search/categories",
    summary: "The search page's categories (CMS option SearchCategories, else the default list)",
    tag,
    access: "public",
    answer: searchCategoriesAnswer,
  }),
} as const;
