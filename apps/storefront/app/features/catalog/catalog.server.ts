import {
  type CategoryView,
  DEFAULT_SORT,
  type LayeredFilter,
  type ProductCard,
  type ProductFilter,
  type ProductFilterBody,
  type ProductList,
  SORT_OPTIONS,
} from "@shop/contracts";
import { api } from "@shop/contracts/api";
import type { RouterContextProvider } from "react-router";
import { shopContext } from "../../context.ts";
import type { ApiResult, Platform } from "../../platform.server.ts";
import { isMissing } from "../errors/platform-failure.ts";
import { type ShopQuery, type SortId, toProductFilters } from "./filter-query.ts";

/** How many featured products the strip above the list shows. */
export const FEATURED_STRIP_SIZE = 4;

/**
 * One category by its slug in any language (SPEC §2 category page); null when there is none.
 * Answers with this language's slug, so a foreign one can be redirected.
 */
export async function loadCategoryBySlug(platform: Platform, slug: string): Promise<ApiResult<CategoryView | null>> {
  const result = await platform.callPublic(api.catalog.filterCategories, { body: { slug } });
  if (!result.ok) return isMissing(result) ? { ok: true, status: 200, data: null } : result;
  return { ok: true, status: 200, data: result.data.records[0] ?? null };
}

/** Every category as a tree (the category list page). */
export function loadCategoryTree(platform: Platform): Promise<ApiResult<{ records: CategoryView[] }>> {
  return platform.callPublic(api.catalog.filterCategories, { body: { tree: true, sort: { param: "id", order: "asc" } } });
}

/** The sort choices of a list: the category's own, else all of SPEC §9. */
export function sortChoices(category: CategoryView | null): { options: SortId[]; fallback: SortId } {
  const all = SORT_OPTIONS.map((o) => o.id);
  const own = category?.sortTypes.map((s) => s.id).filter((id) => all.includes(id)) ?? [];
  const options = own.length ? own : all;
  const preferred = category?.sortDefaultType;
  const fallback = preferred && options.includes(preferred) ? preferred : options.includes(DEFAULT_SORT) ? DEFAULT_SORT : options[0];
  return { options, fallback: fallback ?? DEFAULT_SORT };
}

/**
 * The criteria the shop always sets (SPEC §4 Product list): never archived products; on a category
 * page only that category's; the 'featured' query limits the list to featured products.
 */
export function baseFilters(category: CategoryView | null, featured: boolean): ProductFilter[] {
  const filters: ProductFilter[] = [{ key: "archived", value: false }];
  if (category) filters.push({ key: "categories", value: [category.id] });
  if (featured) filters.push({ key: "featured", value: true });
  return filters;
}

/** The layered filters for a set of criteria (empty when the platform cannot say). */
export async function loadLayered(platform: Platform, filters: ProductFilter[]): Promise<LayeredFilter[]> {
  const result = await platform.callPublic(api.catalog.layeredNavigation, { body: { filters } });
  return result.ok ? result.data : [];
}

export interface ListAnswers {
  products: ApiResult<ProductList>;
  layered: ApiResult<LayeredFilter[]>;
  featured: ProductCard[];
}

/**
 * The list, its layered filters and the featured strip, asked at once (no waterfall). All three are
 * the same for every visitor, so they come from the shared cache when they can.
 */
export async function loadList(
  platform: Platform,
  category: CategoryView | null,
  query: ShopQuery,
  sort: SortId,
  withFeatured: boolean,
): Promise<ListAnswers> {
  const base = baseFilters(category, query.featured);
  const filters = [...base, ...toProductFilters(query.filters)];
  const order = SORT_OPTIONS.find((o) => o.id === sort) ?? SORT_OPTIONS[0];
  const body: ProductFilterBody = {
    filters,
    sort: { param: order.param, order: order.order },
    limit: query.perPage,
    page: query.page,
    ...(category ? { mainCategory: category.id } : {}),
  };
  const [products, layered, featured] = await Promise.all([
    platform.callPublic(api.catalog.filterProducts, { body }),
    platform.callPublic(api.catalog.layeredNavigation, { body: { filters } }),
    // A list that is already featured-only needs no strip of them.
    query.featured || !withFeatured
      ? null
      : platform.callPublic(api.catalog.filterProducts, {
          body: {
            filters: baseFilters(category, true),
            sort: { param: "id", order: "desc" },
            limit: FEATURED_STRIP_SIZE,
            page: 1,
          },
        }),
  ]);
  return { products, layered, featured: featured?.ok ? featured.data.records : [] };
}

/**
 * The filter parameters of a list the platform accepted are this page's own: the server may cache
 * the page under them (any other parameter keeps it out of the page cache).
 */
export function ownQueryKeys(context: Readonly<RouterContextProvider>, query: ShopQuery, layered: readonly LayeredFilter[]): void {
  const { queryKeys } = context.get(shopContext);
  for (const [code] of query.filters) if (layered.some((f) => f.attributeCode === code)) queryKeys.add(code);
}
