import type { CategoryView, Locale, ProductCard, TermView } from "@shop/contracts";
import { editorCall } from "../editor-calls.ts";
import type { PickOption } from "./pick-list.tsx";

/**
 * The pickers' searches, in the language of the page being edited. Lists that are short (blog and
 * product categories) load once per modal and are filtered as staff type.
 */

function matches(query: string, ...texts: string[]): boolean {
  const q = query.toLocaleLowerCase();
  return q === "" || texts.some((text) => text.toLocaleLowerCase().includes(q));
}

/** Pages and posts whose slug starts with the query (cms.searchSlugs). */
export async function searchContent(locale: Locale, query: string): Promise<PickOption[] | { error: string }> {
  const result = await editorCall("cms.searchSlugs", locale, { query: { prefix: query, language: locale, limit: 20 } });
  if (!result.ok) return { error: result.message };
  return result.data.filter((m) => m.type !== "term").map((m) => ({ value: m.slug, label: m.title, hint: `/${m.slug}` }));
}

/** Products by keywords (catalog.filterProducts). */
export async function searchProducts(locale: Locale, query: string): Promise<ProductCard[] | { error: string }> {
  const result = await editorCall("catalog.filterProducts", locale, { body: { keywords: query || undefined, limit: 20 } });
  return result.ok ? result.data.records : { error: result.message };
}

/** Every product category, flat (catalog.filterCategories). */
export async function loadProductCategories(locale: Locale): Promise<CategoryView[] | { error: string }> {
  const result = await editorCall("catalog.filterCategories", locale, { body: { tree: false } });
  return result.ok ? result.data.records : { error: result.message };
}

/** Every blog category (cms.filterTermsStandard). */
export async function loadBlogCategories(locale: Locale): Promise<TermView[] | { error: string }> {
  const result = await editorCall("cms.filterTermsStandard", locale, { body: { termTypeTitles: ["category"], noPaginate: true } });
  return result.ok ? result.data.records : { error: result.message };
}

/** A search over a list loaded once (on the first search). */
export function filteredOnce<T>(load: () => Promise<T[] | { error: string }>, toOption: (item: T) => PickOption) {
  let loaded: Promise<T[] | { error: string }> | null = null;
  return async (query: string): Promise<PickOption[] | { error: string }> => {
    loaded ??= load();
    const items = await loaded;
    if (!Array.isArray(items)) {
      loaded = null;
      return items;
    }
    return items.map(toOption).filter((o) => matches(query, o.label, o.hint ?? ""));
  };
}
