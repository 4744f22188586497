import type { ProductSort } from "@shop/contracts";
import type { Database } from "@shop/db";
import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import { type Criterion, finalCentsSql } from "./catalog.filters.ts";

/** Queries of the product list: which visible products match, in which order, one page at a time. */

type Db = Kysely<Database>;

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

export function foldText(text: string): string {
  let out = text;
  for (const [from, to] of FOLD) out = out.replaceAll(from, to);
  return out.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ListQuery {
  criteria: readonly Criterion[];
  keywords?: string;
  locale: string;
  now: string;
}

/** Visible products matching every criterion (and the keywords), as a query of their ids. */
export function matchingProducts(db: Db, q: ListQuery, skipKey?: string) {
  let query = db.selectFrom("products as p").where("p.visible_individually", "=", 1);
  for (const c of q.criteria) if (c.key !== skipKey) query = query.where(c.where);
  const words = q.keywords ? foldText(q.keywords).split(/\s+/).filter(Boolean) : [];
  for (const word of words) {
    const pattern = likePattern(word);
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
  db: Db,
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
