import type { MigrationDb } from "./helpers.ts";

/**
 * A card-wallet attempt keeps the client secret its provider gave when the payment was opened
 * (Monri Components): a repeated answer shows the same payment, never opens a second one.
 */
export function paymentWalletMigration() {
  return {
    async up(db: MigrationDb) {
      await db.schema.alterTable("payment_attempts").addColumn("wallet_secret", "varchar(200)").execute();
    },
  };
}
