import { ALL_COUNTRIES, CART_ADD_BEHAVIOUR, type Locale, MAIN_CURRENCY } from "@shop/contracts";
import type { Database } from "@shop/db";
import type { Kysely } from "kysely";
import type { RequestCtx, SiteInfo } from "../../http/context.ts";

const SITE_TTL_MS = 60_000;
const siteCache = new WeakMap<Kysely<Database>, Map<string, { site: SiteInfo | null; at: number }>>();

/** The site an apiKey belongs to; cached for a minute because every API call asks. */
export async function findSiteByApiKey(db: Kysely<Database>, apiKey: string): Promise<SiteInfo | null> {
  if (!apiKey || apiKey.length > 120) return null;
  let cache = siteCache.get(db);
  if (!cache) {
    cache = new Map();
    siteCache.set(db, cache);
  }
  const hit = cache.get(apiKey);
  if (hit && Date.now() - hit.at < SITE_TTL_MS) return hit.site;
  const row = await db
    .selectFrom("sites")
    .select(["id", "name", "url", "default_language"])
    .where("api_key", "=", apiKey)
    .executeTakeFirst();
  const site = row ? { id: row.id, name: row.name, url: row.url, defaultLanguage: row.default_language } : null;
  if (cache.size > 100) cache.clear();
  cache.set(apiKey, { site, at: Date.now() });
  return site;
}

export async function getOptions(db: Kysely<Database>, keys?: string[]): Promise<Record<string, string>> {
  let q = db.selectFrom("cms_options").select(["key", "value"]);
  if (keys?.length) q = q.where("key", "in", keys);
  const rows = await q.execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function setOption(ctx: RequestCtx, key: string, value: string): Promise<void> {
  const existing = await ctx.db.selectFrom("cms_options").select("id").where("key", "=", key).executeTakeFirst();
  if (existing) await ctx.db.updateTable("cms_options").set({ value }).where("id", "=", existing.id).execute();
  else await ctx.db.insertInto("cms_options").values({ key, value, media_id: null }).execute();
  ctx.onContentChange(["options"]);
}

export async function listLanguages(db: Kysely<Database>) {
  return db.selectFrom("languages").selectAll().orderBy("name_eng").execute();
}

export async function listCountries(db: Kysely<Database>, locale: Locale) {
  const rows = await db.selectFrom("countries").selectAll().orderBy("id").execute();
  const nameKey = `name_${locale}` as const;
  return rows.map((r) => ({ id: r.id, iso: r.iso, code: r.code, name: r[nameKey] })).sort((a, b) => a.name.localeCompare(b.name, locale));
}

export async function checkoutSettings(db: Kysely<Database>) {
  const o = await getOptions(db, ["AllowedCountries", "CartAddBehaviour", "CartType"]);
  const allowed = o.AllowedCountries ?? ALL_COUNTRIES;
  return {
    allowedCountries: allowed === ALL_COUNTRIES ? ALL_COUNTRIES : allowed.split(",").map((s) => s.trim()),
    cart_type: o.CartType ?? "default",
    cartAddBehaviour: Number(o.CartAddBehaviour ?? CART_ADD_BEHAVIOUR.popup),
  };
}

export function currencyConfig() {
  const eur = {
    id: 1,
    code: MAIN_CURRENCY.code,
    label: MAIN_CURRENCY.label,
    symbol: MAIN_CURRENCY.symbol,
    decimals: MAIN_CURRENCY.decimals,
  };
  return { allowedCurrencies: [eur], mainCurrencyId: eur.id, mainCurrency: eur };
}

export async function domainDetect(ctx: RequestCtx) {
  const options = await getOptions(ctx.db, ["Logo", "DefaultLanguage", "AllowedLanguages"]);
  return {
    apiKeyId: ctx.site.id,
    siteID: ctx.site.id,
    site: { name: ctx.site.name, url: ctx.site.url },
    cmsLanguages: (options.AllowedLanguages ?? "hr").split(","),
    defaultLanguage: options.DefaultLanguage ?? "hr",
    stores: [
      { language: "hr", storeID: 1 },
      { language: "en", storeID: 2 },
      { language: "de", storeID: 3 },
    ],
    extra: {
      checkoutSettings: await checkoutSettings(ctx.db),
      currencyConfig: currencyConfig(),
      mediaOptions: [],
    },
    cmsOptions: { Logo: options.Logo ?? null },
  };
}
