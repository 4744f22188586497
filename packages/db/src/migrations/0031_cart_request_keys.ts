import type { MigrationDb } from "./helpers.ts";

/**
 * Issue 25: the Idempotency-Keys of cart changes, per cart, with the answer each first request got
 * (ADR 31). The key is the primary key with its cart, so a parallel repeat's insert waits for the
 * first one's commit (PostgreSQL) and then finds its answer; rows older than a day are deleted.
 */
export function cartRequestKeysMigration() {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createTable("cart_request_keys")
        .addColumn("cart_id", "integer", (c) => c.notNull().references("carts.id").onDelete("cascade"))
        .addColumn("request_key", "varchar(100)", (c) => c.notNull())
        .addColumn("request_hash", "varchar(64)", (c) => c.notNull())
        .addColumn("answer", "text")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addPrimaryKeyConstraint("cart_request_keys_pk", ["cart_id", "request_key"])
        .execute();
      await db.schema.createIndex("cart_request_keys_created_idx").on("cart_request_keys").column("created_at").execute();
    },
  };
}
