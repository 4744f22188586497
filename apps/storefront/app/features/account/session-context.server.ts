import { COOKIE, localeFromPath } from "@shop/contracts";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { shopContext } from "../../context.ts";
import { readCookie, secureCookies, serializeCookie } from "../../cookies.server.ts";
import { Platform } from "../../platform.server.ts";
import { abandonedCartCookies } from "../cart/cart-session.server.ts";
import { endGuest } from "../checkout/guest-user.server.ts";
import { getSession, type Session } from "./session.server.ts";

/** A one-shot message shown after a redirect (e.g. 'logged in'); its value is an i18n key. */
export const FLASH_COOKIE = "flash";
const FLASH_KEYS = new Set(["core.login.success", "core.notifications.emailChanged"]);

interface RequestSession {
  /** The session of this request, resolved at most once (root loader, guards and actions share it). */
  get(): Promise<Session>;
  /** The i18n key of a pending flash message, if any. */
  flash: string | null;
}

const sessionContext = createContext<RequestSession>();

/**
 * Root middleware: makes the session available to every loader and action of the request without
 * asking the platform twice, and adds the Set-Cookie headers a token refresh or a read flash needs.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const locale = localeFromPath(new URL(request.url).pathname);
  let pending: Promise<Session> | undefined;
  const flashValue = readCookie(request, FLASH_COOKIE);
  const flash = flashValue && FLASH_KEYS.has(flashValue) ? flashValue : null;
  context.set(sessionContext, {
    get: () => {
      pending ??= getSession(request, context, locale);
      return pending;
    },
    flash,
  });
  const response = await next();
  const alreadySet = (response.headers.get("set-cookie") ?? "").includes(`${COOKIE.accessToken}=`);
  // Tokens set by the page itself mean a login (a refresh is added below): SPEC §4 then fetches the abandoned cart.
  const loginToken = alreadySet ? newAccessToken(response) : undefined;
  if (loginToken) {
    const platform = new Platform(context.get(shopContext), locale, loginToken);
    for (const cookie of await abandonedCartCookies(request, context, platform, locale)) response.headers.append("Set-Cookie", cookie);
    // SPEC §6: a logged-in customer is no guest any more; their checkout starts from their account.
    for (const cookie of await endGuest(request, context, platform)) response.headers.append("Set-Cookie", cookie);
  }
  if (pending && !alreadySet) {
    const session = await pending;
    for (const cookie of session.setCookies) response.headers.append("Set-Cookie", cookie);
  }
  if (flashValue !== undefined && !response.headers.get("set-cookie")?.includes(`${FLASH_COOKIE}=`)) {
    response.headers.append("Set-Cookie", serializeCookie(FLASH_COOKIE, "", secureCookies(context), { maxAge: 0, httpOnly: false }));
  }
  return response;
};

function newAccessToken(response: Response): string | undefined {
  const prefix = `${COOKIE.accessToken}=`;
  for (const cookie of response.headers.getSetCookie()) {
    if (!cookie.startsWith(prefix)) continue;
    const value = cookie.slice(prefix.length).split(";")[0] ?? "";
    return value === "" ? undefined : decodeURIComponent(value);
  }
  return undefined;
}

export function sessionOf(context: Readonly<RouterContextProvider>): Promise<Session> {
  return context.get(sessionContext).get();
}

export function flashOf(context: Readonly<RouterContextProvider>): string | null {
  return context.get(sessionContext).flash;
}

/** Secure on https, as every cookie of the site (`secureCookies`). */
export function flashCookie(context: Readonly<RouterContextProvider>, key: string): string {
  return serializeCookie(FLASH_COOKIE, key, secureCookies(context), { maxAge: 60, httpOnly: false });
}
