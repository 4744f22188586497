import { z } from "zod";
import { ALL_COUNTRIES } from "../constants.ts";
import { endpoint } from "../endpoint.ts";
import {
  commonsQuery,
  domainDetectBody,
  maintenanceBody,
  optionFilterQuery,
  optionKeyParams,
  optionsBody,
  optionValueBody,
} from "../schemas/settings.ts";
import { mediaOption } from "./media.ts";

/** Answers of the settings and CMS option endpoints (SPEC §3 CMS option, Language, Country; §7 Settings, E-commerce). */

export const languageView = z.object({
  id: z.number().int(),
  code: z.string(),
  code2: z.string(),
  name: z.string(),
  name_hrv: z.string(),
  name_eng: z.string(),
  name_ger: z.string(),
  name_srp: z.string(),
});
export type LanguageView = z.infer<typeof languageView>;

export const countryView = z.object({ id: z.number().int(), iso: z.string(), code: z.string(), name: z.string() });
export type CountryView = z.infer<typeof countryView>;

export const checkoutSettings = z.object({
  allowedCountries: z.union([z.literal(ALL_COUNTRIES), z.array(z.string())]),
  cart_type: z.string(),
  /** One of CART_ADD_BEHAVIOUR (SPEC §4 After successful add). */
  cartAddBehaviour: z.number().int(),
  /** SPEC §3/§4: the checkout has no shipping step; the first applicable method (and branch) is saved for the customer. */
  skipShippingStep: z.boolean(),
});
export type CheckoutSettings = z.infer<typeof checkoutSettings>;

export const currencyView = z.object({
  id: z.number().int(),
  code: z.string(),
  label: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
});

export const currencyConfig = z.object({
  allowedCurrencies: z.array(currencyView),
  mainCurrencyId: z.number().int(),
  mainCurrency: currencyView,
});
export type CurrencyConfig = z.infer<typeof currencyConfig>;

export const domainDetectAnswer = z.object({
  apiKeyId: z.number().int(),
  siteID: z.number().int(),
  site: z.object({ name: z.string(), url: z.string() }),
  cmsLanguages: z.array(z.string()),
  defaultLanguage: z.string(),
  stores: z.array(z.object({ language: z.string(), storeID: z.number().int() })),
  extra: z.object({
    checkoutSettings,
    currencyConfig,
    /** SPEC §3 media options: the sizes the library makes (the same list as GET media/options). */
    mediaOptions: z.array(mediaOption),
  }),
  cmsOptions: z.object({ Logo: z.string().nullable() }),
});
export type DomainDetectAnswer = z.infer<typeof domainDetectAnswer>;

export const optionRecord = z.object({ id: z.number().int(), key: z.string(), value: z.string(), media: z.null() });
export type OptionRecord = z.infer<typeof optionRecord>;

/** Site configuration: languages and countries, the calling site, checkout and currency settings, CMS options. */
export const settingsApi = {
  commons: endpoint({
    method: "GET",
    path: "/v1/commons",
    summary: "Languages or countries (SPEC §7 Settings)",
    tag: "settings",
    access: "public",
    query: commonsQuery,
    answer: z.union([z.array(languageView), z.array(countryView)]),
  }),
  domainDetect: endpoint({
    method: "POST",
    path: "/v2/domainDetect",
    summary: "Domain configuration for the calling site",
    tag: "settings",
    access: "public",
    body: domainDetectBody,
    answer: domainDetectAnswer,
  }),
  getCheckoutSettings: endpoint({
    method: "GET",
    path: "/v1/settings/getCheckoutSettings",
    summary: "Allowed countries, cart type, cart-add behaviour and whether the shipping step is skipped",
    tag: "settings",
    access: "public",
    answer: checkoutSettings,
  }),
  getCurrencyConfig: endpoint({
    method: "GET",
    path: "/v2/settings/getCurrencyConfig",
    summary: "Allowed currencies (EUR)",
    tag: "settings",
    access: "public",
    answer: currencyConfig,
  }),
  optionFilter: endpoint({
    method: "GET",
    path: "/v1/option/filter",
    summary: "CMS options (SPEC §3 keys)",
    tag: "cms",
    access: "public",
    query: optionFilterQuery,
    answer: z.object({ records: z.array(optionRecord) }),
  }),
  setOption: endpoint({
    method: "PUT",
    path: "/v1/option/:key",
    summary: "Set a CMS option (backoffice)",
    tag: "cms",
    access: { staff: "settings" },
    params: optionKeyParams,
    body: optionValueBody,
    answer: z.object({ key: z.string(), value: z.string() }),
  }),
  setOptions: endpoint({
    method: "PUT",
    path: "/v1/options",
    summary: "Set several CMS options in one change, each audited (backoffice)",
    tag: "cms",
    access: { staff: "settings" },
    body: optionsBody,
    answer: z.object({ changed: z.array(z.string()) }),
  }),
  setMaintenance: endpoint({
    method: "PUT",
    path: "/v1/maintenance",
    summary: "Switch maintenance mode on or off (backoffice)",
    tag: "settings",
    access: { staff: "settings" },
    body: maintenanceBody,
    answer: z.object({ enabled: z.boolean() }),
  }),
} as const;
