export { type CreateDbOptions, createDb, type Db } from "./create-db.ts";
export { MigrationError, migrateToLatest } from "./migrate.ts";
export type { Dialect } from "./migrations/helpers.ts";
export type * from "./schema.ts";
