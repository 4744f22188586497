import { COOKIE, type Locale, localeFromPath, localizedPath } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { type RouterContextProvider, redirect } from "react-router";
import { secureCookies, serializeCookie } from "../../cookies.server.ts";
import { loginPath } from "../account/guards.server.ts";
import { clearSessionCookies } from "../account/session.server.ts";
import { sessionOf } from "../account/session-context.server.ts";
import { NO_STORE } from "../checkout/checkout.server.ts";
import { failurePage } from "../errors/platform-failure.ts";
import { ACCOUNT_DELETED_PARAM } from "./account-deleted.ts";

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/**
 * GDPR Art. 15 and 20: the customer's data as a file to keep. Never cached (it is personal), and
 * a visitor who is not logged in goes to the login page, which brings them back here.
 */
export async function loadMyData({ request, context }: Args) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.searchParams.get("from") ?? "/");
  const session = await sessionOf(context);
  if (!session.user) throw redirect(loginPath(locale, localizedPath("profile", locale)));
  const result = await session.platform.call(api.user.exportData, {});
  if (!result.ok) throw failurePage(result, translator(locale));
  const day = result.data.exportedAt.slice(0, 10);
  return new Response(JSON.stringify(result.data, null, 2), {
    headers: {
      ...NO_STORE,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="my-data-${day}.json"`,
    },
  });
}

/** After the account is deleted: no session, cart, guest or card cookie of it stays in the browser. */
export function accountGoneCookies(context: Readonly<RouterContextProvider>): string[] {
  const secure = secureCookies(context);
  return [
    ...clearSessionCookies(context),
    ...[COOKIE.guestUser, COOKIE.memberCard, COOKIE.orderAccess].map((name) => serializeCookie(name, "", secure, { maxAge: 0 })),
  ];
}

export const accountGonePath = (locale: Locale) => `${localizedPath("content", locale)}?${ACCOUNT_DELETED_PARAM}=1`;
