import type { Transaction } from "kysely";
import type { Database } from "../schema.ts";

/** What every area's seed receives: the open transaction and the seeding time. */
export interface SeedContext {
  trx: Transaction<Database>;
  now: string;
  /** Ids of the demo users, for rows that belong to someone (comments, subscriptions). */
  users: { adminId: number; customerId: number };
}
