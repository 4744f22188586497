import { DEFAULT_LOCALE, localizedPath } from "@shop/contracts";
import { redirect } from "react-router";
import { cartAction } from "../features/cart/cart-actions.server.ts";
import type { Route } from "./+types/cart-action";

/** POST /cart/action: every cart change (features/cart/cart-actions.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  // Another site's form must not fill or swap a visitor's cart (browsers say where a post comes from).
  if (request.headers.get("sec-fetch-site") === "cross-site") throw new Response("Forbidden", { status: 403 });
  return cartAction(request, context);
}

/** Only posts change the cart; a visit goes to the cart page. */
export function loader() {
  return redirect(localizedPath("cart", DEFAULT_LOCALE));
}
