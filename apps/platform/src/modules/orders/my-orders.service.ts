import { type MyOrderList, type MyOrdersBody, type MyOrderView, makePagination, type OrderCreateAnswer } from "@shop/contracts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { toEur } from "../catalog/index.ts";
import { loadUserView } from "../user/index.ts";
import { countUserOrders, findUserOrder, type OrderOwner, pageOfUserOrders } from "./my-orders.repository.ts";
import { type OrderRow, orderHistory } from "./orders.repository.ts";
import { accessTokenOf, getOrder, getPaymentSlip, ORDER_ERRORS, payAgain } from "./orders.service.ts";

/**
 * The logged-in customer's orders (SPEC §2 Profile: order count, my orders, order details). An order
 * is the customer's when it was placed logged in to this account, or as a guest with the e-mail the
 * account has confirmed; reading one goes through the same code as the success page, with the
 * access token its owner is entitled to.
 */

export async function currentOwner(ctx: RequestCtx): Promise<OrderOwner> {
  const user = ctx.user && (await loadUserView(ctx.db, ctx.user.id));
  if (!user) throw new AppError("UNAUTHORIZED", "error.unauthorized");
  return { userId: user.id, verifiedEmail: user.emailVerified ? user.email : null };
}

/** One of the customer's orders; another customer's code is refused exactly like a missing one. */
async function ownOrder(ctx: RequestCtx, code: string): Promise<OrderRow> {
  const order = await findUserOrder(ctx.db, await currentOwner(ctx), code);
  if (!order) throw new AppError("NOT_FOUND", ORDER_ERRORS.orderNotFound);
  return order;
}

export async function filterMyOrders(ctx: RequestCtx, body: MyOrdersBody): Promise<MyOrderList> {
  const owner = await currentOwner(ctx);
  const [total, rows] = await Promise.all([
    countUserOrders(ctx.db, owner),
    pageOfUserOrders(ctx.db, owner, body.limit, (body.page - 1) * body.limit),
  ]);
  return {
    records: rows.map((o) => ({
      code: o.code,
      number: o.number,
      createdAt: o.created_at,
      currency: o.currency,
      total: toEur(o.total_cents),
      status: o.status,
      paymentStatus: o.payment_status,
      fulfilmentStatus: o.fulfilment_status,
    })),
    pagination: makePagination(body.page, body.limit, total),
  };
}

export async function getMyOrder(ctx: RequestCtx, code: string): Promise<MyOrderView> {
  const own = await ownOrder(ctx, code);
  const [order, history] = await Promise.all([getOrder(ctx, own.code, accessTokenOf(ctx, own.code)), orderHistory(ctx.db, own.id)]);
  return {
    ...order,
    history: history.map((h) => ({ axis: h.axis, from: h.from_status, to: h.to_status, at: h.created_at })),
    // As payAgain decides: a card or wallet order still waiting for its money, with a provider to pay at.
    payable: (own.payment_kind === "card" || own.payment_kind === "wallet") && own.status === "pending_payment" && ctx.payments !== null,
  };
}

export async function payMyOrderAgain(ctx: RequestCtx, code: string): Promise<OrderCreateAnswer> {
  const own = await ownOrder(ctx, code);
  return payAgain(ctx, own.code, accessTokenOf(ctx, own.code));
}

export async function myPaymentSlip(ctx: RequestCtx, code: string) {
  const own = await ownOrder(ctx, code);
  return getPaymentSlip(ctx, own.code, accessTokenOf(ctx, own.code));
}
