import {
  CART_COOKIE_MAX_AGE_S,
  type CartView,
  COOKIE,
  isLocale,
  LOCALE_COOKIE_MAX_AGE_S,
  type Locale,
  type NewCartSession,
  PROTECT_CODE,
} from "@shop/contracts";
import { api } from "@shop/contracts/api";
import type { RouterContextProvider } from "react-router";
import { readCookie, secureCookies, serializeCookie } from "../../cookies.server.ts";
import type { ApiResult, Platform } from "../../platform.server.ts";
import type { CartNotice } from "./cart-notice.ts";

/** One-shot message after a cart form post without JavaScript (kind and translated text, JSON). */
export const CART_NOTICE_COOKIE = "cartNotice";

export interface CartSession {
  cartId: number;
  protectCode: string;
}

/** The session in the cookies, or null when either cookie is missing or malformed. */
export function readCartSession(request: Request): CartSession | null {
  const id = readCookie(request, COOKIE.cartId);
  const code = readCookie(request, COOKIE.protectCode);
  if (!id || !code || !/^[1-9]\d{0,11}$/.test(id) || !PROTECT_CODE.test(code)) return null;
  return { cartId: Number(id), protectCode: code };
}

export function hasAnyCartCookie(request: Request): boolean {
  return Boolean(readCookie(request, COOKIE.cartId) || readCookie(request, COOKIE.protectCode));
}

/**
 * SPEC §4: switching the language clears the cart session. The cart's language is kept in the locale
 * cookie, written together with the cart cookies; a request in another language finds them apart.
 * Checking the request (not the language picker's click) also covers typed or bookmarked addresses.
 */
export function cartLocaleChanged(request: Request, locale: Locale): boolean {
  const stored = readCookie(request, COOKIE.locale);
  return isLocale(stored) && stored !== locale;
}

/** SPEC §9: both cart cookies live one year on path /; httpOnly like the login tokens. */
export function cartSessionCookies(context: Readonly<RouterContextProvider>, session: NewCartSession, locale: Locale): string[] {
  const secure = secureCookies(context);
  return [
    serializeCookie(COOKIE.cartId, String(session.cartId), secure, { maxAge: CART_COOKIE_MAX_AGE_S }),
    serializeCookie(COOKIE.protectCode, session.protectCode, secure, { maxAge: CART_COOKIE_MAX_AGE_S }),
    serializeCookie(COOKIE.locale, locale, secure, { maxAge: LOCALE_COOKIE_MAX_AGE_S }),
  ];
}

export function clearCartCookies(context: Readonly<RouterContextProvider>): string[] {
  const secure = secureCookies(context);
  return [COOKIE.cartId, COOKIE.protectCode].map((name) => serializeCookie(name, "", secure, { maxAge: 0 }));
}

export function cartNoticeCookie(context: Readonly<RouterContextProvider>, notice: CartNotice): string {
  return serializeCookie(CART_NOTICE_COOKIE, JSON.stringify(notice), secureCookies(context), { maxAge: 60 });
}

/** SPEC §4 / §7: a 400 or 409 answer to a cart call means the session is gone (unknown cart, wrong protectCode). */
export function sessionRejected(result: ApiResult<unknown>): boolean {
  return !result.ok && (result.status === 400 || result.status === 409);
}

export function fetchCart(platform: Platform, session: CartSession): Promise<ApiResult<CartView>> {
  return platform.call(api.cart.getCart, { body: session });
}

export function newCartSession(platform: Platform): Promise<ApiResult<NewCartSession>> {
  return platform.call(api.cart.getNewCartSession);
}

/**
 * SPEC §4 Login: the customer's abandoned cart becomes the visitor's cart when they have none yet.
 * Returns the cookies to set; a failure is only logged (SPEC §7).
 */
export async function abandonedCartCookies(
  request: Request,
  context: Readonly<RouterContextProvider>,
  platform: Platform,
  locale: Locale,
): Promise<string[]> {
  if (readCartSession(request) && !cartLocaleChanged(request, locale)) return [];
  const result = await platform.call(api.cart.getAbandoned);
  if (!result.ok) {
    console.warn(`[cart] abandoned cart not fetched: ${result.status} ${result.message}`);
    return [];
  }
  return result.data ? cartSessionCookies(context, result.data, locale) : [];
}
