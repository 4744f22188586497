import { parseCookie, stringifySetCookie } from "cookie";
import type { RouterContextProvider } from "react-router";
import { shopContext } from "./context.ts";

/**
 * Cookies of the storefront, read and written with the `cookie` package. A value that does not
 * decode (`accessToken=%`) is as good as absent: it never fails a page.
 */

const parsed = new WeakMap<Request, Record<string, string | undefined>>();

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** One cookie of the request; undefined when missing or malformed. Parsed once per request. */
export function readCookie(request: Request, name: string): string | undefined {
  let cookies = parsed.get(request);
  if (!cookies) {
    cookies = parseCookie(request.headers.get("cookie") ?? "", { decode: safeDecode });
    parsed.set(request, cookies);
  }
  return cookies[name];
}

/** Names of the cookies the browser sent. */
export function cookieNames(request: Request): string[] {
  return Object.keys(parseCookie(request.headers.get("cookie") ?? "", { decode: safeDecode }));
}

export interface CookieOptions {
  maxAge?: number;
  httpOnly?: boolean;
  /** Sent along with other sites' requests too (only Apple's social login callback needs it); always Secure. */
  crossSite?: boolean;
}

/** A Set-Cookie value for the whole site, Lax, httpOnly unless the page's scripts must read it. */
export function serializeCookie(name: string, value: string, secure: boolean, opts: CookieOptions = {}): string {
  return stringifySetCookie({
    name,
    value,
    path: "/",
    sameSite: opts.crossSite ? "none" : "lax",
    maxAge: opts.maxAge,
    httpOnly: opts.httpOnly ?? true,
    // Browsers drop SameSite=None without Secure (they take Secure from http://localhost too).
    secure: secure || opts.crossSite === true,
  });
}

/** Secure cookies only where the site is served over https (npm start on localhost is http). */
export function secureCookies(context: Readonly<RouterContextProvider>): boolean {
  return context.get(shopContext).publicUrl.startsWith("https://");
}
