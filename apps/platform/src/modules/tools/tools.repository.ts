import type { Executor } from "@shop/db";

/** The configured sites with their addresses: the domains the shop answers for (SPEC §3 Domain configuration). */
export function siteAddresses(db: Executor) {
  return db.selectFrom("sites").select(["name", "url"]).orderBy("id").execute();
}
