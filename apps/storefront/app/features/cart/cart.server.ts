import { type CartView, COOKIE, LOCALE_COOKIE_MAX_AGE_S, localeFromPath } from "@shop/contracts";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { readCookie, secureCookies, serializeCookie } from "../../cookies.server.ts";
import { sessionOf } from "../account/session-context.server.ts";
import { type CartNotice, parseCartNotice } from "./cart-notice.ts";
import {
  CART_NOTICE_COOKIE,
  type CartSession,
  cartLocaleChanged,
  clearCartCookies,
  fetchCart,
  hasAnyCartCookie,
  readCartSession,
  sessionRejected,
} from "./cart-session.server.ts";

interface RequestCart {
  /** This request's cart, loaded at most once (layout and cart page share it); null without a session. */
  get(): Promise<CartView | null>;
  notice: CartNotice | null;
}

const cartContext = createContext<RequestCart>();

/**
 * Layout middleware: the cart of the request for the header count, the cart modal and the cart page.
 * Visitors without cart cookies cost no platform call; a rejected or other-language session is
 * cleared from the cookies (SPEC §4).
 */
export const cartMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const locale = localeFromPath(new URL(request.url).pathname);
  const setCookies: string[] = [];
  const session = readCartSession(request);
  let usable: CartSession | null = session;
  if (session && cartLocaleChanged(request, locale)) {
    setCookies.push(
      ...clearCartCookies(context),
      serializeCookie(COOKIE.locale, locale, secureCookies(context), { maxAge: LOCALE_COOKIE_MAX_AGE_S }),
    );
    usable = null;
  } else if (!session && hasAnyCartCookie(request)) {
    setCookies.push(...clearCartCookies(context));
  }
  const noticeValue = readCookie(request, CART_NOTICE_COOKIE);
  let pending: Promise<CartView | null> | undefined;
  context.set(cartContext, {
    get: () => {
      pending ??= (async () => {
        if (!usable) return null;
        const { platform } = await sessionOf(context);
        const result = await fetchCart(platform, usable);
        if (result.ok) return result.data;
        if (sessionRejected(result)) setCookies.push(...clearCartCookies(context));
        else console.warn(`[cart] cart not loaded: ${result.status} ${result.message}`);
        return null;
      })();
      return pending;
    },
    notice: parseCartNotice(noticeValue),
  });
  const response = await next();
  if (pending) await pending.catch(() => null);
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  // A redirect (a page moving to its canonical address) has not shown the notice yet.
  const redirected = response.status >= 300 && response.status < 400;
  if (noticeValue !== undefined && !redirected) {
    response.headers.append("Set-Cookie", serializeCookie(CART_NOTICE_COOKIE, "", secureCookies(context), { maxAge: 0 }));
  }
  return response;
};

export function cartOf(context: Readonly<RouterContextProvider>): Promise<CartView | null> {
  return context.get(cartContext).get();
}

export function cartNoticeOf(context: Readonly<RouterContextProvider>): CartNotice | null {
  return context.get(cartContext).notice;
}
