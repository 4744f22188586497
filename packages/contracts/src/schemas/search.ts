import { z } from "zod";
import { PAGINATION, SEARCH_CATEGORIES, SEARCH_PAGE_MAX, SEARCH_QUERY_MAX } from "../constants.ts";
import { V } from "../validation-messages.ts";

/** Payloads of the search endpoints (SPEC §2, §7, §9); the answers are in api/search.ts. */

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
