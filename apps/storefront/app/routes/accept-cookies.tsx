import { COOKIE, COOKIE_CATEGORIES, isValidInternalPath } from "@shop/contracts";
import { data, redirect } from "react-router";
import { shopContext } from "../context.ts";
import { serializeCookie } from "../features/account/session.server.ts";
import { formText } from "../features/forms/form-values.ts";
import type { Route } from "./+types/accept-cookies";

const YEAR_S = 365 * 24 * 3600;

/** Where to go back to: a same-site path (query kept), else home. */
function backTo(value: string): string {
  try {
    const url = new URL(value, "http://site.invalid");
    if (url.origin === "http://site.invalid" && isValidInternalPath(url.pathname)) return `${url.pathname}${url.search}`;
  } catch {
    // fall through
  }
  return "/";
}

/** Accepts cookies (SPEC §3 acceptedCookies: necessary, marketing, analytics) for 365 days. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const categories = formText(form, "categories") === "necessary" ? ["necessary"] : [...COOKIE_CATEGORIES];
  const secure = context.get(shopContext).publicUrl.startsWith("https://");
  const headers = {
    "Set-Cookie": serializeCookie(COOKIE.acceptedCookies, categories.join(","), secure, { maxAge: YEAR_S, httpOnly: false }),
  };
  // A fetcher (JavaScript) wants data; a plain form post goes back to the page it came from.
  if (request.headers.get("accept")?.includes("text/html")) throw redirect(backTo(formText(form, "redirectTo")), { headers });
  return data({ ok: true }, { headers });
}

export function loader() {
  return redirect("/");
}
