import { isValidInternalPath, localeFromPath, type WishlistToggleAnswer } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { data, redirect } from "react-router";
import { loginPath } from "../features/account/guards.server.ts";
import { flashCookie, sessionOf } from "../features/account/session-context.server.ts";
import { failureKey } from "../features/errors/failure-key.ts";
import { failureStatus } from "../features/errors/platform-failure.ts";
import { formText } from "../features/forms/form-values.ts";
import { hasWishlist } from "../features/wishlist/wishlist.server.ts";
import { WISHLIST_JSON_ANSWER } from "../features/wishlist/wishlist-button.tsx";
import type { Route } from "./+types/wishlist-action";

const ID = /^[1-9]\d{0,9}$/;

/** The toggle has nothing to show on its own: a visit goes home. */
export function loader() {
  return redirect("/");
}

export type WishlistActionAnswer = WishlistToggleAnswer | { failed: string };

/**
 * SPEC §4 Wishlist toggle: adds the product if it is not on the list, removes it if it is. The
 * heart's script asks for the answer itself (and shows the toast); a plain form post is sent back
 * where it came from with the message as a flash toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const back = formText(form, "redirectTo");
  const target = isValidInternalPath(back) ? back : "/";
  const json = formText(form, "answer") === WISHLIST_JSON_ANSWER;
  const session = await sessionOf(context);
  if (!session.user) throw redirect(loginPath(localeFromPath(target), target), 303);
  const productId = formText(form, "productId");
  if (!hasWishlist(session.user) || !ID.test(productId)) {
    if (json) return data<WishlistActionAnswer>({ failed: "error.forbidden" }, { status: 400 });
    throw redirect(target, 303);
  }
  const result = await session.platform.call(api.wishlist.toggleItem, { body: { product_id: Number(productId) } });
  if (!result.ok) {
    if (json) return data<WishlistActionAnswer>({ failed: failureKey(result) }, { status: failureStatus(result) });
    throw redirect(target, 303);
  }
  if (json) return data<WishlistActionAnswer>(result.data);
  throw redirect(target, { status: 303, headers: { "Set-Cookie": flashCookie(context, result.data.message) } });
}
