export { type CreateDbOptions, createDb, type Db } from "./create-db.ts";
export { MigrationError, migrateToLatest } from "./migrate.ts";
export type { Dialect } from "./migrations/helpers.ts";
export type { AuditLogRow } from "./schema/audit.ts";
export type { PaymentKind } from "./schema/orders.ts";
export type * from "./schema.ts";
export { assertWritable, DatabaseNotWritable } from "./writable.ts";

import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/**
 * What repositories run their queries on: the database or an open transaction (Kysely's
 * Transaction is a Kysely). Services never choose; the request context carries it.
 */
export type Executor = Kysely<Database>;
