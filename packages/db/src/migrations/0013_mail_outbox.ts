import { sql } from "kysely";
import type { Dialect, MigrationDb } from "./helpers.ts";

/**
 * The outbox becomes the queue mail is delivered from (ADR 12): a status, the attempts, when the
 * next one is due, the lease of the dispatcher sending it, the last error and when it went out.
 */
export function mailOutboxMigration(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      // One column per statement: SQLite's ALTER TABLE adds one at a time. The rows so far were
      // written without SMTP_URL for staff to read, so they stay kept: old mail is never sent.
      await db.schema
        .alterTable("outbox")
        .addColumn("status", "varchar(16)", (c) =>
          c.notNull().defaultTo("kept").check(sql`status in ('pending', 'sending', 'sent', 'kept', 'failed')`),
        )
        .execute();
      await db.schema
        .alterTable("outbox")
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("outbox").addColumn("next_attempt_at", "varchar(32)").execute();
      await db.schema.alterTable("outbox").addColumn("claimed_until", "varchar(32)").execute();
      await db.schema.alterTable("outbox").addColumn("last_error", "text").execute();
      await db.schema.alterTable("outbox").addColumn("sent_at", "varchar(32)").execute();
      // The dispatcher's query: pending mail by due time, and sending mail whose lease ran out.
      await db.schema.createIndex("outbox_due_idx").on("outbox").columns(["status", "next_attempt_at"]).execute();
      // The mail is now written in the caller's change: an overlong subject must not fail an order.
      // SQLite does not enforce varchar lengths.
      if (dialect === "postgres")
        await db.schema
          .alterTable("outbox")
          .alterColumn("subject", (c) => c.setDataType("text"))
          .execute();
    },
  };
}
