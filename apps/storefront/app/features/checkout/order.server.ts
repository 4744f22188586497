import { localeFromPath, localizedPath } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { orderCodeParams, orderLinkBody } from "@shop/contracts/schemas/checkout.ts";
import { openingHoursLines, translator } from "@shop/i18n";
import { data, type RouterContextProvider, redirect } from "react-router";
import { platformFor } from "../../platform.server.ts";
import { failurePage, isMissing } from "../errors/platform-failure.ts";
import { NO_STORE } from "./checkout.server.ts";
import { orderAccessCookie, readOrderAccess } from "./checkout-cookies.server.ts";
import { loadOrderDocuments } from "./documents.server.ts";
import { nextCheck, paymentProgress } from "./payment-progress.ts";

/**
 * SPEC §2 Checkout success: the order named by `orderSlug`, read with the token this browser kept
 * when it placed it. Any other code, or no token, is 'order not found' (404): a code alone shows
 * nobody an order. A card payment the provider has not confirmed yet makes the page refresh itself
 * a few times (`refresh`, no JavaScript needed); a failed one goes to the failure page.
 */
export async function loadPlacedOrder(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const access = readOrderAccess(request);
  const notFound = () => data({ order: null, confirming: null, branchHours: null, documents: [] }, { status: 404, headers: NO_STORE });
  if (!access || access.code !== url.searchParams.get("orderSlug")) return notFound();
  const platform = platformFor(context, request, locale);
  const [result, documents] = await Promise.all([
    platform.call(api.checkout.getOrder, { params: { code: access.code }, body: { token: access.token } }),
    loadOrderDocuments(platform, locale, access.code, access.token),
  ]);
  if (!result.ok) {
    if (isMissing(result)) return notFound();
    throw failurePage(result, translator(locale));
  }
  const progress = paymentProgress(result.data);
  // The failure page says so and offers to pay again (or to go back to the checkout once it expired).
  if (progress === "failed")
    throw redirect(`${localizedPath("checkoutFailure", locale)}?orderSlug=${encodeURIComponent(access.code)}`, 303);
  const confirming = progress === "confirming" ? { refresh: nextCheck(url) } : null;
  // Written here, in the page's language: the words for every language stay out of the page's scripts.
  const hours = result.data.delivery?.branch?.hours;
  const branchHours = hours ? openingHoursLines(locale, hours) : null;
  return data({ order: result.data, confirming, branchHours, documents }, { headers: NO_STORE });
}

/**
 * The link in a guest's confirmation e-mail: the platform checks its signature and time and answers
 * the order's access token, which this browser keeps like the one that placed it; then the success
 * page shows the order. A link that opens nothing is 'order not found' (404).
 */
export async function openOrderLink(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  const query = Object.fromEntries(url.searchParams);
  const code = orderCodeParams.safeParse({ code: query.code });
  const body = orderLinkBody.safeParse(query);
  const notFound = () => data(null, { status: 404, headers: NO_STORE });
  if (!code.success || !body.success) return notFound();
  const answer = await platformFor(context, request, localeFromPath(url.pathname)).call(api.checkout.openLink, {
    params: code.data,
    body: body.data,
  });
  if (!answer.ok) {
    if (isMissing(answer)) return notFound();
    throw failurePage(answer, translator(localeFromPath(url.pathname)));
  }
  const headers = new Headers(NO_STORE);
  headers.append("Set-Cookie", orderAccessCookie(context, { code: code.data.code, token: answer.data.accessToken }));
  const success = `${localizedPath("checkoutSuccess", answer.data.locale)}?orderSlug=${encodeURIComponent(code.data.code)}`;
  return redirect(success, { status: 303, headers });
}
