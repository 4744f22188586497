import { commonsQuery, domainDetectBody, maintenanceBody, optionFilterQuery } from "@shop/contracts";
import { z } from "zod";
import { endpoint } from "../../http/endpoint.ts";
import * as settings from "./settings.service.ts";

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
  "SiteDescription",
  "ContactAddress",
  "ContactPhone",
  "ContactEmail",
  "OpeningHours",
  "EuProjectUrl",
]);

export const settingsEndpoints = [
  endpoint({
    method: "GET",
    path: "/v1/commons",
    summary: "Languages or countries (SPEC §7 Settings)",
    tag: "settings",
    access: "public",
    query: commonsQuery,
    async handle(ctx, { query }) {
      return query.type === "languages" ? settings.listLanguages(ctx.db) : settings.listCountries(ctx.db, ctx.locale);
    },
  }),
  endpoint({
    method: "POST",
    path: "/v2/domainDetect",
    summary: "Domain configuration for the calling site",
    tag: "settings",
    access: "public",
    body: domainDetectBody,
    handle: (ctx) => settings.domainDetect(ctx),
  }),
  endpoint({
    method: "GET",
    path: "/v1/settings/getCheckoutSettings",
    summary: "Allowed countries, cart type and cart-add behaviour",
    tag: "settings",
    access: "public",
    handle: (ctx) => settings.checkoutSettings(ctx.db),
  }),
  endpoint({
    method: "GET",
    path: "/v2/settings/getCurrencyConfig",
    summary: "Allowed currencies (EUR)",
    tag: "settings",
    access: "public",
    handle: async () => settings.currencyConfig(),
  }),
  endpoint({
    method: "GET",
    path: "/v1/option/filter",
    summary: "CMS options (SPEC §3 keys)",
    tag: "cms",
    access: "public",
    query: optionFilterQuery,
    async handle(ctx, { query }) {
      const all = await settings.getOptions(ctx.db, query.key ? [query.key] : undefined);
      const visible = Object.entries(all).filter(([k]) => PUBLIC_OPTION_KEYS.has(k) || ctx.user?.isBackofficeUser);
      return { records: visible.map(([key, value], i) => ({ id: i + 1, key, value, media: null })) };
    },
  }),
  endpoint({
    method: "PUT",
    path: "/v1/option/:key",
    summary: "Set a CMS option (backoffice)",
    tag: "cms",
    access: "backoffice",
    params: z.object({ key: z.string().regex(/^[A-Za-z][A-Za-z0-9]{1,63}$/) }),
    body: z.object({ value: z.string().max(10_000) }),
    async handle(ctx, { params, body }) {
      await settings.setOption(ctx, params.key, body.value);
      return { key: params.key, value: body.value };
    },
  }),
  endpoint({
    method: "PUT",
    path: "/v1/maintenance",
    summary: "Switch maintenance mode on or off (backoffice)",
    tag: "settings",
    access: "backoffice",
    body: maintenanceBody,
    async handle(ctx, { body }) {
      await settings.setOption(ctx, "MaintenanceMode", body.enabled ? "true" : "false");
      return { enabled: body.enabled };
    },
  }),
];
