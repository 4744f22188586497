import { type Locale, localizedPath, type SearchCategory } from "@shop/contracts";

/** The search page's state as it lives in the URL (SPEC §2: search, category, page). */
export interface SearchState {
  search: string;
  category: SearchCategory | null;
  page: number;
}

/** The search page's address for a state; empty parts and page 1 are left out. */
export function searchHref(locale: Locale, state: SearchState): string {
  const params = new URLSearchParams();
  if (state.search) params.set("search", state.search);
  if (state.category) params.set("category", state.category);
  if (state.page > 1) params.set("page", String(state.page));
  const query = params.toString();
  return `${localizedPath("search", locale)}${query ? `?${query}` : ""}`;
}

/** A page number from the URL: a positive whole number, else 1. */
export function pageParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}
