import { isValidInternalPath, type Locale, localeFromPath, localizedPath, type UserView } from "@shop/contracts";
import { type RouterContextProvider, redirect } from "react-router";
import { sessionOf } from "./session-context.server.ts";

interface GuardArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** SPEC §4: logged-in users on guest-only pages (login, register, forgot password) go home. */
export async function requireGuest({ request, context }: GuardArgs): Promise<void> {
  const session = await sessionOf(context);
  if (session.user) throw redirect(localizedPath("content", localeFromPath(new URL(request.url).pathname)));
}

/** SPEC §4: logged-out users on protected pages go to login; the page is remembered as the target. */
export async function requireUser({ request, context }: GuardArgs): Promise<UserView> {
  const session = await sessionOf(context);
  if (session.user) return session.user;
  const url = new URL(request.url);
  throw redirect(loginPath(localeFromPath(url.pathname), url.pathname));
}

export function loginPath(locale: Locale, target?: string): string {
  const path = localizedPath("login", locale);
  return target && isValidInternalPath(target) ? `${path}?redirect=${encodeURIComponent(target)}` : path;
}

/** The remembered target when it is a valid internal path (SPEC §5), else the home page. */
export function redirectTarget(value: unknown, locale: Locale): string {
  return isValidInternalPath(value) ? value : localizedPath("content", locale);
}
