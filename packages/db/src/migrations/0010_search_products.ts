import { sql } from "kysely";
import type { Dialect, MigrationDb } from "./helpers.ts";

/*
 * Products and product categories join the search index of 0006_search as kinds 'product' (a
 * product_translations row) and 'productCategory' (a product_category_translations row), kept in
 * step by triggers like the posts. The title is the name, the text the short description and the
 * (sanitized HTML) description. Whether a product is shown (archived, visible on its own) is decided
 * at query time, so archiving needs no re-indexing.
 */

interface Source {
  kind: "product" | "productCategory";
  table: string;
  /** The text columns besides the name; an update of one of these (or the name) re-indexes. */
  textColumns: string[];
}

const SOURCES: Source[] = [
  { kind: "product", table: "product_translations", textColumns: ["short_description", "description"] },
  { kind: "productCategory", table: "product_category_translations", textColumns: ["description"] },
];

const text = (s: Source, row: string) => s.textColumns.map((c) => `${row}.${c}`).join(" || ' ' || ");

/** The entities sanitized HTML contains; they only separate words (as in 0006_search). */
const ENTITIES = ["&nbsp;", "&amp;", "&quot;", "&lt;", "&gt;", "&#39;", "&apos;"];

/** đ/Đ → d/D; the FTS5 tokenizer ('unicode61 remove_diacritics 2') folds case and the other marks. */
const sqliteFold = (x: string) => `replace(replace(${x}, 'đ', 'd'), 'Đ', 'D')`;

/** Drops HTML tags with built-in functions only, the way 0006_search does for post bodies. */
const sqliteStripHtml = (x: string) => {
  const pieces = `(SELECT group_concat(CASE WHEN key = 0 OR instr(value, '>') = 0 THEN value ELSE substr(value, instr(value, '>') + 1) END, ' ')
      FROM json_each('[' || replace(json_quote(${x}), '<', '","') || ']'))`;
  return ENTITIES.reduce((acc, entity) => `replace(${acc}, '${entity}', ' ')`, `coalesce(${pieces}, '')`);
};

const sqliteUpsert = (s: Source, row: string) => `INSERT INTO search_documents (kind, source_id, language_code, title, body)
    VALUES ('${s.kind}', ${row}.id, ${row}.language_code, ${sqliteFold(`${row}.name`)}, ${sqliteFold(sqliteStripHtml(text(s, row)))})
    ON CONFLICT (kind, source_id) DO UPDATE SET language_code = excluded.language_code, title = excluded.title, body = excluded.body`;

async function sqliteUp(db: MigrationDb) {
  for (const s of SOURCES) {
    await sql.raw(`CREATE TRIGGER search_${s.table}_insert AFTER INSERT ON ${s.table} BEGIN ${sqliteUpsert(s, "NEW")}; END`).execute(db);
    await sql
      .raw(`CREATE TRIGGER search_${s.table}_update AFTER UPDATE OF language_code, name, ${s.textColumns.join(", ")} ON ${s.table}
        BEGIN ${sqliteUpsert(s, "NEW")}; END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER search_${s.table}_delete AFTER DELETE ON ${s.table} BEGIN
        DELETE FROM search_documents WHERE kind = '${s.kind}' AND source_id = OLD.id;
      END`)
      .execute(db);
    await sql
      .raw(`INSERT INTO search_documents (kind, source_id, language_code, title, body)
        SELECT '${s.kind}', t.id, t.language_code, ${sqliteFold("t.name")}, ${sqliteFold(sqliteStripHtml(text(s, "t")))} FROM ${s.table} t`)
      .execute(db);
  }
}

/** PostgreSQL: the folding and tag-stripping functions of 0006_search, called from one trigger function per source. */
async function postgresUp(db: MigrationDb) {
  for (const s of SOURCES) {
    const body = (row: string) => `search_fold(search_strip_html(${text(s, row)}))`;
    await sql
      .raw(`CREATE FUNCTION search_index_${s.table}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          DELETE FROM search_documents WHERE kind = '${s.kind}' AND source_id = OLD.id;
          RETURN OLD;
        END IF;
        INSERT INTO search_documents (kind, source_id, language_code, title, body)
        VALUES ('${s.kind}', NEW.id, NEW.language_code, search_fold(NEW.name), ${body("NEW")})
        ON CONFLICT (kind, source_id) DO UPDATE SET language_code = EXCLUDED.language_code, title = EXCLUDED.title, body = EXCLUDED.body;
        RETURN NEW;
      END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER search_${s.table} AFTER INSERT OR DELETE OR UPDATE OF language_code, name, ${s.textColumns.join(", ")}
        ON ${s.table} FOR EACH ROW EXECUTE FUNCTION search_index_${s.table}()`)
      .execute(db);
    await sql
      .raw(`INSERT INTO search_documents (kind, source_id, language_code, title, body)
        SELECT '${s.kind}', t.id, t.language_code, search_fold(t.name), ${body("t")} FROM ${s.table} t`)
      .execute(db);
  }
}

export function searchProductsMigration(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      if (dialect === "postgres") await postgresUp(db);
      else await sqliteUp(db);
    },
  };
}
