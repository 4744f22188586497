import { redirect } from "react-router";
import { saveCookieChoice } from "../features/consents/cookies.server.ts";
import type { Route } from "./+types/accept-cookies";

/** The cookie banner's 'Accept all' and 'Only necessary' (SPEC §3 acceptedCookies). */
export function action(args: Route.ActionArgs) {
  return saveCookieChoice(args);
}

export function loader() {
  return redirect("/");
}
