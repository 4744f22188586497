import { localeFromPath, localizedPath, type OrderCreateAnswer } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { type RouterContextProvider, redirect } from "react-router";
import { platformFor } from "../../platform.server.ts";
import { formText } from "../forms/form-values.ts";
import { NO_STORE, providerFormShown } from "./checkout.server.ts";
import { readOrderAccess } from "./checkout-cookies.server.ts";
import type { CheckoutActionData } from "./checkout-data.ts";
import { allowWallet } from "./provider-form.server.ts";
import { WALLET_ORDER_FIELD } from "./wallet-fields.ts";

export type WalletAnswer = Extract<OrderCreateAnswer["html"], object>;

/**
 * The card wallet (SPEC §4 Payment submit, `html` as an object): the page that shows the provider's
 * button. The provider's script is loaded by ours (the CSP's strict-dynamic lets it in); its
 * frames and calls go to the provider's origin, which this page's CSP adds.
 */
export function walletShown(context: Readonly<RouterContextProvider>, orderSlug: string, wallet: WalletAnswer): CheckoutActionData {
  // The page after the order shows only this (the checkout's loader skips the closed cart).
  context.set(providerFormShown, true);
  allowWallet(context, wallet.scriptUrl);
  return { kind: "wallet", orderSlug, wallet };
}

/**
 * After the wallet's approval (or refusal) the page posts here: the platform asks the provider and
 * answers where to go (SPEC §7 order/pgSuccess). Only the browser holding the order's token may ask.
 */
export async function walletApproved(request: Request, context: Readonly<RouterContextProvider>, form: FormData): Promise<never> {
  const locale = localeFromPath(new URL(request.url).pathname);
  const access = readOrderAccess(request);
  if (!access || access.code !== formText(form, WALLET_ORDER_FIELD)) throw redirect(localizedPath("cart", locale), 303);
  const answer = await platformFor(context, request, locale).call(api.checkout.pgSuccess, {
    params: { code: access.code },
    body: { token: access.token, internalRedirect: true },
  });
  const failure = `${localizedPath("checkoutFailure", locale)}?orderSlug=${encodeURIComponent(access.code)}`;
  // Only our own pages: the answer is a path on this shop.
  const to = answer.ok && answer.data.url.startsWith("/") && !answer.data.url.startsWith("//") ? answer.data.url : failure;
  throw redirect(to, { status: 303, headers: NO_STORE });
}
