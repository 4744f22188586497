import type { Generated } from "kysely";

/**
 * The full-text search index. One row per searchable text in one language; the database keeps it in
 * sync by itself (triggers on the source tables, see migrations/0006_search.ts), so no code path that
 * writes content can forget it.
 *
 * `kind` names the source table: 'post' is a post_translations row (pages and blog posts alike; the
 * post's type decides the search category at query time). Products and product categories join
 * later as 'product' and 'productCategory' with triggers of their own.
 *
 * The text columns hold the folded text (see foldSearchText); on SQLite the FTS5 table `search_fts`
 * indexes them (external content), on PostgreSQL the generated tsvector column `document` does
 * (GIN index). Neither is in this interface: queries reach them through raw SQL.
 */
export type SearchKind = "post" | "product" | "productCategory";

export interface SearchDocumentsTable {
  id: Generated<number>;
  kind: SearchKind;
  source_id: number;
  language_code: string;
  title: string;
  body: string;
}

export interface SearchTables {
  search_documents: SearchDocumentsTable;
}

/**
 * Keys of page-component data whose strings are not words a visitor reads (template names, image
 * and link targets, layout switches); every other string inside a component is indexed. These lists
 * and the fold map are written into the database's triggers by the migration: changing them takes
 * a new migration that recreates the triggers and re-indexes.
 */
export const SEARCH_NON_TEXT_KEYS: readonly string[] = [
  "id",
  "template",
  "src",
  "href",
  "url",
  "imageSide",
  "icon",
  "variant",
  "type",
  "slug",
  "target",
  "style",
  "align",
];

/** Strings that are addresses, not words, wherever they stand (compared in lower case). */
export const SEARCH_ADDRESS_PREFIXES: readonly string[] = ["/", "http://", "https://", "mailto:", "tel:", "#"];

/**
 * Letters that lose their marks when folded: every Latin letter whose canonical decomposition is an
 * ASCII letter plus combining marks (č→c, Ž→Z, ä→a, ...), and đ/Đ, which Unicode does not decompose
 * (and FTS5's remove_diacritics leaves alone) but Croatian readers type as d. ß, æ, ø and other
 * letters without a decomposition stay as they are, on every dialect.
 */
function buildFoldMap(): Map<string, string> {
  const map = new Map<string, string>([
    ["đ", "d"],
    ["Đ", "D"],
  ]);
  const ranges: [number, number][] = [
    [0x00c0, 0x024f],
    [0x1e00, 0x1eff],
  ];
  for (const [from, to] of ranges) {
    for (let code = from; code <= to; code++) {
      const char = String.fromCodePoint(code);
      const decomposed = char.normalize("NFD");
      const base = decomposed.replace(/\p{M}+/gu, "");
      if (decomposed !== char && /^[A-Za-z]$/.test(base)) map.set(char, base);
    }
  }
  return map;
}

export const SEARCH_FOLD_MAP: ReadonlyMap<string, string> = buildFoldMap();
/** Every letter of the map (all in the Basic Multilingual Plane), to replace in one pass. */
const FOLDED_LETTERS = new RegExp(`[${[...SEARCH_FOLD_MAP.keys()].join("")}]`, "g");

/**
 * The one folding rule of the index, applied to documents (by the database) and to queries (by the
 * platform): marks off Latin letters, đ→d, lower case. 'Čistoća', 'ČISTOĆA' and 'cistoca' all become
 * 'cistoca'.
 */
export function foldSearchText(text: string): string {
  return text.replace(FOLDED_LETTERS, (c) => SEARCH_FOLD_MAP.get(c) ?? c).toLowerCase();
}
