import type { AccountExport } from "@shop/contracts";
import { type MyOrderList, type MyOrdersBody, type MyOrderView, makePagination, type OrderCreateAnswer } from "@shop/contracts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { ANONYMISED } from "../../shared/anonymised.ts";
import { toEur } from "../catalog/index.ts";
import { loadUserView } from "../user/index.ts";
import {
  allUserOrders,
  anonymiseOrder,
  anonymiseOrderTrail,
  countUserOrders,
  findUserOrder,
  type OrderOwner,
  pageOfUserOrders,
} from "./my-orders.repository.ts";
import { type OrderRow, orderHistory, orderLines } from "./orders.repository.ts";
import { accessTokenOf, accountActor, getOrder, ORDER_ERRORS, parseJson, payAgain, searchTextOf } from "./orders.service.ts";

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

/** The owner's orders with their lines, as the data export shows them. */
export async function exportOrders(ctx: RequestCtx, owner: OrderOwner): Promise<AccountExport["orders"]> {
  const orders = await allUserOrders(ctx.db, owner);
  return Promise.all(
    orders.map(async (o) => ({
      number: o.number,
      code: o.code,
      createdAt: o.created_at,
      status: o.status,
      paymentStatus: o.payment_status,
      email: o.email,
      currency: o.currency,
      totalCents: o.total_cents,
      taxCents: o.tax_cents,
      delivery: o.delivery_name,
      payment: o.payment_name,
      customer: parseJson<unknown>(o.customer, {}),
      note: o.note,
      lines: (await orderLines(ctx.db, o.id)).map((l) => ({
        name: l.name,
        sku: l.sku,
        qty: l.qty,
        unitCents: l.unit_cents,
        vatRate: l.vat_rate,
      })),
    })),
  );
}

/**
 * Orders are kept for the accounting act's 11 years (number, amounts, VAT, lines, payment,
 * receipt), so a deleted account's orders lose only what names the person: the account, e-mail,
 * addresses, phone, the note and the membership card. A company purchase keeps the company's name
 * and OIB: the R1 receipt must show the buyer, and a company is no natural person.
 */
export async function anonymiseOrders(ctx: RequestCtx, owner: OrderOwner): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const orders = await allUserOrders(tx.db, owner);
    const now = new Date().toISOString();
    for (const order of orders) {
      const { company } = parseJson<{ company?: { companyName: string; oib: string } | null }>(order.customer, {});
      const customer = JSON.stringify({
        delivery: null,
        billing: null,
        company: company ? { companyName: company.companyName, oib: company.oib } : null,
      });
      const searchText = searchTextOf({ number: order.number, code: order.code, email: ANONYMISED.email, customer });
      await anonymiseOrder(tx.db, order.id, { email: ANONYMISED.email, customer, searchText, now });
    }
    await anonymiseOrderTrail(
      tx.db,
      orders.map((o) => o.id),
      { customerKey: ANONYMISED.customerKey, accountActor: accountActor(owner.userId), actor: ANONYMISED.actor },
    );
  });
}
