import type { DomainListAnswer } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import type { RouterContextProvider } from "react-router";
import { shopContext } from "../../context.ts";
import { readCookie, secureCookies, serializeCookie } from "../../cookies.server.ts";
import { adminCall, type Staff } from "../admin/admin.server.ts";

/** The domain a staff session prefers (SPEC §7 set-domain): a session cookie, outside production only. */
export const DOMAIN_COOKIE = "adminDomain";

/** What the admin layout shows outside production (SPEC §2): the version badge and the domain list. */
export interface DevTools {
  version: string;
  tag: string | null;
  domains: DomainListAnswer["domains"];
  /** The domain PUBLIC_URL forces. */
  forced: string;
  /** The domain this page was asked for. */
  current: string;
  /** The session's chosen domain, else the forced one (what is in effect without a choice). */
  selected: string;
}

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

export function isProduction(context: Readonly<RouterContextProvider>): boolean {
  return context.get(shopContext).production;
}

/** Null in production, or when the platform does not answer them (the admin works on without its tools). */
export async function loadDevTools(args: Args, staff: Staff): Promise<DevTools | null> {
  if (isProduction(args.context)) return null;
  const [tag, domains] = await Promise.all([
    adminCall(args, staff.platform, api.tools.latestTag),
    adminCall(args, staff.platform, api.tools.getDomain),
  ]);
  if (!tag.ok || !domains.ok) return null;
  const chosen = readCookie(args.request, DOMAIN_COOKIE);
  const known = domains.data.domains.some((d) => d.domain === chosen);
  return {
    version: tag.data.version,
    tag: tag.data.tag_name,
    domains: domains.data.domains,
    forced: domains.data.forced,
    current: new URL(args.request.url).host,
    selected: chosen && known ? chosen : domains.data.forced,
  };
}

/** For this browser session only: no Max-Age, so it ends with the session. */
export function domainCookie(context: Readonly<RouterContextProvider>, domain: string): string {
  return serializeCookie(DOMAIN_COOKIE, domain, secureCookies(context));
}
