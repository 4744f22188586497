import { COOKIE, type Locale, localizedPath, SOCIAL_LOGIN_COOKIE_MAX_AGE_S, type SocialProvidersAnswer } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { data, type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { shopContext } from "../../context.ts";
import { readCookie, secureCookies, serializeCookie } from "../../cookies.server.ts";
import { type Platform, platformFor } from "../../platform.server.ts";
import { failureStatus, failureText } from "../errors/platform-failure.ts";
import { formText } from "../forms/form-values.ts";
import { redirectTarget } from "./guards.server.ts";
import { tokenCookies } from "./session.server.ts";
import { flashCookie } from "./session-context.server.ts";

/**
 * Social login (OpenID Connect, ADR 15) on the storefront's side: the login page's button starts
 * it, the provider sends the browser back to the social-login page with a code. Between the two
 * the browser keeps the checks in one httpOnly cookie, out of page scripts' reach; SameSite=Lax
 * lets the provider's redirect (a top-level GET) bring it back and keeps it off other sites' posts.
 * Apple posts the callback from its own site (response_mode=form_post), which a Lax cookie does not
 * accompany: for that flow alone the cookie is SameSite=None; Secure, still httpOnly and
 * short-lived (ADR 15).
 */

/** What the cookie holds from the start to the callback. */
const flowSchema = z.object({
  provider: z.string(),
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  /** Where the visitor was going before the login page (SPEC §4), checked again when used. */
  redirect: z.string(),
});

export interface SocialLoginPageData {
  error: string;
}

function flowCookie(context: Readonly<RouterContextProvider>, value: string, maxAge: number, crossSite = false): string {
  return serializeCookie(COOKIE.socialLogin, value, secureCookies(context), { maxAge, crossSite });
}

function readFlow(request: Request): z.infer<typeof flowSchema> | null {
  const raw = readCookie(request, COOKIE.socialLogin);
  if (!raw) return null;
  try {
    const parsed = flowSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The login page's buttons: one per configured provider. Browsers hold the redirect that answers
 * a form's post to the page's CSP form-action, so each provider's origin is added to it.
 */
export async function loadSocialProviders(
  context: Readonly<RouterContextProvider>,
  platform: Platform,
): Promise<SocialProvidersAnswer["providers"]> {
  const result = await platform.callPublic(api.auth.socialProviders);
  if (!result.ok) return [];
  const { csp } = context.get(shopContext);
  for (const provider of result.data.providers) csp.form.add(provider.origin);
  return result.data.providers;
}

/** The button's post: the provider's authorization URL, with the checks kept in the cookie. */
export async function startSocialLogin(request: Request, context: Readonly<RouterContextProvider>, locale: Locale) {
  const t = translator(locale);
  const form = await request.formData();
  const provider = formText(form, "provider");
  const started = await platformFor(context, request, locale).call(api.auth.socialRedirectLogin, { query: { provider } });
  if (!started.ok) return data<SocialLoginPageData>({ error: failureText(started, t) }, { status: failureStatus(started) });
  const { url, formPost, state, nonce, codeVerifier } = started.data;
  const flow = JSON.stringify({ provider, state, nonce, codeVerifier, redirect: formText(form, "redirect") });
  throw redirect(url, { headers: { "Set-Cookie": flowCookie(context, flow, SOCIAL_LOGIN_COOKIE_MAX_AGE_S, formPost) } });
}

/**
 * The provider's callback: the platform exchanges the code and checks state, nonce and ID token;
 * the visitor is then logged in like after a password login. The cookie is spent either way, so a
 * callback replayed later has nothing to prove itself with. The callback is the page's query, or
 * the form a form_post provider (Apple) posted.
 */
export async function finishSocialLogin(request: Request, context: Readonly<RouterContextProvider>, locale: Locale) {
  const t = translator(locale);
  const headers = new Headers({ "Set-Cookie": flowCookie(context, "", 0) });
  const flow = readFlow(request);
  if (!flow) return data<SocialLoginPageData>({ error: t("auth.social.expired") }, { status: 400, headers });
  const { provider, state, nonce, codeVerifier } = flow;
  const callback =
    request.method === "POST"
      ? new URLSearchParams([...(await request.formData())].filter((e): e is [string, string] => typeof e[1] === "string")).toString()
      : new URL(request.url).search.slice(1);
  const result = await platformFor(context, request, locale).call(api.auth.socialOauth, {
    body: { provider, callback, state, nonce, codeVerifier },
  });
  if (!result.ok) return data<SocialLoginPageData>({ error: failureText(result, t) }, { status: failureStatus(result), headers });
  for (const cookie of tokenCookies(context, result.data.tokens)) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", flashCookie(context, "core.login.success"));
  throw redirect(flow.redirect ? redirectTarget(flow.redirect, locale) : localizedPath("content", locale), { headers });
}
