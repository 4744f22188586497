import {
  ALL_COUNTRIES,
  CART_ADD_BEHAVIOUR,
  type CheckoutSettings,
  type CountryView,
  type CurrencyConfig,
  DEFAULT_LOCALE,
  type DomainDetectAnswer,
  type LanguageView,
  LOCALES,
  MAIN_CURRENCY,
  MAINTENANCE_MESSAGE_OPTION,
  type MaintenanceBody,
  type OptionRecord,
  optionValueProblem,
} from "@shop/contracts";
import type { Executor } from "@shop/db";
import { fieldError, fieldsError } from "../../http/app-error.ts";
import type { RequestCtx, SiteInfo } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { recordChange } from "../audit/index.ts";
import { mediaOptionsOf } from "../media/index.ts";
import * as repo from "./settings.repository.ts";

const SITE_TTL_MS = 60_000;
const siteCache = new WeakMap<Executor, Map<string, { site: SiteInfo | null; at: number }>>();

/** Options anyone may read: everything the storefront renders, nothing internal. */
const PUBLIC_OPTION_KEYS = new Set([
  "Logo",
  "CopyrightText",
  "CookieNotice",
  "CookiesNotification",
  "CustomHeader",
  "CustomFooter",
  "GoogleAnalyticsId",
  "GoogleTagManagerId",
  "AnalyticsScriptUrl",
  "TagManagerScriptUrl",
  "AnonymousChat",
  "RequireRatingForComment",
  "RequireCommentForRating",
  "NumberOfStars",
  "CanCommentOnBlog",
  "AutoGenerateSiteMap",
  "RequireAdminPublishing",
  "OneUserOneComment",
  "UserCanEditComment",
  "SiteMapOptions",
  "CmsVersion",
  "WwwPolicy",
  "DefaultProductTemplate",
  "AnonymousCanMultipleReview",
  "PasswordProtection",
  "RequireRatingForCommentOnSite",
  "RequireCommentForRatingOnSite",
  "HomePageSlug",
  "DefaultLanguage",
  "AllowedLanguages",
  "MaintenanceMode",
  "MaintenanceMessage",
  "SiteDescription",
  "ContactAddress",
  "ContactPhone",
  "ContactEmail",
  "OpeningHours",
  "EuProjectUrl",
]);

/** The site an apiKey belongs to; cached for a minute because every API call asks. */
export async function findSiteByApiKey(db: Executor, apiKey: string): Promise<SiteInfo | null> {
  if (!apiKey || apiKey.length > 120) return null;
  let cache = siteCache.get(db);
  if (!cache) {
    cache = new Map();
    siteCache.set(db, cache);
  }
  const hit = cache.get(apiKey);
  if (hit && Date.now() - hit.at < SITE_TTL_MS) return hit.site;
  const row = await repo.findSiteByKey(db, apiKey);
  const site = row ? { id: row.id, name: row.name, url: row.url, defaultLanguage: row.default_language } : null;
  if (cache.size > 100) cache.clear();
  cache.set(apiKey, { site, at: Date.now() });
  return site;
}

/** The options the caller may see: the public ones, every one for staff. */
export async function visibleOptions(ctx: RequestCtx, key: string | undefined): Promise<{ records: OptionRecord[] }> {
  const all = await repo.getOptions(ctx.db, key ? [key] : undefined);
  const visible = Object.entries(all).filter(([k]) => PUBLIC_OPTION_KEYS.has(k) || ctx.user?.isBackofficeUser);
  return { records: visible.map(([key, value], i) => ({ id: i + 1, key, value, media: null })) };
}

export async function setOption(ctx: RequestCtx, key: string, value: string): Promise<{ key: string; value: string }> {
  const problem = optionValueProblem(key, value);
  if (problem) throw fieldError("value", problem);
  await withTransaction(ctx, async (tx) => {
    const before = (await repo.getOptions(tx.db, [key]))[key] ?? null;
    await repo.saveOption(tx.db, key, value);
    await recordChange(tx, { entity: "settings.option", entityId: key, action: "option.set", before: { value: before }, after: { value } });
  });
  // Pages drop their cached copies only once the change is there to be read.
  ctx.afterCommit(() => ctx.onContentChange(["options"]));
  return { key, value };
}

/** Several options in one transaction (a form of the settings page): each changed one audited, nothing saved if one is refused. */
export async function setOptions(ctx: RequestCtx, options: Record<string, string>): Promise<{ changed: string[] }> {
  const refused = Object.entries(options).flatMap(([key, value]) => {
    const problem = optionValueProblem(key, value);
    return problem ? [{ path: `options.${key}`, key: problem }] : [];
  });
  if (refused.length > 0) throw fieldsError(refused);
  const changed = await withTransaction(ctx, async (tx) => {
    const current = await repo.getOptions(tx.db, Object.keys(options));
    const different = Object.entries(options).filter(([key, value]) => current[key] !== value);
    for (const [key, value] of different) await setOption(tx, key, value);
    return different.map(([key]) => key);
  });
  return { changed };
}

/** Maintenance mode, and the maintenance page's message when one is sent, in one transaction (each an audited option). */
export async function setMaintenance(ctx: RequestCtx, body: MaintenanceBody): Promise<{ enabled: boolean }> {
  await withTransaction(ctx, async (tx) => {
    await setOption(tx, "MaintenanceMode", body.enabled ? "true" : "false");
    if (body.message) {
      const texts = Object.fromEntries(Object.entries(body.message).filter(([, text]) => text));
      await setOption(tx, MAINTENANCE_MESSAGE_OPTION, JSON.stringify(texts));
    }
  });
  return { enabled: body.enabled };
}

export function listLanguages(ctx: RequestCtx): Promise<LanguageView[]> {
  return repo.listLanguages(ctx.db);
}

export async function listCountries(ctx: RequestCtx): Promise<CountryView[]> {
  const rows = await repo.listCountries(ctx.db);
  const nameKey = `name_${ctx.locale}` as const;
  return rows
    .map((r) => ({ id: r.id, iso: r.iso, code: r.code, name: r[nameKey] }))
    .sort((a, b) => a.name.localeCompare(b.name, ctx.locale));
}

export async function checkoutSettings(ctx: RequestCtx): Promise<CheckoutSettings> {
  const o = await repo.getOptions(ctx.db, ["AllowedCountries", "CartAddBehaviour", "CartType", "SkipShippingStep"]);
  const allowed = o.AllowedCountries ?? ALL_COUNTRIES;
  return {
    allowedCountries: allowed === ALL_COUNTRIES ? ALL_COUNTRIES : allowed.split(",").map((s) => s.trim()),
    cart_type: o.CartType ?? "default",
    cartAddBehaviour: Number(o.CartAddBehaviour ?? CART_ADD_BEHAVIOUR.popup),
    skipShippingStep: o.SkipShippingStep === "true",
  };
}

export function currencyConfig(): CurrencyConfig {
  const eur = {
    id: 1,
    code: MAIN_CURRENCY.code,
    label: MAIN_CURRENCY.label,
    symbol: MAIN_CURRENCY.symbol,
    decimals: MAIN_CURRENCY.decimals,
  };
  return { allowedCurrencies: [eur], mainCurrencyId: eur.id, mainCurrency: eur };
}

export async function domainDetect(ctx: RequestCtx): Promise<DomainDetectAnswer> {
  const options = await repo.getOptions(ctx.db, ["Logo", "DefaultLanguage", "AllowedLanguages"]);
  return {
    apiKeyId: ctx.site.id,
    siteID: ctx.site.id,
    site: { name: ctx.site.name, url: ctx.site.url },
    cmsLanguages: (options.AllowedLanguages ?? DEFAULT_LOCALE).split(","),
    defaultLanguage: options.DefaultLanguage ?? DEFAULT_LOCALE,
    stores: LOCALES.map((language, i) => ({ language, storeID: i + 1 })),
    extra: {
      checkoutSettings: await checkoutSettings(ctx),
      currencyConfig: currencyConfig(),
      mediaOptions: (await mediaOptionsOf(ctx, false)).records,
    },
    cmsOptions: { Logo: options.Logo ?? null },
  };
}
