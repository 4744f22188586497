import { LOCALES, localizedPath, SYSTEM_ROUTES } from "@shop/contracts";
import { readBoundedBody } from "@shop/platform/http/body.ts";

/**
 * Every request that would run a storefront action (any method but GET and HEAD outside /api) is
 * checked here first, once for all routes: it comes from this site, it is a form, it is small, and
 * it can be read. Actions then only see well-formed forms.
 */

/** The largest form a page posts (a review, a contact message); files go to the API. */
export const MAX_FORM_BYTES = 256 * 1024;

/**
 * The few pages whose form carries a file, each with its own bound: the back office's bank
 * statement upload (a statement of up to 2 MB with the multipart's overhead). Exact paths only.
 */
export const LARGER_FORMS: ReadonlyMap<string, number> = new Map([[SYSTEM_ROUTES.adminBankStatements, 5 * 1024 * 1024]]);

/**
 * Uploads passed on to the platform as they arrive, never read here (ADR 26): twenty 20 MB photos
 * must not sit in memory. Their origin and type are checked; the platform bounds count and size.
 */
export const STREAMED_UPLOADS: ReadonlySet<string> = new Set([SYSTEM_ROUTES.adminMediaUpload]);

/** The bound of a post to this path; React Router's data request for a page (`<path>.data`) is that page's. */
export function maxFormBytes(pathname: string): number {
  return LARGER_FORMS.get(pathname.replace(/\.data$/, "")) ?? MAX_FORM_BYTES;
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export type FormRefusal = { status: 400 | 403 | 413 | 415; key: string };

/**
 * Posted from another site: the browser says so (Sec-Fetch-Site), or the Origin names another
 * origin than this request's or the public address. A request with neither header (not a browser)
 * carries no cookies of a visitor's session worth protecting.
 */
export function crossSite(req: Request, publicOrigin: string): boolean {
  const site = req.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return true;
  const origin = req.headers.get("origin");
  if (origin === null) return false;
  return origin !== publicOrigin && origin !== new URL(req.url).origin;
}

const SOCIAL_LOGIN_PATHS = new Set(LOCALES.map((locale) => localizedPath("socialLogin", locale)));

/**
 * The one cross-site post let through (ADR 15): Apple answers a social login with
 * response_mode=form_post, a post of the code from its own site to the social-login page. Only
 * that page, only from the origin of a configured Apple provider's issuer; all it can do there is
 * finish a login this browser started (the state, nonce and PKCE verifier in its cookie), and the
 * page refuses a provider button's post from another site itself.
 */
function providerCallback(req: Request, callbackOrigins: ReadonlySet<string>): boolean {
  const origin = req.headers.get("origin");
  return origin !== null && callbackOrigins.has(origin) && SOCIAL_LOGIN_PATHS.has(new URL(req.url).pathname);
}

/**
 * The checked request to hand on (its body read once, within the bound), or why it is refused.
 * `callbackOrigins`: the issuer origins of the form_post (Apple) providers.
 */
export async function checkFormPost(
  req: Request,
  publicOrigin: string,
  callbackOrigins: ReadonlySet<string> = new Set(),
): Promise<{ request: Request } | { refusal: FormRefusal }> {
  const fromAnotherSite = crossSite(req, publicOrigin);
  if (fromAnotherSite && !providerCallback(req, callbackOrigins)) return { refusal: { status: 403, key: "error.crossSite" } };
  const type = (req.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const streamed = STREAMED_UPLOADS.has(new URL(req.url).pathname);
  if (!FORM_TYPES.includes(type) || (streamed && type !== "multipart/form-data")) {
    await req.body?.cancel();
    return { refusal: { status: 415, key: "error.formUnsupported" } };
  }
  if (streamed) return { request: req };
  const body = await readBoundedBody(req, maxFormBytes(new URL(req.url).pathname));
  if (body === null) return { refusal: { status: 413, key: "error.payloadTooLarge" } };
  const headers = new Headers(req.headers);
  headers.delete("transfer-encoding");
  headers.set("content-length", String(body.length));
  // React Router refuses an action posted from any other origin; this one was let through above.
  if (fromAnotherSite) headers.delete("origin");
  const request = new Request(req.url, { method: req.method, headers, body: body as Uint8Array<ArrayBuffer> });
  try {
    // A broken multipart body (or a wrong boundary) fails here, not inside an action.
    await request.clone().formData();
  } catch {
    return { refusal: { status: 400, key: "error.formUnsupported" } };
  }
  return { request };
}
