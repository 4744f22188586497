import { sql } from "kysely";
import type { Dialect, MigrationDb } from "./helpers.ts";

/**
 * Issue 12's figure: the back office's orders list under 200 ms with 100,000 orders (the bench's
 * orders step). Each filter of the list (one status axis, the payment kind, the branch) gets an index
 * with the list's order behind it, so a filtered page and its count read only the rows of that value
 * and the chosen days. A search anywhere in `search_text` cannot use a b-tree: a trigram index answers
 * it, on PostgreSQL pg_trgm's (where the server has it; without it the search scans, as before), on
 * SQLite an FTS5 table with the trigram tokenizer over `search_text`, kept by triggers (the text is
 * lowercase already, so it is case-sensitive: then it answers GLOB, which the orders repository uses;
 * it cannot answer LIKE with ESCAPE). A search shorter than three characters has no trigram: on SQLite
 * it scans an index holding `search_text` in the list's order instead of the wide table.
 */
export function orderListIndexesMigration(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      for (const column of ["status", "payment_status", "fulfilment_status", "payment_kind", "branch_id"]) {
        await db.schema.createIndex(`orders_${column}_created_idx`).on("orders").columns([column, "created_at", "id"]).execute();
      }
      if (dialect === "sqlite") {
        await db.schema.createIndex("orders_search_idx").on("orders").columns(["created_at", "id", "search_text"]).execute();
        await sql`CREATE VIRTUAL TABLE orders_search_fts USING fts5(search_text, content='orders', content_rowid='id',
          tokenize='trigram case_sensitive 1')`.execute(db);
        await sql`INSERT INTO orders_search_fts(orders_search_fts) VALUES ('rebuild')`.execute(db);
        // The triggers of an external-content table, as the FTS5 documentation writes them.
        await sql`CREATE TRIGGER orders_search_insert AFTER INSERT ON orders BEGIN
          INSERT INTO orders_search_fts(rowid, search_text) VALUES (new.id, new.search_text);
        END`.execute(db);
        await sql`CREATE TRIGGER orders_search_delete AFTER DELETE ON orders BEGIN
          INSERT INTO orders_search_fts(orders_search_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
        END`.execute(db);
        await sql`CREATE TRIGGER orders_search_update AFTER UPDATE OF search_text ON orders BEGIN
          INSERT INTO orders_search_fts(orders_search_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
          INSERT INTO orders_search_fts(rowid, search_text) VALUES (new.id, new.search_text);
        END`.execute(db);
        return;
      }
      const available = await sql<{ n: number }>`select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
      if (!available.rows[0]?.n) return;
      // The extension is the database's, not a schema's: in public, so that dropping a schema (tests
      // keep one each) never drops it; the lock keeps schemas migrating side by side from racing to create it.
      await sql`select pg_advisory_xact_lock(hashtext('create extension pg_trgm'))`.execute(db);
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      const home = await sql<{
        schema: string;
      }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
      const opclass = sql.raw(`${home.rows[0]?.schema ?? "public"}.gin_trgm_ops`);
      await sql`create index orders_search_trgm_idx on orders using gin (search_text ${opclass})`.execute(db);
    },
  };
}
