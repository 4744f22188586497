import { COOKIE, DEFAULT_LOCALE, isLocale, localizedPath } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { redirect } from "react-router";
import { shopContext } from "../context.ts";
import { readCookie } from "../cookies.server.ts";
import { clearSessionCookies } from "../features/account/session.server.ts";
import { formText } from "../features/forms/form-values.ts";
import { Platform } from "../platform.server.ts";
import type { Route } from "./+types/logout";

/**
 * SPEC §4: logout revokes the refresh token, clears tokens and the cart session, goes to the home
 * page of the visitor's language and shows the logout message there.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const value = formText(form, "locale");
  const locale = isLocale(value) ? value : DEFAULT_LOCALE;
  const refreshToken = readCookie(request, COOKIE.refreshToken);
  if (refreshToken) {
    const result = await new Platform(context.get(shopContext), locale).call(api.auth.logout, { body: { refreshToken } });
    if (!result.ok) console.warn(`[logout] refresh token not revoked: ${result.message}`);
  }
  const headers = new Headers();
  for (const cookie of clearSessionCookies(context)) headers.append("Set-Cookie", cookie);
  throw redirect(`${localizedPath("content", locale)}?loggedOut=1`, { headers });
}

/** Logging out changes state, so only a POST does it; a visit just goes home. */
export function loader() {
  return redirect("/");
}
