import { type LayeredFilterType, type ProductFilter, RANGE_FILTER_TYPES } from "@shop/contracts";
import type { Database } from "@shop/db";
import { t } from "@shop/i18n";
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from "kysely";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";

/**
 * The product filters of web/filter and layered/navigation (SPEC §7): each criterion is checked
 * and turned into a SQL condition on `products as p`, so counting, paging and sorting all happen
 * in the database on both dialects.
 */

type Db = Kysely<Database>;
type Eb = ExpressionBuilder<Database & { p: Database["products"] }, "p">;

export interface AttributeMeta {
  id: number;
  code: string;
  type: LayeredFilterType;
  position: number;
  customClass: string | null;
  label: string;
}

/** A checked criterion; `key` names what it constrains, so layered counts can leave one out. */
export interface Criterion {
  key: string;
  where: (eb: Eb) => Expression<SqlBool>;
}

/** Final price in cents as SQL: the discount while its window runs and it lowers the price (pricing.ts finalCents). */
export function finalCentsSql(now: string) {
  return sql<number>`(case when p.discount_cents is not null and p.discount_cents < p.retail_cents and (p.discount_from is null or p.discount_from <= ${now}) and (p.discount_to is null or p.discount_to >= ${now}) then p.discount_cents else p.retail_cents end)`;
}

export function discountRunsSql(now: string) {
  return sql<SqlBool>`(p.discount_cents is not null and p.discount_cents < p.retail_cents and (p.discount_from is null or p.discount_from <= ${now}) and (p.discount_to is null or p.discount_to >= ${now}))`;
}

export async function loadAttributes(db: Db, locale: string, filterableOnly = false): Promise<Map<string, AttributeMeta>> {
  let q = db
    .selectFrom("attributes as a")
    .leftJoin("attribute_translations as t", (j) => j.onRef("t.attribute_id", "=", "a.id").on("t.language_code", "=", locale))
    .leftJoin("attribute_translations as f", (j) => j.onRef("f.attribute_id", "=", "a.id").on("f.language_code", "=", "hr"))
    .select(["a.id", "a.code", "a.input_type", "a.position", "a.custom_class", "t.label as label", "f.label as fallback"]);
  if (filterableOnly) q = q.where("a.filterable", "=", 1);
  const rows = await q.orderBy("a.position").orderBy("a.id").execute();
  return new Map(
    rows.map((r) => [
      r.code,
      {
        id: r.id,
        code: r.code,
        type: r.input_type,
        position: r.position,
        customClass: r.custom_class,
        label: r.label ?? r.fallback ?? r.code,
      },
    ]),
  );
}

/** Descendants (the category itself included) of each category, from the parent links. */
export async function categoryClosure(db: Db): Promise<Map<number, number[]>> {
  const rows = await db.selectFrom("product_categories").select(["id", "parent_id"]).execute();
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

function toIds(value: ProductFilter["value"], index: number): number[] {
  const list = Array.isArray(value) ? value : [value];
  const ids = list.map((v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v));
  if (!ids.every((v) => typeof v === "number" && Number.isSafeInteger(v) && v > 0))
    throw new FilterError(index, "value", "shopApi.error.invalidFilterValue");
  return ids as number[];
}

function toBool(value: ProductFilter["value"], index: number): boolean {
  if (value === true || value === "yes" || value === "true" || value === 1) return true;
  if (value === false || value === "no" || value === "false" || value === 0) return false;
  throw new FilterError(index, "value", "shopApi.error.invalidFilterValue");
}

type Bound = number | string | null;

/** [min, max] with null (or a missing end) for an open end; numbers for Number and price, ISO text for dates. */
function toRange(value: ProductFilter["value"], index: number, numeric: boolean): [Bound, Bound] {
  if (!Array.isArray(value) || value.length === 0 || value.length > 2)
    throw new FilterError(index, "value", "shopApi.error.invalidFilterValue");
  const bound = (v: unknown): Bound => {
    if (v === null || v === undefined || v === "") return null;
    if (numeric) {
      const n = typeof v === "string" ? Number(v) : v;
      if (typeof n !== "number" || !Number.isFinite(n)) throw new FilterError(index, "value", "shopApi.error.invalidFilterValue");
      return n;
    }
    if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/.test(v))
      throw new FilterError(index, "value", "shopApi.error.invalidFilterValue");
    return v;
  };
  return [bound(value[0]), bound(value[1])];
}

const PAV = "product_attribute_values";

function attributeCriterion(attr: AttributeMeta, value: ProductFilter["value"], index: number): Criterion | null {
  const inPav = (eb: Eb, build: (q: ReturnType<typeof pavQuery>) => ReturnType<typeof pavQuery>) =>
    eb("p.id", "in", build(pavQuery(eb, attr.id)));
  if (attr.type === "YesNo") {
    const yes = toBool(value, index) ? 1 : 0;
    return { key: attr.code, where: (eb) => inPav(eb, (q) => q.where("v.number_value", "=", yes)) };
  }
  if (RANGE_FILTER_TYPES.includes(attr.type)) {
    const numeric = attr.type === "Number";
    const [min, max] = toRange(value, index, numeric);
    if (min === null && max === null) return null;
    const column = numeric ? "v.number_value" : "v.text_value";
    // A date-only upper bound includes the whole day of a DateTime value.
    const upper = typeof max === "string" && max.length === 10 ? `${max}T23:59:59.999Z` : max;
    return {
      key: attr.code,
      where: (eb) =>
        inPav(eb, (q) => {
          let out = q;
          if (min !== null) out = out.where(column, ">=", min as never);
          if (upper !== null) out = out.where(column, "<=", upper as never);
          return out;
        }),
    };
  }
  const ids = toIds(value, index);
  if (ids.length === 0) return null;
  return { key: attr.code, where: (eb) => inPav(eb, (q) => q.where("v.value_id", "in", ids)) };
}

function pavQuery(eb: Eb, attributeId: number) {
  return eb.selectFrom(`${PAV} as v`).select("v.product_id").where("v.attribute_id", "=", attributeId);
}

/**
 * Checks every criterion and turns it into SQL; an unknown key or a value of the wrong shape is a
 * 400 naming the field (filters.N.key / filters.N.value).
 */
export async function buildCriteria(ctx: RequestCtx, filters: readonly ProductFilter[], now: string): Promise<Criterion[]> {
  const needsAttributes = filters.some((f) => !["id", "archived", "featured", "categories", "discount", "tags", "price"].includes(f.key));
  const attributes = needsAttributes ? await loadAttributes(ctx.db, ctx.locale) : new Map<string, AttributeMeta>();
  const closure = filters.some((f) => f.key === "categories") ? await categoryClosure(ctx.db) : new Map<number, number[]>();
  const out: Criterion[] = [];
  try {
    for (const [index, { key, value }] of filters.entries()) {
      const c = criterion(key, value, index, attributes, closure, now);
      if (c) out.push(c);
    }
  } catch (err) {
    if (!(err instanceof FilterError)) throw err;
    const path = `filters.${err.index}.${err.field}`;
    throw new AppError("VALIDATION_ERROR", `${t(ctx.locale, "error.validation")} (${path})`, {
      fields: [{ path, key: err.messageKey, params: {}, message: t(ctx.locale, err.messageKey) }],
    });
  }
  return out;
}

function criterion(
  key: string,
  value: ProductFilter["value"],
  index: number,
  attributes: Map<string, AttributeMeta>,
  closure: Map<number, number[]>,
  now: string,
): Criterion | null {
  switch (key) {
    case "id": {
      const ids = toIds(value, index);
      return { key, where: (eb) => (ids.length ? eb("p.id", "in", ids) : sql<SqlBool>`1 = 0`) };
    }
    case "archived":
    case "featured": {
      const flag = toBool(value, index) ? 1 : 0;
      return { key, where: (eb) => eb(`p.${key}`, "=", flag) };
    }
    case "discount": {
      const on = toBool(value, index);
      return { key, where: () => (on ? discountRunsSql(now) : sql<SqlBool>`not ${discountRunsSql(now)}`) };
    }
    case "categories": {
      const ids = [...new Set(toIds(value, index).flatMap((id) => closure.get(id) ?? []))];
      if (toIds(value, index).length === 0) return null;
      return {
        key,
        where: (eb) =>
          ids.length
            ? eb("p.id", "in", eb.selectFrom("product_category_links as l").select("l.product_id").where("l.category_id", "in", ids))
            : sql<SqlBool>`1 = 0`,
      };
    }
    case "tags": {
      const ids = toIds(value, index);
      if (ids.length === 0) return null;
      return {
        key,
        where: (eb) => eb("p.id", "in", eb.selectFrom("product_tag_links as l").select("l.product_id").where("l.tag_id", "in", ids)),
      };
    }
    case "price": {
      const [min, max] = toRange(value, index, true) as [number | null, number | null];
      if (min === null && max === null) return null;
      const final = finalCentsSql(now);
      return {
        key,
        where: (eb) =>
          eb.and([
            ...(min === null ? [] : [eb(final, ">=", Math.round(min * 100))]),
            ...(max === null ? [] : [eb(final, "<=", Math.round(max * 100))]),
          ]),
      };
    }
    default: {
      const attr = attributes.get(key);
      if (!attr) throw new FilterError(index, "key", "shopApi.error.unknownFilter");
      return attributeCriterion(attr, value, index);
    }
  }
}
