import { FALLBACK_LOCALE, type Locale } from "@shop/contracts";
import type { Dialect, Executor } from "@shop/db";
import { type RawBuilder, sql } from "kysely";

export interface IndexSearch {
  /** Folded words of the query (letters and digits only), each matched as a word prefix. */
  words: string[];
  locale: Locale;
  limit: number;
  offset: number;
}

export interface PostSearch extends IndexSearch {
  postType: string;
}

export interface SearchHits {
  /** Ids of the source translations (post_translations, product_translations, ...), best match first. */
  translationIds: number[];
  total: number;
}

/**
 * The index per dialect: FTS5 with bm25 on SQLite, the tsvector column with ts_rank on PostgreSQL;
 * both weight the title above the text. Every word is matched as a prefix ('cist' finds 'Čistoća'
 * while the visitor types) and all words must match. The words hold only letters and digits, so no
 * query syntax of either engine can get in; they travel as parameters all the same.
 */
function indexMatch(dialect: Dialect, words: string[]) {
  if (dialect === "sqlite") {
    const match = words.map((w) => `"${w}"*`).join(" ");
    return {
      from: sql`search_fts JOIN search_documents d ON d.id = search_fts.rowid`,
      where: sql`search_fts MATCH ${match}`,
      // bm25: the lower, the better.
      score: sql`bm25(search_fts, 10.0, 1.0)`,
    };
  }
  const tsquery = words.map((w) => `${w}:*`).join(" & ");
  return {
    from: sql`search_documents d`,
    where: sql`d.document @@ to_tsquery('simple', ${tsquery})`,
    // ts_rank: the higher, the better; negated to sort like bm25.
    score: sql`-ts_rank(d.document, to_tsquery('simple', ${tsquery}))`,
  };
}

/**
 * The request's language, or hr for an item without a translation in it (the read endpoints'
 * fallback rule): an English visitor finds Croatian-only items, and never both versions of one.
 */
function inLanguage(
  locale: Locale,
  translations: "post_translations" | "product_translations" | "product_category_translations",
  owner: string,
) {
  if (locale === FALLBACK_LOCALE) return sql`d.language_code = ${locale}`;
  return sql`(d.language_code = ${locale} OR (d.language_code = ${FALLBACK_LOCALE} AND NOT EXISTS (
    SELECT 1 FROM ${sql.table(translations)} o WHERE ${sql.ref(`o.${owner}`)} = ${sql.ref(`t.${owner}`)} AND o.language_code = ${locale})))`;
}

/** Published posts of one type. */
function postFilters(s: PostSearch) {
  return sql`d.kind = 'post' AND p.status = 'published' AND p.post_type = ${s.postType} AND ${inLanguage(s.locale, "post_translations", "post_id")}`;
}

/** Where hits of one kind come from: the join from the index row `d` to its source, and who may see them. */
interface HitSource {
  /** Joins that bring in the source translation as `t` (and whatever the filters need). */
  join: RawBuilder<unknown>;
  filters: RawBuilder<unknown>;
  /** What breaks ties of the score (then the translation id, so pages never overlap)... */
  tie: RawBuilder<unknown>;
  /** ...and in which direction, over the column `tie`. */
  tieOrder: RawBuilder<unknown>;
}

/** One page of hits of one source, best first, with the number of all matches. */
async function searchSource(
  db: Executor,
  dialect: Dialect,
  words: string[],
  source: HitSource,
  limit: number,
  offset: number,
): Promise<SearchHits> {
  const index = indexMatch(dialect, words);
  // Scored in a CTE: FTS5 allows bm25() only next to its MATCH, not beside the window function.
  const { rows } = await sql<{ translation_id: number; total: number | string }>`
    WITH hits AS (
      SELECT t.id AS translation_id, ${index.score} AS score, ${source.tie} AS tie
      FROM ${index.from}
      ${source.join}
      WHERE ${index.where} AND ${source.filters}
    )
    SELECT translation_id, count(*) OVER () AS total FROM hits
    ORDER BY score, ${source.tieOrder}, translation_id
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
  // count() comes back as a string on PostgreSQL.
  if (rows.length > 0) return { translationIds: rows.map((r) => r.translation_id), total: Number(rows[0]?.total) };
  if (offset === 0) return { translationIds: [], total: 0 };
  // A page past the end has no row to carry the total; only then is it counted on its own.
  const count = await sql<{ n: number | string }>`
    SELECT count(*) AS n
    FROM ${index.from}
    ${source.join}
    WHERE ${index.where} AND ${source.filters}`.execute(db);
  return { translationIds: [], total: Number(count.rows[0]?.n ?? 0) };
}

/** One page of matching posts, best first (newer posts win ties), with the number of all matches. */
export function searchPosts(db: Executor, dialect: Dialect, s: PostSearch): Promise<SearchHits> {
  return searchSource(
    db,
    dialect,
    s.words,
    {
      join: sql`JOIN post_translations t ON t.id = d.source_id JOIN posts p ON p.id = t.post_id`,
      filters: postFilters(s),
      tie: sql`p.published_at`,
      tieOrder: sql`tie DESC NULLS LAST`,
    },
    s.limit,
    s.offset,
  );
}

/**
 * Products a shopper can open: not archived and shown on their own (variants and bundle-only parts
 * have no page); ties go to the newer product.
 */
export function searchProducts(db: Executor, dialect: Dialect, s: IndexSearch): Promise<SearchHits> {
  return searchSource(
    db,
    dialect,
    s.words,
    {
      join: sql`JOIN product_translations t ON t.id = d.source_id JOIN products p ON p.id = t.product_id`,
      filters: sql`d.kind = 'product' AND p.archived = 0 AND p.visible_individually = 1 AND ${inLanguage(s.locale, "product_translations", "product_id")}`,
      tie: sql`p.created_at`,
      tieOrder: sql`tie DESC`,
    },
    s.limit,
    s.offset,
  );
}

/** Product categories; ties go in the shop's category order. */
export function searchProductCategories(db: Executor, dialect: Dialect, s: IndexSearch): Promise<SearchHits> {
  return searchSource(
    db,
    dialect,
    s.words,
    {
      join: sql`JOIN product_category_translations t ON t.id = d.source_id JOIN product_categories c ON c.id = t.category_id`,
      filters: sql`d.kind = 'productCategory' AND ${inLanguage(s.locale, "product_category_translations", "category_id")}`,
      tie: sql`c.position`,
      tieOrder: sql`tie`,
    },
    s.limit,
    s.offset,
  );
}

/** What a product result shows: name, slug, texts for the excerpt and the first gallery image. */
export async function productDetails(db: Executor, translationIds: number[]) {
  if (translationIds.length === 0) return [];
  return db
    .selectFrom("product_translations as t")
    .select(["t.id", "t.product_id", "t.slug", "t.name", "t.short_description", "t.description"])
    .select((eb) =>
      eb
        .selectFrom("product_media as m")
        .select("m.src")
        .whereRef("m.product_id", "=", "t.product_id")
        .orderBy("m.position")
        .orderBy("m.id")
        .limit(1)
        .as("image"),
    )
    .where("t.id", "in", translationIds)
    .execute();
}

/** What a category result shows: name, slug, description and image. */
export async function productCategoryDetails(db: Executor, translationIds: number[]) {
  if (translationIds.length === 0) return [];
  return db
    .selectFrom("product_category_translations as t")
    .innerJoin("product_categories as c", "c.id", "t.category_id")
    .select(["t.id", "t.category_id", "t.slug", "t.name", "t.description", "c.image_src"])
    .where("t.id", "in", translationIds)
    .execute();
}

/** What a result shows of each hit: title, slug, texts for the excerpt and the cover image. */
export async function postDetails(db: Executor, translationIds: number[]) {
  if (translationIds.length === 0) return [];
  return db
    .selectFrom("post_translations as t")
    .innerJoin("posts as p", "p.id", "t.post_id")
    .leftJoin("post_meta as m", (j) => j.onRef("m.post_id", "=", "t.post_id").onRef("m.language_code", "=", "t.language_code"))
    .select(["t.id", "t.post_id", "t.language_code", "t.slug", "t.title", "t.body", "t.components", "p.post_type", "m.excerpt", "m.image"])
    .where("t.id", "in", translationIds)
    .execute();
}
