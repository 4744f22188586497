import { localeFromPath, localizedPath } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { data, type RouterContextProvider, redirect } from "react-router";
import { shopContext } from "../../context.ts";
import { platformFor } from "../../platform.server.ts";
import { NO_STORE } from "./checkout.server.ts";
import { readOrderAccess } from "./checkout-cookies.server.ts";
import { providerFormOrigin } from "./provider-form.ts";
import { walletShown } from "./wallet.server.ts";

/** The order the failure page is about: this browser's own (its token cookie) and named by `orderSlug`. */
function ownOrder(request: Request) {
  const url = new URL(request.url);
  const access = readOrderAccess(request);
  return access && access.code === url.searchParams.get("orderSlug") ? access : null;
}

/**
 * SPEC §2 Checkout failure: whether the card or wallet order this browser placed can still be paid (it waits
 * for its money and has not expired), so the page offers 'pay again' instead of an empty cart.
 */
export async function loadFailure(request: Request, context: Readonly<RouterContextProvider>) {
  const access = ownOrder(request);
  if (!access) return data({ payable: false }, { headers: NO_STORE });
  const locale = localeFromPath(new URL(request.url).pathname);
  const order = await platformFor(context, request, locale).call(api.checkout.getOrder, {
    params: { code: access.code },
    body: { token: access.token },
  });
  const payable = order.ok && order.data.status === "pending_payment" && ["card", "wallet"].includes(order.data.payment.kind);
  return data({ payable }, { headers: NO_STORE });
}

/** 'Pay again': a new attempt at the provider (the open one's form or wallet while it is open), shown as the checkout shows it. */
export async function payAgainAction(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const access = ownOrder(request);
  if (!access) throw redirect(localizedPath("cart", locale), 303);
  const answer = await platformFor(context, request, locale).call(api.checkout.payAgain, {
    params: { code: access.code },
    body: { token: access.token },
  });
  if (!answer.ok || !answer.data.html) throw redirect(`${url.pathname}${url.search}`, 303);
  if (typeof answer.data.html === "object")
    return data(walletShown(context, answer.data.orderSlug, answer.data.html), { headers: NO_STORE });
  const shop = context.get(shopContext);
  const origin = providerFormOrigin(answer.data.html, shop.publicUrl);
  if (origin) shop.csp.form.add(origin);
  return data({ kind: "provider" as const, html: answer.data.html }, { headers: NO_STORE });
}
