import type { AdminOrderAction, AdminOrderDetail } from "@shop/contracts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { returnCouponUse } from "../cart/index.ts";
import { returnStock } from "../catalog/index.ts";
import { findReceipt, issueStorno } from "../receipts/index.ts";
import { releaseVoucher } from "../vouchers/index.ts";
import { actionsOf, adminOrder } from "./admin-orders.service.ts";
import { attemptsOf, findOrderByCode, moveReservations, type OrderRow, releaseCouponUse } from "./orders.repository.ts";
import { accountActor, cancelUnpaid, ORDER_ERRORS, sendConfirmation } from "./orders.service.ts";
import { settleTransfer } from "./payments.service.ts";
import { refundOrder } from "./refunds.service.ts";
import { moveStatus } from "./transitions.ts";

const NOT_ALLOWED = "error.adminOrder.notAllowed";

const actorOf = (ctx: RequestCtx) => (ctx.user ? accountActor(ctx.user.id) : "staff");

/**
 * The order, if `action` is one its state allows now (the same `actionsOf` that lists them on its
 * page); another answers 409 with the reason in the staff member's language. Racing staff are
 * decided by each move's own guarded update.
 */
async function orderFor(ctx: RequestCtx, code: string, action: AdminOrderAction): Promise<OrderRow> {
  const order = await findOrderByCode(ctx.db, code);
  if (!order) throw new AppError("NOT_FOUND", ORDER_ERRORS.orderNotFound);
  if (!actionsOf(order).includes(action)) throw new AppError("CONFLICT", NOT_ALLOWED);
  return order;
}

/** A transfer staff saw on the account without importing the statement: the same settlement as an import. */
export async function markPaid(ctx: RequestCtx, code: string, reference: string | undefined): Promise<AdminOrderDetail> {
  const order = await orderFor(ctx, code, "markPaid");
  const attempt = (await attemptsOf(ctx.db, order.id)).at(-1);
  if (!attempt) throw new AppError("CONFLICT", NOT_ALLOWED);
  const settled = await settleTransfer(
    ctx,
    {
      orderNumber: order.number,
      amountCents: attempt.amount_cents,
      currency: attempt.currency,
      bankReference: `manual:${reference ?? ""}`,
    },
    "marked paid by staff",
    actorOf(ctx),
  );
  if (settled.result !== "paid") throw new AppError("CONFLICT", NOT_ALLOWED);
  return adminOrder(ctx, code);
}

async function moveFulfilment(ctx: RequestCtx, code: string, action: "readyForPickup" | "fulfil"): Promise<AdminOrderDetail> {
  const order = await orderFor(ctx, code, action);
  const moved = await withTransaction(ctx, async (tx) => {
    const now = new Date().toISOString();
    const to = action === "fulfil" ? "fulfilled" : "ready_for_pickup";
    if (!(await moveStatus(tx, order, "fulfilment", to, actorOf(tx), `staff: ${action}`, now))) return false;
    // Handed over and paid: nothing is left to do with it.
    if (to === "fulfilled" && order.payment_status === "paid")
      await moveStatus(tx, order, "order", "completed", actorOf(tx), "paid and handed over", now);
    return true;
  });
  if (!moved) throw new AppError("CONFLICT", NOT_ALLOWED);
  return adminOrder(ctx, code);
}

export const markReadyForPickup = (ctx: RequestCtx, code: string) => moveFulfilment(ctx, code, "readyForPickup");
export const fulfilOrder = (ctx: RequestCtx, code: string) => moveFulfilment(ctx, code, "fulfil");

/**
 * Cancels an order nobody has paid for, or one whose payment was refunded in full: its stock,
 * coupon and voucher use go back once, and a receipt already fiscalised (a transfer is receipted
 * when placed) is cancelled by a storno of what it has left. A paid order is refunded first.
 */
export async function cancelOrder(ctx: RequestCtx, code: string): Promise<AdminOrderDetail> {
  const order = await orderFor(ctx, code, "cancel");
  const done = await withTransaction(ctx, async (tx) => {
    const now = new Date().toISOString();
    const actor = actorOf(tx);
    if (order.payment_status === "refunded") {
      if (!(await moveStatus(tx, order, "order", "cancelled", actor, "cancelled by staff", now))) return false;
      for (const r of await moveReservations(tx.db, order.id, "committed", "released", now)) await returnStock(tx.db, r.product_id, r.qty);
      const couponId = await releaseCouponUse(tx.db, order.id, now);
      if (couponId !== null) await returnCouponUse(tx.db, couponId);
      await releaseVoucher(tx, order.id, now);
      return true;
    }
    if (!(await cancelUnpaid(tx, order.id, actor, "cancelled by staff", "voided", now))) return false;
    const receipt = await findReceipt(tx, order.id);
    if (receipt && receipt.total_cents > 0) await issueStorno(tx, { orderId: order.id, amountCents: receipt.total_cents });
    return true;
  });
  if (!done) throw new AppError("CONFLICT", NOT_ALLOWED);
  return adminOrder(ctx, code);
}

export async function refund(ctx: RequestCtx, code: string, input: { amountCents: number; reason?: string }): Promise<AdminOrderDetail> {
  await orderFor(ctx, code, "refund");
  await refundOrder(ctx, { orderCode: code, amountCents: input.amountCents, actor: actorOf(ctx), reason: input.reason });
  return adminOrder(ctx, code);
}

/** The confirmation again, with the slip, receipt and e-invoice as they stand now. */
export async function resendConfirmation(ctx: RequestCtx, code: string): Promise<AdminOrderDetail> {
  const order = await orderFor(ctx, code, "resendConfirmation");
  await withTransaction(ctx, async (tx) => sendConfirmation(tx, order, (await findReceipt(tx, order.id)) ?? null));
  return adminOrder(ctx, code);
}
