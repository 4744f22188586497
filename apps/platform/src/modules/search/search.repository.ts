import { FALLBACK_LOCALE, type Locale } from "@shop/contracts";
import type { Database, Dialect } from "@shop/db";
import { type Kysely, sql } from "kysely";

export interface PostSearch {
  /** Folded words of the query (letters and digits only), each matched as a word prefix. */
  words: string[];
  postType: string;
  locale: Locale;
  limit: number;
  offset: number;
}

export interface PostHits {
  /** post_translations ids, best match first. */
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
 * Published posts of one type in the request's language, or in hr for a post without a translation
 * in it (the read endpoints' fallback rule): an English visitor finds Croatian-only posts, and never
 * both versions of one post.
 */
function postFilters(s: PostSearch) {
  const language =
    s.locale === FALLBACK_LOCALE
      ? sql`d.language_code = ${s.locale}`
      : sql`(d.language_code = ${s.locale} OR (d.language_code = ${FALLBACK_LOCALE} AND NOT EXISTS (
          SELECT 1 FROM post_translations o WHERE o.post_id = t.post_id AND o.language_code = ${s.locale})))`;
  return sql`d.kind = 'post' AND p.status = 'published' AND p.post_type = ${s.postType} AND ${language}`;
}

/** One page of matching posts, best first (newer posts win ties), with the number of all matches. */
export async function searchPosts(db: Kysely<Database>, dialect: Dialect, s: PostSearch): Promise<PostHits> {
  const index = indexMatch(dialect, s.words);
  // Scored in a CTE: FTS5 allows bm25() only next to its MATCH, not beside the window function.
  const { rows } = await sql<{ translation_id: number; total: number | string }>`
    WITH hits AS (
      SELECT t.id AS translation_id, ${index.score} AS score, p.published_at
      FROM ${index.from}
      JOIN post_translations t ON t.id = d.source_id
      JOIN posts p ON p.id = t.post_id
      WHERE ${index.where} AND ${postFilters(s)}
    )
    SELECT translation_id, count(*) OVER () AS total FROM hits
    ORDER BY score, published_at DESC NULLS LAST, translation_id
    LIMIT ${s.limit} OFFSET ${s.offset}`.execute(db);
  // count() comes back as a string on PostgreSQL.
  if (rows.length > 0) return { translationIds: rows.map((r) => r.translation_id), total: Number(rows[0]?.total) };
  if (s.offset === 0) return { translationIds: [], total: 0 };
  // A page past the end has no row to carry the total; only then is it counted on its own.
  const count = await sql<{ n: number | string }>`
    SELECT count(*) AS n
    FROM ${index.from}
    JOIN post_translations t ON t.id = d.source_id
    JOIN posts p ON p.id = t.post_id
    WHERE ${index.where} AND ${postFilters(s)}`.execute(db);
  return { translationIds: [], total: Number(count.rows[0]?.n ?? 0) };
}

/** What a result shows of each hit: title, slug, texts for the excerpt and the cover image. */
export async function postDetails(db: Kysely<Database>, translationIds: number[]) {
  if (translationIds.length === 0) return [];
  return db
    .selectFrom("post_translations as t")
    .innerJoin("posts as p", "p.id", "t.post_id")
    .leftJoin("post_meta as m", (j) => j.onRef("m.post_id", "=", "t.post_id").onRef("m.language_code", "=", "t.language_code"))
    .select(["t.id", "t.post_id", "t.language_code", "t.slug", "t.title", "t.body", "t.components", "p.post_type", "m.excerpt", "m.image"])
    .where("t.id", "in", translationIds)
    .execute();
}
