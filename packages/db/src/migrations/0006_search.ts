import { sql } from "kysely";
import { SEARCH_ADDRESS_PREFIXES, SEARCH_FOLD_MAP, SEARCH_NON_TEXT_KEYS } from "../schema/search.ts";
import { type Dialect, type MigrationDb, withId } from "./helpers.ts";

/** The entities sanitized HTML contains; they only separate words. */
const ENTITIES = ["&nbsp;", "&amp;", "&quot;", "&lt;", "&gt;", "&#39;", "&apos;"];

const quoted = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ");

/*
 * SQLite: the FTS5 tokenizer ('unicode61 remove_diacritics 2') folds case and marks itself; what it
 * cannot do is đ→d (Unicode gives đ no decomposition), tag stripping and picking the words out of the
 * components JSON. These expressions do that inside the triggers, with built-in functions only, so
 * the database keeps the index right whoever writes (the platform, a seed, a SQL console).
 */

/** đ/Đ → d/D; the tokenizer does the rest of the folding. */
const sqliteFold = (x: string) => `replace(replace(${x}, 'đ', 'd'), 'Đ', 'D')`;

/**
 * Drops HTML tags: the text is split at every '<' (as a JSON array, the only splitter SQLite has),
 * each piece after the first loses everything up to its '>', and the pieces are joined again.
 */
const sqliteStripHtml = (x: string) => {
  const pieces = `(SELECT group_concat(CASE WHEN key = 0 OR instr(value, '>') = 0 THEN value ELSE substr(value, instr(value, '>') + 1) END, ' ')
      FROM json_each('[' || replace(json_quote(${x}), '<', '","') || ']'))`;
  return ENTITIES.reduce((acc, entity) => `replace(${acc}, '${entity}', ' ')`, `coalesce(${pieces}, '')`);
};

/** Every string inside the components JSON except the non-text keys and addresses; '' for broken JSON. */
const sqliteComponentText = (x: string) => `coalesce((SELECT group_concat(value, ' ')
      FROM json_tree(CASE WHEN json_valid(${x}) THEN ${x} ELSE '[]' END)
      WHERE type = 'text' AND (key IS NULL OR key NOT IN (${quoted(SEARCH_NON_TEXT_KEYS)}))
        ${SEARCH_ADDRESS_PREFIXES.map((p) => `AND value NOT LIKE '${p}%'`).join(" ")}), '')`;

const sqliteTitle = (row: string) => sqliteFold(`${row}.title`);
const sqliteBody = (row: string) => sqliteFold(sqliteStripHtml(`${row}.body || ' ' || ${sqliteComponentText(`${row}.components`)}`));

const sqliteUpsert = (row: string) => `INSERT INTO search_documents (kind, source_id, language_code, title, body)
    VALUES ('post', ${row}.id, ${row}.language_code, ${sqliteTitle(row)}, ${sqliteBody(row)})
    ON CONFLICT (kind, source_id) DO UPDATE SET language_code = excluded.language_code, title = excluded.title, body = excluded.body`;

async function sqliteUp(db: MigrationDb) {
  // External content: the FTS index reads its rows from search_documents, kept in step by the
  // three triggers below (the pattern of the FTS5 documentation).
  await sql
    .raw(`CREATE VIRTUAL TABLE search_fts USING fts5(title, body, content='search_documents', content_rowid='id',
      tokenize="unicode61 remove_diacritics 2")`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER search_documents_insert AFTER INSERT ON search_documents BEGIN
      INSERT INTO search_fts (rowid, title, body) VALUES (NEW.id, NEW.title, NEW.body);
    END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER search_documents_delete AFTER DELETE ON search_documents BEGIN
      INSERT INTO search_fts (search_fts, rowid, title, body) VALUES ('delete', OLD.id, OLD.title, OLD.body);
    END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER search_documents_update AFTER UPDATE ON search_documents BEGIN
      INSERT INTO search_fts (search_fts, rowid, title, body) VALUES ('delete', OLD.id, OLD.title, OLD.body);
      INSERT INTO search_fts (rowid, title, body) VALUES (NEW.id, NEW.title, NEW.body);
    END`)
    .execute(db);

  // The source: every post translation (pages and blog posts), whatever its status; the query
  // decides what is published, so publishing or unpublishing needs no re-indexing.
  await sql
    .raw(`CREATE TRIGGER search_post_translations_insert AFTER INSERT ON post_translations BEGIN
      ${sqliteUpsert("NEW")};
    END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER search_post_translations_update AFTER UPDATE OF language_code, title, body, components ON post_translations BEGIN
      ${sqliteUpsert("NEW")};
    END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER search_post_translations_delete AFTER DELETE ON post_translations BEGIN
      DELETE FROM search_documents WHERE kind = 'post' AND source_id = OLD.id;
    END`)
    .execute(db);

  await sql
    .raw(`INSERT INTO search_documents (kind, source_id, language_code, title, body)
      SELECT 'post', t.id, t.language_code, ${sqliteTitle("t")}, ${sqliteBody("t")} FROM post_translations t`)
    .execute(db);
}

/*
 * PostgreSQL: the same folding in SQL functions (translate() with the fold map of schema/search.ts,
 * not the unaccent extension, which needs a superuser to install), a generated weighted tsvector on
 * the 'simple' configuration (no stemming: Croatian has no built-in one) and a GIN index.
 */
async function postgresUp(db: MigrationDb) {
  const from = [...SEARCH_FOLD_MAP.keys()].join("");
  const to = [...SEARCH_FOLD_MAP.values()].join("");
  await sql
    .raw(`CREATE FUNCTION search_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT lower(translate(value, '${from}', '${to}')) $$`)
    .execute(db);
  await sql
    .raw(`CREATE FUNCTION search_strip_html(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT regexp_replace(regexp_replace(value, '<[^>]*>', ' ', 'g'), '&(nbsp|amp|quot|lt|gt|#39|apos);', ' ', 'g') $$`)
    .execute(db);
  // Walks the JSON like SQLite's json_tree: array items carry no key, so they are always text.
  await sql
    .raw(`CREATE FUNCTION search_component_text(value text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
    DECLARE
      doc jsonb;
      result text;
    BEGIN
      BEGIN
        doc := value::jsonb;
      EXCEPTION WHEN others THEN
        RETURN '';
      END;
      WITH RECURSIVE walk(key, item) AS (
        SELECT NULL::text, doc
        UNION ALL
        SELECT child.key, child.item
        FROM walk,
        LATERAL (
          SELECT e.key, e.value FROM jsonb_each(CASE WHEN jsonb_typeof(walk.item) = 'object' THEN walk.item ELSE '{}'::jsonb END) AS e
          UNION ALL
          SELECT NULL::text, a.value FROM jsonb_array_elements(CASE WHEN jsonb_typeof(walk.item) = 'array' THEN walk.item ELSE '[]'::jsonb END) AS a
        ) AS child(key, item)
      )
      SELECT string_agg(item #>> '{}', ' ') INTO result FROM walk
      WHERE jsonb_typeof(item) = 'string'
        AND (key IS NULL OR key <> ALL (ARRAY[${quoted(SEARCH_NON_TEXT_KEYS)}]))
        ${SEARCH_ADDRESS_PREFIXES.map((p) => `AND NOT starts_with(lower(item #>> '{}'), '${p}')`).join(" ")};
      RETURN coalesce(result, '');
    END $$`)
    .execute(db);
  await sql
    .raw(`ALTER TABLE search_documents ADD COLUMN document tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('simple'::regconfig, title), 'A') || setweight(to_tsvector('simple'::regconfig, body), 'B')
    ) STORED`)
    .execute(db);
  await sql.raw("CREATE INDEX search_documents_document_idx ON search_documents USING gin (document)").execute(db);

  await sql
    .raw(`CREATE FUNCTION search_index_post_translation() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        DELETE FROM search_documents WHERE kind = 'post' AND source_id = OLD.id;
        RETURN OLD;
      END IF;
      INSERT INTO search_documents (kind, source_id, language_code, title, body)
      VALUES ('post', NEW.id, NEW.language_code, search_fold(NEW.title),
        search_fold(search_strip_html(NEW.body || ' ' || search_component_text(NEW.components))))
      ON CONFLICT (kind, source_id) DO UPDATE SET language_code = EXCLUDED.language_code, title = EXCLUDED.title, body = EXCLUDED.body;
      RETURN NEW;
    END $$`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER search_post_translations AFTER INSERT OR DELETE OR UPDATE OF language_code, title, body, components
      ON post_translations FOR EACH ROW EXECUTE FUNCTION search_index_post_translation()`)
    .execute(db);

  await sql
    .raw(`INSERT INTO search_documents (kind, source_id, language_code, title, body)
      SELECT 'post', id, language_code, search_fold(title), search_fold(search_strip_html(body || ' ' || search_component_text(components)))
      FROM post_translations`)
    .execute(db);
}

/** The full-text search index (schema/search.ts), maintained by the database itself. */
export function searchMigration(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await withId(db.schema.createTable("search_documents"), dialect)
        .addColumn("kind", "varchar(24)", (c) => c.notNull())
        .addColumn("source_id", "integer", (c) => c.notNull())
        .addColumn("language_code", "varchar(3)", (c) => c.notNull())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addUniqueConstraint("search_documents_source", ["kind", "source_id"])
        .execute();
      if (dialect === "postgres") await postgresUp(db);
      else await sqliteUp(db);
    },
  };
}
