import { type ProductFilter, RANGE_FILTER_TYPES } from "@shop/contracts";
import { fieldsError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { type AttributeMeta, type Criterion, categoryParents, loadAttributes } from "./product-list.repository.ts";

/**
 * The product filters of web/filter and layered/navigation (SPEC §7): each one is checked and
 * turned into a criterion the product list read model applies; an unknown key or a value of the
 * wrong shape is a 400 naming the field (filters.N.key / filters.N.value).
 */

class FilterError extends Error {
  readonly index: number;
  readonly field: "key" | "value";
  readonly messageKey: string;
  constructor(index: number, field: "key" | "value", messageKey: string) {
    super(messageKey);
    this.index = index;
    this.field = field;
    this.messageKey = messageKey;
  }
}

const invalidValue = (index: number) => new FilterError(index, "value", "shopApi.error.invalidFilterValue");

function toIds(value: ProductFilter["value"], index: number): number[] {
  const list = Array.isArray(value) ? value : [value];
  const ids = list.map((v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v));
  if (!ids.every((v) => typeof v === "number" && Number.isSafeInteger(v) && v > 0)) throw invalidValue(index);
  return ids as number[];
}

function toBool(value: ProductFilter["value"], index: number): boolean {
  if (value === true || value === "yes" || value === "true" || value === 1) return true;
  if (value === false || value === "no" || value === "false" || value === 0) return false;
  throw invalidValue(index);
}

type Bound = number | string | null;

/** [min, max] with null (or a missing end) for an open end; numbers for Number and price, ISO text for dates. */
function toRange(value: ProductFilter["value"], index: number, numeric: boolean): [Bound, Bound] {
  if (!Array.isArray(value) || value.length === 0 || value.length > 2) throw invalidValue(index);
  const bound = (v: unknown): Bound => {
    if (v === null || v === undefined || v === "") return null;
    if (numeric) {
      const n = typeof v === "string" ? Number(v) : v;
      if (typeof n !== "number" || !Number.isFinite(n)) throw invalidValue(index);
      return n;
    }
    if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/.test(v)) throw invalidValue(index);
    return v;
  };
  return [bound(value[0]), bound(value[1])];
}

function attributeCriterion(attr: AttributeMeta, value: ProductFilter["value"], index: number): Criterion | null {
  const key = attr.code;
  const attributeId = attr.id;
  if (attr.type === "YesNo") return { key, kind: "attributeFlag", attributeId, on: toBool(value, index) };
  if (RANGE_FILTER_TYPES.includes(attr.type)) {
    const numeric = attr.type === "Number";
    const [min, max] = toRange(value, index, numeric);
    if (min === null && max === null) return null;
    // A date-only upper bound includes the whole day of a DateTime value.
    const upper = typeof max === "string" && max.length === 10 ? `${max}T23:59:59.999Z` : max;
    return { key, kind: "attributeRange", attributeId, column: numeric ? "number_value" : "text_value", min, max: upper };
  }
  const ids = toIds(value, index);
  return ids.length === 0 ? null : { key, kind: "attributeValues", attributeId, ids };
}

/** Descendants (the category itself included) of each category, from the parent links. */
export function categoryClosure(rows: readonly { id: number; parent_id: number | null }[]): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const r of rows) if (r.parent_id !== null) children.set(r.parent_id, [...(children.get(r.parent_id) ?? []), r.id]);
  const out = new Map<number, number[]>();
  for (const r of rows) {
    const seen = new Set<number>([r.id]);
    const queue = [r.id];
    while (queue.length) {
      for (const c of children.get(queue.pop() as number) ?? []) {
        if (seen.has(c)) continue;
        seen.add(c);
        queue.push(c);
      }
    }
    out.set(r.id, [...seen]);
  }
  return out;
}

const BUILT_IN_KEYS = ["id", "archived", "featured", "categories", "discount", "tags", "price"];

/** Checks every filter and turns it into a criterion; filters that constrain nothing (an empty list) are left out. */
export async function buildCriteria(ctx: RequestCtx, filters: readonly ProductFilter[]): Promise<Criterion[]> {
  const needsAttributes = filters.some((f) => !BUILT_IN_KEYS.includes(f.key));
  const attributes = needsAttributes ? await loadAttributes(ctx.db, ctx.locale) : new Map<string, AttributeMeta>();
  const closure = filters.some((f) => f.key === "categories")
    ? categoryClosure(await categoryParents(ctx.db))
    : new Map<number, number[]>();
  const out: Criterion[] = [];
  try {
    for (const [index, { key, value }] of filters.entries()) {
      const c = criterion(key, value, index, attributes, closure);
      if (c) out.push(c);
    }
  } catch (err) {
    if (!(err instanceof FilterError)) throw err;
    throw fieldsError([{ path: `filters.${err.index}.${err.field}`, key: err.messageKey }]);
  }
  return out;
}

function criterion(
  key: string,
  value: ProductFilter["value"],
  index: number,
  attributes: Map<string, AttributeMeta>,
  closure: Map<number, number[]>,
): Criterion | null {
  switch (key) {
    case "id":
      return { key, kind: "ids", ids: toIds(value, index) };
    case "archived":
    case "featured":
      return { key, kind: "flag", column: key, on: toBool(value, index) };
    case "discount":
      return { key, kind: "discount", on: toBool(value, index) };
    case "categories": {
      const chosen = toIds(value, index);
      if (chosen.length === 0) return null;
      return { key, kind: "categories", ids: [...new Set(chosen.flatMap((id) => closure.get(id) ?? []))] };
    }
    case "tags": {
      const ids = toIds(value, index);
      return ids.length === 0 ? null : { key, kind: "tags", ids };
    }
    case "price": {
      const [min, max] = toRange(value, index, true) as [number | null, number | null];
      if (min === null && max === null) return null;
      const cents = (eur: number | null) => (eur === null ? null : Math.round(eur * 100));
      return { key, kind: "price", minCents: cents(min), maxCents: cents(max) };
    }
    default: {
      const attr = attributes.get(key);
      if (!attr) throw new FilterError(index, "key", "shopApi.error.unknownFilter");
      return attributeCriterion(attr, value, index);
    }
  }
}
