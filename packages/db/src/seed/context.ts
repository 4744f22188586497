import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";

/** What every area's seed receives: the open transaction and the seeding time. */
export interface SeedContext {
  /** Where to write: the demo seed's one transaction, or a test database directly. */
  trx: Kysely<Database>;
  now: string;
  /**
   * Ids of the demo users, for rows that belong to someone (comments, reviews); null when seeding a
   * shop's own site (SEED=site), which has no users and none of the demo's made-up activity.
   */
  users: { adminId: number; customerId: number } | null;
}
