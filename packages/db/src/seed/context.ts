import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";

/** What every area's seed receives: the open transaction and the seeding time. */
export interface SeedContext {
  /** Where to write: the demo seed's one transaction, or a test database directly. */
  trx: Kysely<Database>;
  now: string;
  /** Ids of the demo users, for rows that belong to someone (comments, subscriptions). */
  users: { adminId: number; customerId: number };
}
