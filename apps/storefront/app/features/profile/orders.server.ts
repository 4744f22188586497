import { localeFromPath, PAGINATION } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { orderCodeParams } from "@shop/contracts/schemas/checkout.ts";
import { translator } from "@shop/i18n";
import { data, type RouterContextProvider, redirect } from "react-router";
import { requireUser } from "../account/guards.server.ts";
import { sessionOf } from "../account/session-context.server.ts";
import { NO_STORE } from "../checkout/checkout.server.ts";
import { orderAccessCookie } from "../checkout/checkout-cookies.server.ts";
import { loadOrderDocuments } from "../checkout/documents.server.ts";
import { allowProviderForm } from "../checkout/provider-form.server.ts";
import { walletShown } from "../checkout/wallet.server.ts";
import { failurePage, isMissing } from "../errors/platform-failure.ts";

/**
 * SPEC §2 Profile: my orders (paged, newest first) and one order's details, for the logged-in
 * customer only. Another customer's order code is 'not found', like a code no order has.
 */

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { code?: string };
}

/** The page the address asks for; anything but a positive whole number is the first. */
function pageOf(url: URL): number {
  const page = Number(url.searchParams.get("page") ?? PAGINATION.defaultPage);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : PAGINATION.defaultPage;
}

export async function loadMyOrders(args: Args) {
  await requireUser(args);
  const url = new URL(args.request.url);
  const locale = localeFromPath(url.pathname);
  const { platform } = await sessionOf(args.context);
  const page = pageOf(url);
  const result = await platform.call(api.myOrders.filter, { body: { page, limit: PAGINATION.defaultLimit } });
  if (!result.ok) throw failurePage(result, translator(locale));
  // A page past the end (an old link, fewer orders now) shows the last one.
  const { lastPage } = result.data.pagination;
  if (page > lastPage) throw redirect(lastPage === 1 ? url.pathname : `${url.pathname}?page=${lastPage}`);
  return data({ orders: result.data }, { headers: NO_STORE });
}

/** The number the profile shows: the list's total, asked for with the smallest page. */
export async function countMyOrders(args: Omit<Args, "params">): Promise<number | null> {
  const { platform } = await sessionOf(args.context);
  const result = await platform.call(api.myOrders.filter, { body: { page: 1, limit: 1 } });
  return result.ok ? result.data.pagination.total : null;
}

const notFound = () => data(null, { status: 404, headers: NO_STORE });

export async function loadMyOrder(args: Args) {
  await requireUser(args);
  const locale = localeFromPath(new URL(args.request.url).pathname);
  const params = orderCodeParams.safeParse({ code: args.params.code });
  if (!params.success) throw notFound();
  const { platform } = await sessionOf(args.context);
  const [result, documents] = await Promise.all([
    platform.call(api.myOrders.get, { params: params.data }),
    loadOrderDocuments(platform, locale, params.data.code),
  ]);
  if (!result.ok) throw isMissing(result) ? notFound() : failurePage(result, translator(locale));
  return data({ order: result.data, documents }, { headers: NO_STORE });
}

/** 'Pay again' (the checkout's payAgain): the provider's form or wallet, shown as the checkout shows them; or back to the order, saying it failed. */
export async function payMyOrderAgain(args: Args) {
  await requireUser(args);
  const url = new URL(args.request.url);
  const params = orderCodeParams.safeParse({ code: args.params.code });
  if (!params.success) throw notFound();
  const { platform } = await sessionOf(args.context);
  const answer = await platform.call(api.myOrders.payAgain, { params: params.data });
  if (!answer.ok && isMissing(answer)) throw notFound();
  if (!answer.ok || !answer.data.html) throw redirect(`${url.pathname}?payAgain=failed`, 303);
  if (typeof answer.data.html === "object") {
    // The wallet's outcome is posted with the order's token, as after the checkout.
    const headers = new Headers(NO_STORE);
    headers.append("Set-Cookie", orderAccessCookie(args.context, { code: answer.data.orderSlug, token: answer.data.accessToken }));
    return data(walletShown(args.context, answer.data.orderSlug, answer.data.html), { headers });
  }
  allowProviderForm(args.context, answer.data.html);
  return data({ kind: "provider" as const, html: answer.data.html }, { headers: NO_STORE });
}
