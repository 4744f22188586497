import type { MigrationDb } from "./helpers.ts";

/**
 * A card-wallet attempt keeps the client secret its provider gave when the payment was opened
 * (Monri Components): a repeated answer shows the same payment, never opens a second one.
 * A mail in the outbox names what to attach (ADR 12): the files are made when it is sent.
 */
export function walletAndAttachmentsMigration() {
  return {
    async up(db: MigrationDb) {
      await db.schema.alterTable("payment_attempts").addColumn("wallet_secret", "varchar(200)").execute();
      await db.schema.alterTable("outbox").addColumn("attachments", "text").execute();
    },
  };
}
