import { ACCESS_TOKEN_TTL_S, COOKIE, type Locale, REFRESH_TOKEN_TTL_S, type Tokens, type UserView } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import type { RouterContextProvider } from "react-router";
import { shopContext } from "../../context.ts";
import { readCookie, secureCookies, serializeCookie } from "../../cookies.server.ts";
import { Platform } from "../../platform.server.ts";

export function tokenCookies(context: Readonly<RouterContextProvider>, tokens: Tokens): string[] {
  const secure = secureCookies(context);
  return [
    serializeCookie(COOKIE.accessToken, tokens.accessToken, secure, { maxAge: ACCESS_TOKEN_TTL_S }),
    serializeCookie(COOKIE.refreshToken, tokens.refreshToken, secure, { maxAge: REFRESH_TOKEN_TTL_S }),
  ];
}

export function clearSessionCookies(context: Readonly<RouterContextProvider>): string[] {
  const secure = secureCookies(context);
  return [COOKIE.accessToken, COOKIE.refreshToken, COOKIE.cartId, COOKIE.protectCode].map((name) =>
    serializeCookie(name, "", secure, { maxAge: 0 }),
  );
}

export interface Session {
  user: UserView | null;
  platform: Platform;
  /** The access token `platform` sends (refreshed if it had to be), for calls in another language. */
  accessToken?: string;
  /** Set-Cookie values the response must carry (refreshed or cleared tokens). */
  setCookies: string[];
}

/**
 * The logged-in user of this request. An expired access token is refreshed with the refresh
 * token (SPEC §4); when the platform refuses it the user is logged out. Parallel requests with
 * one refresh token (two tabs, a prefetch and a click) all get the same successor within the
 * platform's grace window, so none of them logs the customer out or drops the cart. A platform
 * that cannot answer now logs nobody out: this request is served as a visitor's, the cookies stay.
 */
export async function getSession(request: Request, context: Readonly<RouterContextProvider>, locale: Locale): Promise<Session> {
  const shop = context.get(shopContext);
  const anonymous = new Platform(shop, locale);
  const access = readCookie(request, COOKIE.accessToken);
  const refresh = readCookie(request, COOKIE.refreshToken);
  if (!access && !refresh) return { user: null, platform: anonymous, setCookies: [] };
  if (access) {
    const platform = anonymous.withToken(access);
    const profile = await platform.call(api.auth.profile);
    if (profile.ok) return { user: profile.data, platform, accessToken: access, setCookies: [] };
  }
  if (refresh) {
    const renewed = await anonymous.call(api.auth.refresh, { headers: { refreshToken: refresh } });
    if (!renewed.ok && renewed.status !== 401) return { user: null, platform: anonymous, setCookies: [] };
    if (renewed.ok) {
      const platform = anonymous.withToken(renewed.data.tokens.accessToken);
      const profile = await platform.call(api.auth.profile);
      if (profile.ok) {
        const { tokens } = renewed.data;
        return { user: profile.data, platform, accessToken: tokens.accessToken, setCookies: tokenCookies(context, tokens) };
      }
    }
  }
  return { user: null, platform: anonymous, setCookies: clearSessionCookies(context) };
}
