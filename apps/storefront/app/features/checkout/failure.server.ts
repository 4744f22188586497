import { localeFromPath, localizedPath } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { data, type RouterContextProvider, redirect } from "react-router";
import { NO_STORE } from "./checkout.server.ts";
import { orderAccess, pageOf, readOrder } from "./order.server.ts";
import { allowProviderForm } from "./provider-form.server.ts";
import { walletShown } from "./wallet.server.ts";

/**
 * SPEC §2 Checkout failure: whether the card or wallet order this browser placed can still be paid (it waits
 * for its money and has not expired), so the page offers 'pay again' instead of an empty cart. An
 * order paid meanwhile (the provider's word came after all) goes to the success page.
 */
export async function loadFailure(request: Request, context: Readonly<RouterContextProvider>) {
  const own = orderAccess(request, context);
  const order = own && (await readOrder(own));
  if (!own || !order) return data({ payable: false }, { headers: NO_STORE });
  if (order.paymentStatus === "paid") throw redirect(pageOf("checkoutSuccess", own.locale, own.access.code), 303);
  const payable = order.status === "pending_payment" && ["card", "wallet"].includes(order.payment.kind);
  return data({ payable }, { headers: NO_STORE });
}

/** 'Pay again': a new attempt at the provider (the open one's form or wallet while it is open), shown as the checkout shows it. */
export async function payAgainAction(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const own = orderAccess(request, context);
  if (!own) throw redirect(localizedPath("cart", locale), 303);
  const { access, platform } = own;
  const answer = await platform.call(api.checkout.payAgain, { params: { code: access.code }, body: { token: access.token } });
  if (!answer.ok || !answer.data.html) throw redirect(`${url.pathname}${url.search}`, 303);
  if (typeof answer.data.html === "object")
    return data(walletShown(context, answer.data.orderSlug, answer.data.html), { headers: NO_STORE });
  allowProviderForm(context, answer.data.html);
  return data({ kind: "provider" as const, html: answer.data.html }, { headers: NO_STORE });
}
