import { CORE_VERSION, DEFAULT_LOCALE, type Locale, toLocale } from "@shop/contracts";
import { Hono } from "hono";
import { mountApiDocs } from "./http/api-docs.ts";
import { AppError } from "./http/app-error.ts";
import type { HonoEnv, PlatformDeps, SiteInfo } from "./http/context.ts";
import { openApiDocument, type Route, registerEndpoints } from "./http/endpoint.ts";
import { errorBody } from "./http/errors.ts";
import { REQUEST_ID_HEADER, requestIdFrom } from "./http/request-id.ts";
import { runNow } from "./http/transaction.ts";
import { auditEndpoints } from "./modules/audit/audit.routes.ts";
import { auditedStaffWrite } from "./modules/audit/index.ts";
import { authEndpoints } from "./modules/auth/auth.routes.ts";
import { userFromAccessToken } from "./modules/auth/index.ts";
import { bankStatementEndpoints } from "./modules/bank-statements/bank-statements.routes.ts";
import { cachesEndpoints } from "./modules/caches/caches.routes.ts";
import { adminCouponsEndpoints } from "./modules/cart/admin-coupons.routes.ts";
import { cartEndpoints } from "./modules/cart/cart.routes.ts";
import { adminCatalogEndpoints } from "./modules/catalog/admin-catalog.routes.ts";
import { catalogEndpoints } from "./modules/catalog/catalog.routes.ts";
import { cmsEndpoints } from "./modules/cms/cms.routes.ts";
import { pageEditorEndpoints } from "./modules/cms/page-editor.routes.ts";
import { pageTemplatesEndpoints } from "./modules/cms/page-templates.routes.ts";
import { commentsEndpoints } from "./modules/comments/comments.routes.ts";
import { consentsEndpoints } from "./modules/consents/consents.routes.ts";
import { eventsEndpoints } from "./modules/events/events.routes.ts";
import { formsEndpoints } from "./modules/forms/forms.routes.ts";
import { guestsEndpoints } from "./modules/guests/guests.routes.ts";
import { mediaEndpoints } from "./modules/media/media.routes.ts";
import { moderationEndpoints } from "./modules/moderation/moderation.routes.ts";
import { newsletterEndpoints } from "./modules/newsletter/newsletter.routes.ts";
import { adminOrdersEndpoints } from "./modules/orders/admin-orders.routes.ts";
import { checkoutEndpoints } from "./modules/orders/checkout.routes.ts";
import { documentsEndpoints } from "./modules/orders/documents.routes.ts";
import { myOrdersEndpoints } from "./modules/orders/my-orders.routes.ts";
import { mountPaymentRoutes } from "./modules/orders/payment.routes.ts";
import { reviewsEndpoints } from "./modules/reviews/reviews.routes.ts";
import { searchEndpoints } from "./modules/search/search.routes.ts";
import { seoEndpoints } from "./modules/seo/seo.routes.ts";
import { findSiteByApiKey } from "./modules/settings/index.ts";
import { settingsEndpoints } from "./modules/settings/settings.routes.ts";
import { toolsEndpoints } from "./modules/tools/tools.routes.ts";
import { adminCustomersEndpoints } from "./modules/user/admin-customers.routes.ts";
import { adminMemberCardsEndpoints } from "./modules/user/admin-member-cards.routes.ts";
import { staffEndpoints } from "./modules/user/staff.routes.ts";
import { userEndpoints } from "./modules/user/user.routes.ts";
import { wishlistEndpoints } from "./modules/wishlist/wishlist.routes.ts";

export const endpoints: readonly Route[] = [
  ...authEndpoints,
  ...userEndpoints,
  ...settingsEndpoints,
  ...cmsEndpoints,
  ...eventsEndpoints,
  ...commentsEndpoints,
  ...formsEndpoints,
  ...newsletterEndpoints,
  ...consentsEndpoints,
  ...searchEndpoints,
  ...mediaEndpoints,
  ...seoEndpoints,
  ...catalogEndpoints,
  ...checkoutEndpoints,
  ...myOrdersEndpoints,
  ...documentsEndpoints,
  ...cartEndpoints,
  ...guestsEndpoints,
  ...reviewsEndpoints,
  ...wishlistEndpoints,
  ...bankStatementEndpoints,
  ...adminOrdersEndpoints,
  ...moderationEndpoints,
  ...adminCustomersEndpoints,
  ...staffEndpoints,
  ...auditEndpoints,
  ...adminCatalogEndpoints,
  ...adminCouponsEndpoints,
  ...adminMemberCardsEndpoints,
  ...pageTemplatesEndpoints,
  ...pageEditorEndpoints,
  ...toolsEndpoints,
  ...cachesEndpoints,
];

const STORE_IDS = new Set(["1", "2", "3"]);
const API_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "no-store",
} as const;

const apiDescription = (
  demoApiKey: string | undefined,
) => `The commerce and CMS API of the shop. Every answer is an envelope: \`{ "data": …, "errored": false }\`, or on failure \`{ "errored": true, "statusCode", "error": { "code", "payload": { "message", "key", "fields" } } }\`.

**Authentication.** Every call sends the site's API key in the \`apiKey\` header; ${demoApiKey ? `the demo shop's key is \`${demoApiKey}\`.` : "staff find it in the sites table."} Calls for a logged-in user also send \`accessToken\` (from \`POST /api/v1/login\`). Use *Authorize* to set both. The optional \`language\` header (hr, en, de) picks the language of texts and messages.`;

/** The platform API of SPEC §7 as a Hono app mounted at /api. No side effects: deps come in. */
export function createApp(deps: PlatformDeps): Hono<HonoEnv> {
  const app = new Hono<HonoEnv>();
  const openApi = JSON.stringify(
    openApiDocument(endpoints, {
      title: "Autopraonica platform API",
      version: CORE_VERSION,
      description: apiDescription(deps.config.demoApiKey),
    }),
  );

  app.use(async (c, next) => {
    const requestId = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
    c.set("requestId", requestId);
    const started = performance.now();
    // Set before the answer exists: Hono merges them into it. Set after, each would copy the answer.
    for (const [k, v] of Object.entries(API_HEADERS)) c.header(k, v);
    c.header("X-Request-Id", requestId);
    if (deps.config.production) c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    await next();
    const ctx = c.get("ctx");
    deps.logger.info({
      requestId,
      method: c.req.method,
      path: redactPath(new URL(c.req.url).pathname),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      userId: ctx?.user?.id ?? null,
    });
  });

  app.get("/openapi.json", (c) => c.body(openApi, 200, { "Content-Type": "application/json" }));
  // Card providers call without an apiKey: their messages carry their own signatures.
  mountPaymentRoutes(app, deps);
  mountApiDocs(app);

  app.use(async (c, next) => {
    const header = (name: string) => c.req.header(name) ?? undefined;
    const languageHeader = header("language");
    const requested = toLocale(languageHeader);
    // Provisional locale so even a refused request is answered in a language we know.
    const locale: Locale = requested ?? DEFAULT_LOCALE;
    const base = {
      ...deps,
      requestId: c.get("requestId"),
      locale,
      ip: c.get("clientIp") ?? clientIp(c.req.raw),
      user: null,
      site: undefined as unknown as SiteInfo,
      afterCommit: runNow,
    };
    c.set("ctx", base);
    if (languageHeader && !requested) throw badHeader("language");
    const store = header("store");
    if (store !== undefined && !STORE_IDS.has(store)) throw badHeader("store");
    const site = await findSiteByApiKey(deps.db, header("apikey") ?? "");
    if (!site) throw new AppError("INVALID_API_KEY", "error.invalidApiKey");
    const siteHeader = header("site");
    if (siteHeader !== undefined && siteHeader !== String(site.id)) throw badHeader("site");
    const token = header("accesstoken");
    const user = token ? await userFromAccessToken(deps, token) : null;
    c.set("ctx", { ...base, site, locale: requested ?? toLocale(site.defaultLanguage) ?? DEFAULT_LOCALE, user });
    await next();
  });

  registerEndpoints(app, endpoints, { checkAnswers: deps.config.checkAnswers, staffWrite: auditedStaffWrite });
  // Mounted under /api, an unknown path would otherwise fall through to the storefront's catch-all.
  app.all("*", () => {
    throw new AppError("NOT_FOUND", "error.notFound");
  });

  app.notFound((c) => {
    const ctx = c.get("ctx");
    return c.json(errorBody(new AppError("NOT_FOUND", "error.notFound"), ctx?.locale ?? DEFAULT_LOCALE, c.get("requestId")), 404);
  });

  app.onError((err, c) => {
    const ctx = c.get("ctx");
    const requestId = c.get("requestId");
    const appError = err instanceof AppError ? err : new AppError("INTERNAL", "error.generic");
    if (!(err instanceof AppError)) {
      deps.logger.error({ requestId, error: err.message, stack: err.stack });
    }
    if (appError.retryAfterS) c.header("Retry-After", String(appError.retryAfterS));
    return c.json(errorBody(appError, ctx?.locale ?? DEFAULT_LOCALE, requestId), appError.status as 400);
  });

  return app;
}

/** Single-use secrets travel in some paths (verify links); they never reach the log. */
function redactPath(path: string): string {
  return path.replace(/(\/(?:verify|confirmEmail)\/)[^/]+/, "$1…");
}

function badHeader(name: string): AppError {
  return new AppError("VALIDATION_ERROR", `Invalid header: ${name}`, {
    fields: [{ path: name, key: "validation.invalid", message: "Invalid value" }],
  });
}

/** The address an in-process caller (the storefront) names; X-Forwarded-For is trusted only by the server. */
function clientIp(req: Request): string {
  return req.headers.get("x-shop-client-ip") ?? "unknown";
}
