import { COOKIE } from "@shop/contracts";
import { orderAccessBody, orderCodeParams } from "@shop/contracts/schemas/checkout.ts";
import type { RouterContextProvider } from "react-router";
import { readCookie, secureCookies, serializeCookie } from "../../cookies.server.ts";

/**
 * The checkout's own cookies, httpOnly like the cart's: the token that reads the order just placed
 * (never in the address, so a shared success link shows nobody the order), and the consents ticked
 * on the address step.
 */

/** Long enough to come back from the card provider's page (an unpaid card order expires sooner). */
const ORDER_ACCESS_MAX_AGE_S = 24 * 3600;
const CONSENTS_MAX_AGE_S = 24 * 3600;

export interface OrderAccess {
  code: string;
  token: string;
}

export function orderAccessCookie(context: Readonly<RouterContextProvider>, access: OrderAccess): string {
  return serializeCookie(COOKIE.orderAccess, `${access.code}.${access.token}`, secureCookies(context), { maxAge: ORDER_ACCESS_MAX_AGE_S });
}

/** The order this browser may read, or null when the cookie is missing or not one of ours. */
export function readOrderAccess(request: Request): OrderAccess | null {
  const [code = "", token = "", ...rest] = (readCookie(request, COOKIE.orderAccess) ?? "").split(".");
  if (rest.length > 0 || !orderCodeParams.safeParse({ code }).success || !orderAccessBody.safeParse({ token }).success) return null;
  return { code, token };
}

export function checkoutConsentsCookie(context: Readonly<RouterContextProvider>, consentIds: readonly number[]): string {
  return serializeCookie(COOKIE.checkoutConsents, consentIds.join(","), secureCookies(context), { maxAge: CONSENTS_MAX_AGE_S });
}

export function clearCheckoutConsents(context: Readonly<RouterContextProvider>): string {
  return serializeCookie(COOKIE.checkoutConsents, "", secureCookies(context), { maxAge: 0 });
}

/** Ids of the consents ticked on the address step; the page offers them ticked again only among those it shows. */
export function readCheckoutConsents(request: Request): number[] {
  return (readCookie(request, COOKIE.checkoutConsents) ?? "")
    .split(",")
    .filter((id) => /^[1-9]\d{0,9}$/.test(id))
    .map(Number);
}
