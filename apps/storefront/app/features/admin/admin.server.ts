import {
  type AnswerOf,
  type CallInput,
  DEFAULT_LOCALE,
  type EndpointDef,
  isValidInternalPath,
  type Locale,
  type NoInput,
  type StaffNeed,
  SYSTEM_ROUTES,
  staffMay,
  toLocale,
  type UserView,
} from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { data, type RouterContextProvider, redirect } from "react-router";
import { shopContext } from "../../context.ts";
import { type ApiResult, Platform } from "../../platform.server.ts";
import { clearSessionCookies } from "../account/session.server.ts";
import { sessionOf } from "../account/session-context.server.ts";
import { failureStatus } from "../errors/platform-failure.ts";
import { type AdminSection, sectionOf } from "./sections.ts";

interface AdminArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

export interface Staff {
  user: UserView;
  platform: Platform;
  /** SPEC §6: the admin speaks the user's own language setting, not the address's. */
  locale: Locale;
  section: AdminSection;
}

/** The admin's language: the staff user's own setting. */
export function adminLocale(user: UserView | null): Locale {
  return toLocale(user?.language) ?? DEFAULT_LOCALE;
}

export function adminLoginPath(target?: string): string {
  return target && isValidInternalPath(target)
    ? `${SYSTEM_ROUTES.adminLogin}?redirect=${encodeURIComponent(target)}`
    : SYSTEM_ROUTES.adminLogin;
}

type CallArgs<E extends EndpointDef> = NoInput<E> extends true ? [input?: CallInput<E>] : [input: CallInput<E>];

/**
 * A platform call of an admin page. SPEC §6: when the platform refuses the session as staff (403
 * FORBIDDEN: a customer's session, or a role taken away) the admin is logged out once and sent to
 * the staff login, which tries the page once more after logging in (the page is its target); a 403
 * for a missing scope is the page's own 403 page, and nobody is logged out.
 */
export async function adminCall<E extends EndpointDef>(
  { request, context }: AdminArgs,
  platform: Platform,
  endpoint: E,
  ...args: CallArgs<E>
): Promise<ApiResult<AnswerOf<E>>> {
  const result = await platform.call(endpoint, ...args);
  if (result.ok || result.status !== 403) return result;
  if (result.error.code === "FORBIDDEN") {
    const url = new URL(request.url);
    const headers = new Headers();
    for (const cookie of clearSessionCookies(context)) headers.append("Set-Cookie", cookie);
    throw redirect(adminLoginPath(url.pathname), { headers });
  }
  throw data(result.message, { status: 403 });
}

/**
 * The staff member of an admin page, as the platform knows them now (their role may have changed
 * since the page before). Nobody logged in goes to the staff login and comes back after it; staff
 * whose role lacks the page's section (or `need`) get a 403 page saying so.
 */
export async function requireStaff(args: AdminArgs, need?: StaffNeed): Promise<Staff> {
  const url = new URL(args.request.url);
  const session = await sessionOf(args.context);
  if (!session.user) throw redirect(adminLoginPath(url.pathname));
  const locale = adminLocale(session.user);
  const platform = new Platform(args.context.get(shopContext), locale, session.accessToken);
  const me = await adminCall(args, platform, api.auth.backofficeProfile);
  if (!me.ok) throw data(me.message, { status: failureStatus(me) });
  const section = sectionOf(url.pathname);
  if (!staffMay(me.data.staff, need ?? section.need)) throw data(translator(locale)("admin.forbidden.text"), { status: 403 });
  return { user: me.data, platform, locale, section };
}
