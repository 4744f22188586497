import type { CreateTableBuilder, Kysely } from "kysely";

export type Dialect = "sqlite" | "postgres";

/** The one column that must be spelled per dialect: an auto-increment primary key. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === "postgres"
    ? table.addColumn("id", "serial", (c) => c.primaryKey())
    : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}

export function now(): string {
  return new Date().toISOString();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the schema type exists.
export type MigrationDb = Kysely<any>;
