import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { pagedSchema } from "../envelope.ts";
import { orderCodeParams } from "../schemas/checkout.ts";
import { myOrdersBody } from "../schemas/my-orders.ts";
import { orderCreateAnswer, orderView } from "./checkout.ts";

/** Answers of the customer's order history (SPEC §2 Profile: order count, my orders, order details). */

export const myOrderSummary = z.object({
  code: z.string(),
  number: z.string(),
  createdAt: z.string(),
  currency: z.string(),
  total: z.number(),
  status: z.string(),
  paymentStatus: z.string(),
  fulfilmentStatus: z.string(),
});
export type MyOrderSummary = z.infer<typeof myOrderSummary>;

export const myOrderList = pagedSchema(myOrderSummary);
export type MyOrderList = z.infer<typeof myOrderList>;

export const orderHistoryEntry = z.object({
  axis: z.enum(["order", "payment", "fulfilment"]),
  from: z.string().nullable(),
  to: z.string(),
  at: z.string(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntry>;

export const myOrderView = orderView.extend({
  /** Every status change, oldest first. */
  history: z.array(orderHistoryEntry),
  /** A card order still waiting for its money: 'pay again' applies. */
  payable: z.boolean(),
});
export type MyOrderView = z.infer<typeof myOrderView>;

const tag = "orders";

/**
 * The logged-in customer's own orders, by code. Another customer's code answers exactly like one
 * that does not exist (404).
 */
export const myOrdersApi = {
  filter: endpoint({
    method: "POST",
    path: "/v2/order/web/filter",
    summary: "A page of the logged-in customer's orders, newest first; pagination.total is the order count",
    tag,
    access: "user",
    body: myOrdersBody,
    answer: myOrderList,
  }),
  get: endpoint({
    method: "GET",
    path: "/v2/order/web/get/:code",
    summary: "One of the logged-in customer's orders with its lines, VAT, status history and payment",
    tag,
    access: "user",
    params: orderCodeParams,
    answer: myOrderView,
  }),
  payAgain: endpoint({
    method: "POST",
    path: "/v2/order/web/payAgain/:code",
    summary: "'Pay again' for the logged-in customer's unpaid card order: its provider form (as /v2/order/payAgain)",
    tag,
    access: "user",
    params: orderCodeParams,
    answer: orderCreateAnswer,
  }),
} as const;
