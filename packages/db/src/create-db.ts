import { createRequire } from "node:module";
import { Kysely, PostgresDialect } from "kysely";
import type { Dialect } from "./migrations/helpers.ts";
import { nodeSqliteDialect, openSqlite } from "./node-sqlite-dialect.ts";
import type { Database } from "./schema.ts";

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

export interface CreateDbOptions {
  /** PostgreSQL only: every connection uses this schema (tests isolate themselves this way). */
  schema?: string;
  poolSize?: number;
}

/** `sqlite:./path`, `sqlite::memory:` or `postgres://…` */
export function createDb(url: string, options: CreateDbOptions = {}): Db {
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) {
    // Required here: a shop on SQLite never loads the PostgreSQL driver.
    const pg = createRequire(import.meta.url)("pg") as typeof import("pg");
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", destroy: () => db.destroy() };
  }
  if (!url.startsWith("sqlite:")) throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got '${url.split(":")[0]}:')`);
  const path = url.slice("sqlite:".length);
  const db = new Kysely<Database>({ dialect: nodeSqliteDialect(openSqlite(path)) });
  return { db, dialect: "sqlite", destroy: () => db.destroy() };
}
