import { type Locale, localeFromPath, localizedPath } from "@shop/contracts";
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

/** This browser's access to the order named by `orderSlug` (the token it kept when it placed it); null for any other code, or none. */
export function orderAccess(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const access = readOrderAccess(request);
  if (!access || access.code !== url.searchParams.get("orderSlug")) return null;
  return { url, locale, access, platform: platformFor(context, request, locale) };
}

/** The order itself; null when the platform knows no such order for this token. */
export async function readOrder({ locale, access, platform }: NonNullable<ReturnType<typeof orderAccess>>) {
  const result = await platform.call(api.checkout.getOrder, { params: { code: access.code }, body: { token: access.token } });
  if (result.ok) return result.data;
  if (isMissing(result)) return null;
  throw failurePage(result, translator(locale));
}

export const pageOf = (name: "checkoutSuccess" | "checkoutFailure", locale: Locale, code: string) =>
  `${localizedPath(name, locale)}?orderSlug=${encodeURIComponent(code)}`;

/**
 * SPEC §2 Checkout success: the order named by `orderSlug`, this browser's own. Any other code, or
 * no token, is 'order not found' (404): a code alone shows nobody an order. A card payment the
 * provider has not confirmed yet makes the page refresh itself a few times (`refresh`, no
 * JavaScript needed); a failed one goes to the failure page.
 */
export async function loadPlacedOrder(request: Request, context: Readonly<RouterContextProvider>) {
  const notFound = () => data({ order: null, confirming: null, branchHours: null, documents: [] }, { status: 404, headers: NO_STORE });
  const own = orderAccess(request, context);
  if (!own) return notFound();
  const { url, locale, access, platform } = own;
  const [order, documents] = await Promise.all([readOrder(own), loadOrderDocuments(platform, locale, access.code, access.token)]);
  if (!order) return notFound();
  const progress = paymentProgress(order);
  // The failure page says so and offers to pay again (or to go back to the checkout once it expired).
  if (progress === "failed") throw redirect(pageOf("checkoutFailure", locale, access.code), 303);
  const confirming = progress === "confirming" ? { refresh: nextCheck(url) } : null;
  // Written here, in the page's language: the words for every language stay out of the page's scripts.
  const hours = order.delivery?.branch?.hours;
  const branchHours = hours ? openingHoursLines(locale, hours) : null;
  return data({ order, confirming, branchHours, documents }, { headers: NO_STORE });
}

/**
 * A card payment the provider has not confirmed, or one staff must check (issue 25): never shown
 * as the success page. The page refreshes itself a few times and moves on once the payment is
 * settled either way.
 */
export async function loadPendingPayment(request: Request, context: Readonly<RouterContextProvider>) {
  const own = orderAccess(request, context);
  const order = own && (await readOrder(own));
  if (!own || !order) return data({ order: null, refresh: null }, { status: 404, headers: NO_STORE });
  const { url, locale, access } = own;
  const progress = paymentProgress(order);
  if (progress === "done") throw redirect(pageOf("checkoutSuccess", locale, access.code), 303);
  if (progress === "failed") throw redirect(pageOf("checkoutFailure", locale, access.code), 303);
  return data({ order, refresh: nextCheck(url) }, { headers: NO_STORE });
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
