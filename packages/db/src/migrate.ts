import type { Kysely } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import { coreMigration } from "./migrations/0001_core.ts";
import { cmsMigration } from "./migrations/0002_cms.ts";
import { eventsMigration } from "./migrations/0003_events.ts";
import { formsMigration } from "./migrations/0004_forms.ts";
import { consentsMigration } from "./migrations/0005_consents.ts";
import { searchMigration } from "./migrations/0006_search.ts";
import { mediaMigration } from "./migrations/0007_media.ts";
import { catalogMigration } from "./migrations/0008_catalog.ts";
import { cartMigration } from "./migrations/0009_cart.ts";
import { searchProductsMigration } from "./migrations/0010_search_products.ts";
import { accountSecurityMigration } from "./migrations/0011_account_security.ts";
import { ordersMigration } from "./migrations/0012_orders.ts";
import { mailOutboxMigration } from "./migrations/0013_mail_outbox.ts";
import { walletAndAttachmentsMigration } from "./migrations/0014_wallet_and_attachments.ts";
import { checkoutExtrasMigration } from "./migrations/0015_checkout_extras.ts";
import { defaultAddressesMigration } from "./migrations/0016_default_addresses.ts";
import { receiptsMigration } from "./migrations/0017_receipts.ts";
import { socialLoginsMigration } from "./migrations/0018_social_logins.ts";
import { vouchersMigration } from "./migrations/0019_vouchers.ts";
import { stornoRefundsMigration } from "./migrations/0020_storno_refunds.ts";
import { classificationCodesMigration } from "./migrations/0021_classification_codes.ts";
import { staffAndAuditMigration } from "./migrations/0022_staff_and_audit.ts";
import { bankStatementsMigration } from "./migrations/0023_bank_statements.ts";
import { orderSearchMigration } from "./migrations/0024_order_search.ts";
import { adminCatalogMigration } from "./migrations/0025_admin_catalog.ts";
import { pageTemplatesMigration } from "./migrations/0026_page_templates.ts";
import { orderListIndexesMigration } from "./migrations/0027_order_list_indexes.ts";
import { mediaBlobsMigration } from "./migrations/0028_media_blobs.ts";
import { pageDraftsMigration } from "./migrations/0029_page_drafts.ts";
import { mediaLibraryMigration } from "./migrations/0030_media_library.ts";
import { cartRequestKeysMigration } from "./migrations/0031_cart_request_keys.ts";

import type { Dialect } from "./migrations/helpers.ts";
import type { Database } from "./schema.ts";
import { lockSqliteMigrations } from "./sqlite-migration-lock.ts";

function provider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        "0001_core": coreMigration(dialect),
        "0002_cms": cmsMigration(dialect),
        "0003_events": eventsMigration(dialect),
        "0004_forms": formsMigration(dialect),
        "0005_consents": consentsMigration(dialect),
        "0006_search": searchMigration(dialect),
        "0007_media": mediaMigration(dialect),
        "0008_catalog": catalogMigration(dialect),
        "0009_cart": cartMigration(dialect),
        "0010_search_products": searchProductsMigration(dialect),
        "0011_account_security": accountSecurityMigration(dialect),
        "0012_orders": ordersMigration(dialect),
        "0013_mail_outbox": mailOutboxMigration(dialect),
        "0014_wallet_and_attachments": walletAndAttachmentsMigration(),
        "0015_checkout_extras": checkoutExtrasMigration(dialect),
        "0016_default_addresses": defaultAddressesMigration(),
        "0017_receipts": receiptsMigration(dialect),
        "0018_social_logins": socialLoginsMigration(dialect),
        "0019_vouchers": vouchersMigration(dialect),
        "0020_storno_refunds": stornoRefundsMigration(dialect),
        "0021_classification_codes": classificationCodesMigration(),
        "0022_staff_and_audit": staffAndAuditMigration(dialect),
        "0023_bank_statements": bankStatementsMigration(dialect),
        "0024_order_search": orderSearchMigration(),
        "0025_admin_catalog": adminCatalogMigration(),
        "0026_page_templates": pageTemplatesMigration(dialect),
        "0027_order_list_indexes": orderListIndexesMigration(dialect),
        "0028_media_blobs": mediaBlobsMigration(dialect),
        "0029_page_drafts": pageDraftsMigration(dialect),
        "0030_media_library": mediaLibraryMigration(dialect),
        "0031_cart_request_keys": cartRequestKeysMigration(),
      };
    },
  };
}

export class MigrationError extends Error {}

/**
 * Applies every pending migration; throws MigrationError naming the one that failed. `schema` keeps
 * the migration bookkeeping in that PostgreSQL schema (tests migrate many schemas side by side).
 */
export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect, options: { schema?: string } = {}): Promise<string[]> {
  // Kysely's migrator holds an advisory lock on PostgreSQL; SQLite's is ours (two first starts on one new file).
  let unlock: () => void = () => undefined;
  if (dialect === "sqlite") {
    try {
      unlock = await lockSqliteMigrations(db);
    } catch (err) {
      throw new MigrationError(`Migrations not run: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  try {
    const migrator = new Migrator({ db, provider: provider(dialect), ...(options.schema ? { migrationTableSchema: options.schema } : {}) });
    const { error, results = [] } = await migrator.migrateToLatest();
    const failed = results.find((r) => r.status === "Error");
    if (error || failed) {
      const name = failed?.migrationName ?? "unknown";
      const reason = error instanceof Error ? error.message : String(error);
      throw new MigrationError(`Migration ${name} failed: ${reason}`);
    }
    return results.filter((r) => r.status === "Success").map((r) => r.migrationName);
  } finally {
    unlock();
  }
}
