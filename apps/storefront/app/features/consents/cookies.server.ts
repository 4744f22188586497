import { COOKIE, COOKIE_CATEGORIES, type CookieCategory, cookieConsentNumber, isValidInternalPath, localeFromPath } from "@shop/contracts";
import { data, type RouterContextProvider, redirect } from "react-router";
import { cookieNames, readCookie, secureCookies, serializeCookie } from "../../cookies.server.ts";
import { platformFor } from "../../platform.server.ts";
import { formText } from "../forms/form-values.ts";
import { loadConsents, logConsentChoice } from "./consents.server.ts";
import { COOKIE_SETTINGS_ID, choiceFromForm, parseAcceptedCookies, serializeAcceptedCookies } from "./cookie-choice.ts";

const YEAR_S = 365 * 24 * 3600;

/**
 * Cookies the third-party scripts of a category leave behind (Google Analytics: _ga, _ga_<id>,
 * _gid, _gat; ads through the tag manager: _gcl_*). Withdrawing the category removes them.
 */
const CATEGORY_COOKIES: Partial<Record<CookieCategory, RegExp>> = {
  analytics: /^(_ga|_ga_\w+|_gid|_gat\w*)$/,
  marketing: /^_gcl_\w+$/,
};

/** Where to go back to: a same-site path (query kept), else home. */
export function backTo(value: string | null | undefined): string {
  try {
    const url = new URL(value ?? "/", "http://site.invalid");
    if (url.origin === "http://site.invalid" && isValidInternalPath(url.pathname)) return `${url.pathname}${url.search}`;
  } catch {
    // fall through
  }
  return "/";
}

/** The referring page's path when it is this site (the no-JS way back from /cookies/settings). */
export function refererPath(request: Request): string | null {
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    const from = new URL(referer);
    return from.host === new URL(request.url).host ? `${from.pathname}${from.search}` : null;
  } catch {
    return null;
  }
}

/**
 * A choice posted from another site would be consent the visitor never gave: browsers name the
 * posting page's origin, and it must be this site.
 */
function sameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return true;
  try {
    return new URL(origin).host === new URL(request.url).host;
  } catch {
    return false;
  }
}

function expiredCookies(request: Request, withdrawn: readonly CookieCategory[], secure: boolean): string[] {
  const names = cookieNames(request);
  return withdrawn.flatMap((category) => {
    const pattern = CATEGORY_COOKIES[category];
    return pattern ? names.filter((n) => pattern.test(n)).map((n) => serializeCookie(n, "", secure, { maxAge: 0, httpOnly: false })) : [];
  });
}

/**
 * The cookie choice of the banner and the settings (SPEC §3 acceptedCookies, 365 days): stores
 * it, logs each category's consent as accepted, and as withdrawn where an earlier 'yes' became
 * 'no' (GDPR Art. 7(1) and (3)). The choice holds even when logging fails: refusing must always
 * work. A fetcher (JavaScript) gets data; a plain form post goes back to its page.
 */
export async function saveCookieChoice({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  if (!sameOrigin(request)) throw data(null, { status: 403 });
  const form = await request.formData();
  const chosen = choiceFromForm(form);
  const previousValue = readCookie(request, COOKIE.acceptedCookies);
  const previous = previousValue === undefined ? new Set<CookieCategory>() : parseAcceptedCookies(previousValue);
  const withdrawn = COOKIE_CATEGORIES.filter((c) => previous.has(c) && !chosen.has(c));
  const back = backTo(formText(form, "redirectTo"));

  const locale = localeFromPath(back);
  const platform = platformFor(context, request, locale);
  try {
    const consents = await loadConsents(platform, "cookies");
    const idsOf = (categories: readonly CookieCategory[]) =>
      consents.filter((c) => categories.some((category) => c.uniqueNumber === cookieConsentNumber(category))).map((c) => c.id);
    await Promise.all([
      logConsentChoice(platform, { consentIds: idsOf([...chosen]), status: "accepted" }),
      logConsentChoice(platform, { consentIds: idsOf(withdrawn), status: "withdrawn" }),
    ]);
  } catch {
    // loadConsents has said why; the visitor's choice is kept all the same.
  }

  const secure = secureCookies(context);
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    serializeCookie(COOKIE.acceptedCookies, serializeAcceptedCookies(chosen), secure, { maxAge: YEAR_S, httpOnly: false }),
  );
  for (const cookie of expiredCookies(request, withdrawn, secure)) headers.append("Set-Cookie", cookie);
  if (request.headers.get("accept")?.includes("text/html")) throw redirect(back, { headers });
  return data({ accepted: serializeAcceptedCookies(chosen), withdrawn }, { headers });
}

/** GET /cookies/settings (a bookmarked or shared link): the page it came from, with the settings open. */
export function settingsRedirect(request: Request) {
  const url = new URL(request.url);
  const back = backTo(url.searchParams.get("redirectTo") ?? refererPath(request));
  return redirect(`${back}#${COOKIE_SETTINGS_ID}`);
}
