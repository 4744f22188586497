import { saveCookieChoice, settingsRedirect } from "../features/consents/cookies.server.ts";
import type { Route } from "./+types/cookie-settings";

/** The cookie settings' choice per category; withdrawing goes through here as easily as giving. */
export function action(args: Route.ActionArgs) {
  return saveCookieChoice(args);
}

export function loader({ request }: Route.LoaderArgs) {
  return settingsRedirect(request);
}
