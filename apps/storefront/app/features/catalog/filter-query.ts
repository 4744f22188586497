import {
  ATTRIBUTE_CODE,
  DEFAULT_SORT,
  type LayeredFilter,
  PRODUCT_PER_PAGE_DEFAULT,
  PRODUCT_PER_PAGE_OPTIONS,
  type ProductFilter,
  RANGE_FILTER_TYPES,
  RESERVED_FILTER_KEYS,
  SORT_OPTIONS,
} from "@shop/contracts";

/**
 * The shop list's state as its query string holds it (SPEC §2, §5 'Filter query parsing'): one
 * parameter per filter, named by attribute code, plus sort, perPage, featured and page. Pure
 * functions, shared by the loader (also for the form posted without JavaScript) and the browser.
 */

export type SortId = (typeof SORT_OPTIONS)[number]["id"];

/**
 * 'yes'/'no' of a YesNo filter, else value ids or a [min, max] range; null is an empty end. Date
 * ranges hold ISO days (2024-02-12), which is how the platform takes and answers them.
 */
export type RangeEnd = number | string;
export type FilterQueryValue = "yes" | "no" | (RangeEnd | null)[];

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface ShopQuery {
  /** Attribute code → chosen value, in code order. */
  filters: [string, FilterQueryValue][];
  /** null: the list's default sort. */
  sort: SortId | null;
  perPage: number;
  page: number;
  featured: boolean;
}

/** Parameters that steer the list rather than filter it. */
export const CONTROL_KEYS = { sort: "sort", perPage: "perPage", page: "page", featured: "featured" } as const;
const CONTROL = new Set<string>(Object.values(CONTROL_KEYS));
// Base criteria the shop sets itself (archived=false, the category): never taken from the address.
const RESERVED = new Set<string>(RESERVED_FILTER_KEYS);
/** The platform takes at most 50 criteria; a few are the shop's own. */
const MAX_FILTERS = 40;
const MAX_VALUES = 200;

const SORT_IDS = new Set<string>(SORT_OPTIONS.map((o) => o.id));
export const isSortId = (value: unknown): value is SortId => typeof value === "string" && SORT_IDS.has(value);

/**
 * One filter's text (the values of a repeated parameter count as one comma list, which is what a
 * form without JavaScript sends): 'yes' or 'no' stay text, anything else is a list of numbers (or
 * ISO days, the ends of a date range). Empty parts are kept as null (an open range end); parts
 * that are neither are dropped. Undefined when nothing usable is left.
 */
export function parseFilterValue(raws: readonly string[]): FilterQueryValue | undefined {
  const text = raws.join(",").trim();
  const lower = text.toLowerCase();
  if (lower === "yes" || lower === "no") return lower;
  const values: (RangeEnd | null)[] = [];
  for (const part of text.split(",")) {
    const item = part.trim();
    if (item === "" || item === "null") values.push(null);
    else if (/^-?\d+(\.\d+)?$/.test(item)) values.push(Number(item));
    else if (ISO_DAY.test(item)) values.push(item);
  }
  if (values.every((v) => v === null)) return undefined;
  return values.slice(0, MAX_VALUES);
}

function isFilterKey(key: string): boolean {
  return ATTRIBUTE_CODE.test(key) && !CONTROL.has(key) && !RESERVED.has(key);
}

/** The list state in a query string; malformed parts fall back to the defaults. */
export function parseShopQuery(params: URLSearchParams): ShopQuery {
  const filters: [string, FilterQueryValue][] = [];
  const keys = [...new Set(params.keys())].filter(isFilterKey).sort();
  for (const key of keys) {
    const value = parseFilterValue(params.getAll(key));
    if (value !== undefined && filters.length < MAX_FILTERS) filters.push([key, value]);
  }
  const sort = params.get(CONTROL_KEYS.sort);
  const perPage = Number(params.get(CONTROL_KEYS.perPage));
  const page = params.get(CONTROL_KEYS.page) ?? "";
  const featured = params.get(CONTROL_KEYS.featured);
  return {
    filters,
    sort: isSortId(sort) ? sort : null,
    perPage: (PRODUCT_PER_PAGE_OPTIONS as readonly number[]).includes(perPage) ? perPage : PRODUCT_PER_PAGE_DEFAULT,
    page: /^[1-9]\d{0,4}$/.test(page) ? Number(page) : 1,
    featured: featured !== null && featured !== "0" && featured !== "false",
  };
}

const isZeroRange = (v: FilterQueryValue) => Array.isArray(v) && v.length === 2 && v[0] === 0 && v[1] === 0;

/**
 * The query string of a state, the one spelling of it: filters in code order as comma lists, a
 * range whose ends are both 0 left out (SPEC §5), defaults (sort, 12 per page, page 1) left out.
 */
export function shopQueryString(query: ShopQuery, defaultSort: SortId = DEFAULT_SORT): string {
  const params = new URLSearchParams();
  for (const [key, value] of [...query.filters].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (isZeroRange(value)) continue;
    if (Array.isArray(value) && value.every((v) => v === null)) continue;
    params.set(key, Array.isArray(value) ? value.map((v) => (v === null ? "" : String(v))).join(",") : value);
  }
  if (query.featured) params.set(CONTROL_KEYS.featured, "1");
  if (query.sort && query.sort !== defaultSort) params.set(CONTROL_KEYS.sort, query.sort);
  if (query.perPage !== PRODUCT_PER_PAGE_DEFAULT) params.set(CONTROL_KEYS.perPage, String(query.perPage));
  if (query.page > 1) params.set(CONTROL_KEYS.page, String(query.page));
  // Commas are kept readable: they are the list separator of SPEC §5.
  return params.toString().replace(/%2C/g, ",");
}

/**
 * The criteria for the platform (SPEC §5): a two-value filter with an empty end is ignored, a
 * 0–0 range too; empty parts of longer lists are dropped.
 */
export function toProductFilters(filters: ShopQuery["filters"]): ProductFilter[] {
  const out: ProductFilter[] = [];
  for (const [key, value] of filters) {
    if (!Array.isArray(value)) {
      out.push({ key, value });
      continue;
    }
    if (isZeroRange(value)) continue;
    if (value.length === 2 && value.includes(null)) continue;
    const parts = value.filter((v): v is RangeEnd => v !== null);
    if (parts.length) out.push({ key, value: parts });
  }
  return out;
}

/** A range end as the platform gives it: a number, or a date or time of which the day counts. */
function toEnd(value: number | string | undefined): RangeEnd | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string" || value.trim() === "") return null;
  if (ISO_DAY.test(value.slice(0, 10))) return value.slice(0, 10);
  return Number.isFinite(Number(value)) ? Number(value) : null;
}

/**
 * The lowest and highest value a range filter offers (numbers, or ISO days for dates), or null when
 * its values carry none.
 */
export function rangeBounds(filter: LayeredFilter): { min: RangeEnd; max: RangeEnd } | null {
  let min: RangeEnd | null = null;
  let max: RangeEnd | null = null;
  for (const v of filter.values) {
    const lo = toEnd(v.minValue);
    const hi = toEnd(v.maxValue);
    if (lo !== null && (min === null || lo < min)) min = lo;
    if (hi !== null && (max === null || hi > max)) max = hi;
  }
  return min !== null && max !== null && typeof min === typeof max && min <= max ? { min, max } : null;
}

export const isRangeFilter = (filter: LayeredFilter) => RANGE_FILTER_TYPES.includes(filter.type);

/**
 * Ranges made whole against the filters on offer: an empty end takes the filter's bound, ends in
 * the wrong order swap, and a range that spans every value (it narrows nothing) is left out. What
 * a min/max pair of inputs sends, with one of them left empty, becomes a real range this way.
 */
export function completeRanges(query: ShopQuery, layered: readonly LayeredFilter[]): ShopQuery {
  const ranges = new Map(layered.filter(isRangeFilter).map((f) => [f.attributeCode, rangeBounds(f)]));
  const filters: ShopQuery["filters"] = [];
  for (const [key, value] of query.filters) {
    if (!ranges.has(key) || !Array.isArray(value)) {
      filters.push([key, value]);
      continue;
    }
    const bounds = ranges.get(key);
    if (value.length !== 2) continue;
    // Nothing left to bound it by (the other filters exclude every product): kept as chosen.
    if (!bounds) {
      filters.push([key, value]);
      continue;
    }
    let lo = value[0] ?? bounds.min;
    let hi = value[1] ?? bounds.max;
    // A number for a date range or the other way round cannot be compared: not a range of this filter.
    if (typeof lo !== typeof bounds.min || typeof hi !== typeof bounds.min) continue;
    if (lo > hi) [lo, hi] = [hi, lo];
    if (lo <= bounds.min && hi >= bounds.max) continue;
    filters.push([key, [lo, hi]]);
  }
  return { ...query, filters };
}

/** The chosen value of one filter. */
export function chosen(query: ShopQuery, code: string): FilterQueryValue | undefined {
  return query.filters.find(([key]) => key === code)?.[1];
}

/**
 * Parameters that are neither filters nor list controls (campaign ids, the site's own switches):
 * carried along as they are. Empty filter parameters (min/max inputs left blank) are not.
 */
export function foreignParams(params: URLSearchParams): [string, string][] {
  return [...params].filter(
    ([key, value]) => !CONTROL.has(key) && !(isFilterKey(key) && (value.trim() === "" || parseFilterValue([value]) !== undefined)),
  );
}

/** The one address of a list state: its query string with the foreign parameters after it. */
export function canonicalSearch(query: ShopQuery, defaultSort: SortId, params: URLSearchParams): string {
  const foreign = new URLSearchParams(foreignParams(params)).toString();
  return [shopQueryString(query, defaultSort), foreign].filter(Boolean).join("&");
}

/**
 * Only the filters a list offers, each in the shape of its type ('yes'/'no' for YesNo, two ends
 * for a range, value ids otherwise): for an address the platform refused (an old link naming an
 * attribute that is gone).
 */
export function offeredFilters(query: ShopQuery, layered: readonly LayeredFilter[]): ShopQuery {
  const types = new Map(layered.map((f) => [f.attributeCode, f.type]));
  const filters = query.filters.filter(([key, value]) => {
    const type = types.get(key);
    if (type === undefined) return false;
    if (type === "YesNo") return value === "yes" || value === "no";
    if (!Array.isArray(value)) return false;
    if (RANGE_FILTER_TYPES.includes(type)) return value.length === 2;
    return value.every((v) => typeof v === "number" && Number.isSafeInteger(v));
  });
  return { ...query, filters };
}
