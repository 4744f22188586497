import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { SqliteDialect } from "kysely";

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SqliteDialect speaks the better-sqlite3 interface; node:sqlite's DatabaseSync differs
 * only in spreading parameters and in telling readers by their columns. This bridges the two.
 */
export function nodeSqliteDialect(database: DatabaseSync): SqliteDialect {
  // Kysely compiles the same SQL text again and again; preparing it once per text saves the parse.
  const statements = new Map<string, { stmt: StatementSync; reader: boolean }>();
  const prepared = (sql: string) => {
    let entry = statements.get(sql);
    if (!entry) {
      const stmt = database.prepare(sql);
      entry = { stmt, reader: stmt.columns().length > 0 };
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      statements.set(sql, entry);
    }
    return entry;
  };
  const params = (p: readonly unknown[]) => p as SQLInputValue[];
  return new SqliteDialect({
    database: {
      close: () => database.close(),
      prepare(sql: string) {
        const { stmt, reader } = prepared(sql);
        return {
          reader,
          all: (p: readonly unknown[]) => stmt.all(...params(p)),
          run: (p: readonly unknown[]) => {
            const r = stmt.run(...params(p));
            return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
          },
          iterate: (p: readonly unknown[]) => stmt.iterate(...params(p)),
        };
      },
    },
  });
}

export function openSqlite(path: string): DatabaseSync {
  const database = new DatabaseSync(path, { timeout: 5000 });
  database.exec("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;");
  return database;
}
