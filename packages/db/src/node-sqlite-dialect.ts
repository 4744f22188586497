import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { SqliteDialect } from "kysely";

/**
 * Kysely's SqliteDialect speaks the better-sqlite3 interface; node:sqlite's DatabaseSync differs
 * only in spreading parameters and in telling readers by their columns. This bridges the two.
 */
export function nodeSqliteDialect(database: DatabaseSync): SqliteDialect {
  return new SqliteDialect({
    database: {
      close: () => database.close(),
      prepare(sql: string) {
        const stmt = database.prepare(sql);
        const params = (p: readonly unknown[]) => p as SQLInputValue[];
        return {
          reader: stmt.columns().length > 0,
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
