import type { CountriesTable, Executor, LanguagesTable } from "@shop/db";

export interface SiteRow {
  id: number;
  name: string;
  url: string;
  default_language: string;
}

export function findSiteByKey(db: Executor, apiKey: string): Promise<SiteRow | undefined> {
  return db.selectFrom("sites").select(["id", "name", "url", "default_language"]).where("api_key", "=", apiKey).executeTakeFirst();
}

/** The first site's apiKey: the one the storefront of this process calls the platform with. */
/** The apiKey of the first site (the one the storefront of this process speaks for); null in an empty database. */
export async function firstSiteApiKey(db: Executor): Promise<string | null> {
  const row = await db.selectFrom("sites").select("api_key").orderBy("id").executeTakeFirst();
  return row?.api_key ?? null;
}

/** CMS options by key (SPEC §3 CMS option); all of them when no keys are given. */
export async function getOptions(db: Executor, keys?: readonly string[]): Promise<Record<string, string>> {
  let q = db.selectFrom("cms_options").select(["key", "value"]);
  if (keys?.length) q = q.where("key", "in", keys);
  const rows = await q.execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function saveOption(db: Executor, key: string, value: string): Promise<void> {
  await db
    .insertInto("cms_options")
    .values({ key, value, media_id: null })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}

export function listLanguages(db: Executor): Promise<LanguagesTable[]> {
  return db.selectFrom("languages").selectAll().orderBy("name_eng").execute();
}

export function listCountries(db: Executor): Promise<CountriesTable[]> {
  return db.selectFrom("countries").selectAll().orderBy("id").execute();
}
