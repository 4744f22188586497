import { FALLBACK_LOCALE, type LayeredFilterType, type ProductSort } from "@shop/contracts";
import type { Database, Executor } from "@shop/db";
import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from "kysely";
import { likeContains } from "../../shared/like.ts";

/**
 * The product list of web/filter and layered/navigation as SQL: which visible products match the
 * checked criteria (product-filters.service.ts) and the keywords, in which order, one page at a
 * time. Counting, paging and sorting all happen in the database on both dialects.
 */

type Eb = ExpressionBuilder<Database & { p: Database["products"] }, "p">;

/** A checked criterion; `key` names what it constrains, so layered counts can leave one out. */
export type Criterion = { key: string } & (
  | { kind: "ids"; ids: number[] }
  | { kind: "flag"; column: "archived" | "featured"; on: boolean }
  | { kind: "discount"; on: boolean }
  /** Every category of the chosen subtrees; none left matches nothing. */
  | { kind: "categories"; ids: number[] }
  | { kind: "tags"; ids: number[] }
  | { kind: "price"; minCents: number | null; maxCents: number | null }
  | { kind: "attributeFlag"; attributeId: number; on: boolean }
  | {
      kind: "attributeRange";
      attributeId: number;
      column: "number_value" | "text_value";
      min: number | string | null;
      max: number | string | null;
    }
  | { kind: "attributeValues"; attributeId: number; ids: number[] }
);

/** Final price in cents as SQL: the discount while its window runs and it lowers the price (pricing.ts finalCents). */
export function finalCentsSql(now: string) {
  return sql<number>`(case when p.discount_cents is not null and p.discount_cents < p.retail_cents and (p.discount_from is null or p.discount_from <= ${now}) and (p.discount_to is null or p.discount_to >= ${now}) then p.discount_cents else p.retail_cents end)`;
}

function discountRunsSql(now: string) {
  return sql<SqlBool>`(p.discount_cents is not null and p.discount_cents < p.retail_cents and (p.discount_from is null or p.discount_from <= ${now}) and (p.discount_to is null or p.discount_to >= ${now}))`;
}

const nothing = sql<SqlBool>`1 = 0`;

function withAttribute(eb: Eb, attributeId: number) {
  return eb.selectFrom("product_attribute_values as v").select("v.product_id").where("v.attribute_id", "=", attributeId);
}

function whereOf(c: Criterion, now: string): (eb: Eb) => Expression<SqlBool> {
  switch (c.kind) {
    case "ids":
      return (eb) => (c.ids.length ? eb("p.id", "in", c.ids) : nothing);
    case "flag":
      return (eb) => eb(`p.${c.column}`, "=", c.on ? 1 : 0);
    case "discount":
      return () => (c.on ? discountRunsSql(now) : sql<SqlBool>`not ${discountRunsSql(now)}`);
    case "categories":
      return (eb) =>
        c.ids.length
          ? eb("p.id", "in", eb.selectFrom("product_category_links as l").select("l.product_id").where("l.category_id", "in", c.ids))
          : nothing;
    case "tags":
      return (eb) => eb("p.id", "in", eb.selectFrom("product_tag_links as l").select("l.product_id").where("l.tag_id", "in", c.ids));
    case "price": {
      const final = finalCentsSql(now);
      return (eb) =>
        eb.and([
          ...(c.minCents === null ? [] : [eb(final, ">=", c.minCents)]),
          ...(c.maxCents === null ? [] : [eb(final, "<=", c.maxCents)]),
        ]);
    }
    case "attributeFlag":
      return (eb) => eb("p.id", "in", withAttribute(eb, c.attributeId).where("v.number_value", "=", c.on ? 1 : 0));
    case "attributeRange":
      return (eb) => {
        let q = withAttribute(eb, c.attributeId);
        const column = `v.${c.column}` as const;
        if (c.min !== null) q = q.where(column, ">=", c.min as never);
        if (c.max !== null) q = q.where(column, "<=", c.max as never);
        return eb("p.id", "in", q);
      };
    case "attributeValues":
      return (eb) => eb("p.id", "in", withAttribute(eb, c.attributeId).where("v.value_id", "in", c.ids));
  }
}

/** Letters folded for keyword search (Croatian and German), so 'sampon' finds 'Šampon'. */
const FOLD: readonly [string, string][] = [
  ["č", "c"],
  ["ć", "c"],
  ["đ", "d"],
  ["š", "s"],
  ["ž", "z"],
  ["Č", "c"],
  ["Ć", "c"],
  ["Đ", "d"],
  ["Š", "s"],
  ["Ž", "z"],
  ["ä", "a"],
  ["ö", "o"],
  ["ü", "u"],
  ["Ä", "a"],
  ["Ö", "o"],
  ["Ü", "u"],
  ["ß", "ss"],
];

/** The same folding in SQL: nested replace() then lower(), which both dialects have. */
function foldSql(column: string): RawBuilder<string> {
  let out: RawBuilder<string> = sql`${sql.ref(column)}`;
  for (const [from, to] of FOLD) out = sql`replace(${out}, ${sql.lit(from)}, ${sql.lit(to)})`;
  return sql`lower(${out})`;
}

function foldText(text: string): string {
  let out = text;
  for (const [from, to] of FOLD) out = out.replaceAll(from, to);
  return out.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
}

export interface ListQuery {
  criteria: readonly Criterion[];
  keywords?: string;
  locale: string;
  now: string;
}

/** Visible products matching every criterion (but the one keyed `skipKey`) and the keywords, as a query of their ids. */
export function matchingProducts(db: Executor, q: ListQuery, skipKey?: string) {
  let query = db.selectFrom("products as p").where("p.visible_individually", "=", 1);
  for (const c of q.criteria) if (c.key !== skipKey) query = query.where(whereOf(c, q.now));
  const words = q.keywords ? foldText(q.keywords).split(/\s+/).filter(Boolean) : [];
  for (const word of words) {
    const pattern = likeContains(word);
    const like = (column: string) => sql<SqlBool>`${foldSql(column)} like ${pattern} escape '\\'`;
    query = query.where((eb) =>
      eb.or([
        sql<SqlBool>`${foldSql("p.sku")} like ${pattern} escape '\\'`,
        eb(
          "p.id",
          "in",
          eb
            .selectFrom("product_translations as kt")
            .select("kt.product_id")
            .where("kt.language_code", "=", q.locale)
            .where(eb.or([like("kt.name"), like("kt.short_description")])),
        ),
      ]),
    );
  }
  return query;
}

function sortExpression(sort: ProductSort, q: ListQuery) {
  switch (sort.param) {
    case "finalPrice":
      return finalCentsSql(q.now);
    case "name":
      return sql`(select st.name from product_translations st where st.product_id = p.id and st.language_code = ${q.locale})`;
    case "categoryPriority":
      return sql`p.category_priority`;
    case "featured":
      return sql`p.featured`;
    default:
      return sql`p.id`;
  }
}

/** One page of matching ids in the chosen order (id breaks ties) and the total number of matches. */
export async function pageOfProducts(
  db: Executor,
  q: ListQuery,
  sort: ProductSort,
  page: { limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  const order = sort.order === "asc" ? sql`asc` : sql`desc`;
  let query = matchingProducts(db, q)
    .select(["p.id", sql<number | string>`count(*) over ()`.as("total")])
    .orderBy(sql`${sortExpression(sort, q)} ${order}`);
  if (sort.param !== "id") query = query.orderBy("p.id", "desc");
  const rows = await query.limit(page.limit).offset(page.offset).execute();
  if (rows.length > 0) return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total) };
  if (page.offset === 0) return { ids: [], total: 0 };
  const count = await matchingProducts(db, q).select(sql<number | string>`count(*)`.as("n")).executeTakeFirst();
  return { ids: [], total: Number(count?.n ?? 0) };
}

export interface AttributeMeta {
  id: number;
  code: string;
  type: LayeredFilterType;
  position: number;
  customClass: string | null;
  label: string;
}

/** Attributes by code with their label in the language (else the fallback's, else the code), in position order. */
export async function loadAttributes(db: Executor, locale: string, filterableOnly = false): Promise<Map<string, AttributeMeta>> {
  let q = db
    .selectFrom("attributes as a")
    .leftJoin("attribute_translations as t", (j) => j.onRef("t.attribute_id", "=", "a.id").on("t.language_code", "=", locale))
    .leftJoin("attribute_translations as f", (j) => j.onRef("f.attribute_id", "=", "a.id").on("f.language_code", "=", FALLBACK_LOCALE))
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

/** Every category's parent link: the tree the category filter expands. */
export function categoryParents(db: Executor): Promise<{ id: number; parent_id: number | null }[]> {
  return db.selectFrom("product_categories").select(["id", "parent_id"]).execute();
}
