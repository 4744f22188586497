import { type CheckoutState, COOKIE, DEFAULT_COOKIE_MAX_AGE_S } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import type { RouterContextProvider } from "react-router";
import { readCookie, secureCookies, serializeCookie } from "../../cookies.server.ts";
import type { Platform } from "../../platform.server.ts";
import type { CartSession } from "../cart/cart-session.server.ts";

/**
 * The guest user of SPEC §3/§6 (found by the cookie guestUser): a guest's saved address step is kept
 * by the platform under a random token that only this httpOnly cookie holds (SPEC §9 default maxAge,
 * 30 days, renewed by each checkout), and the next checkout's address step starts from it. A login
 * ends it; a token the platform does not know simply prefills nothing.
 */

/** After a guest's address step: the cookie with the platform's token, or null when it could not be kept (the checkout goes on). */
export async function rememberGuest(
  request: Request,
  context: Readonly<RouterContextProvider>,
  platform: Platform,
  session: CartSession,
): Promise<string | null> {
  const result = await platform.call(api.guests.rememberGuest, {
    body: { ...session, guestToken: readCookie(request, COOKIE.guestUser) },
  });
  if (!result.ok) return null;
  return serializeCookie(COOKIE.guestUser, result.data.guestToken, secureCookies(context), { maxAge: DEFAULT_COOKIE_MAX_AGE_S });
}

/** What this browser's guest entered last, as the cart's checkout would hold it; the cart's own state when there is none. */
export async function guestPrefill(request: Request, platform: Platform, state: CheckoutState): Promise<CheckoutState> {
  const guestToken = readCookie(request, COOKIE.guestUser);
  if (!guestToken || state.delivery !== null) return state;
  const result = await platform.call(api.guests.guestDetails, { body: { guestToken } });
  return result.ok && result.data ? { ...state, ...result.data } : state;
}

/** A login ends the guest: the platform forgets it and the cookie goes. */
export async function endGuest(request: Request, context: Readonly<RouterContextProvider>, platform: Platform): Promise<string[]> {
  const guestToken = readCookie(request, COOKIE.guestUser);
  if (guestToken === undefined) return [];
  await platform.call(api.guests.forgetGuest, { body: { guestToken } });
  return [serializeCookie(COOKIE.guestUser, "", secureCookies(context), { maxAge: 0 })];
}
