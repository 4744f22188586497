import { z } from "zod";
import { FULFILMENT_STATUS, ORDER_STATUS, PAYMENT_STATUS } from "../constants.ts";
import { endpoint } from "../endpoint.ts";
import { pagedSchema } from "../envelope.ts";
import {
  adminOrderFilters,
  adminOrderListBody,
  adminOrderParams,
  markPaidBody,
  PAYMENT_KINDS,
  refundBody,
} from "../schemas/admin-orders.ts";
import { documentIdParams } from "../schemas/documents.ts";
import { orderView } from "./checkout.ts";
import { documentFile, documentView } from "./documents.ts";

/** What staff may do with an order now: only the moves its state tables allow (platform orders/order-states.ts). */
export const ADMIN_ORDER_ACTIONS = ["markPaid", "readyForPickup", "fulfil", "cancel", "refund", "resendConfirmation"] as const;
export type AdminOrderAction = (typeof ADMIN_ORDER_ACTIONS)[number];

export const adminOrderRow = z.object({
  code: z.string(),
  number: z.string(),
  createdAt: z.string(),
  /** The buyer's name, and the company of an R1 purchase. */
  customer: z.string(),
  company: z.string().nullable(),
  email: z.string(),
  totalCents: z.number().int(),
  currency: z.string(),
  status: z.enum(ORDER_STATUS),
  paymentStatus: z.enum(PAYMENT_STATUS),
  fulfilmentStatus: z.enum(FULFILMENT_STATUS),
  paymentKind: z.enum(PAYMENT_KINDS),
  paymentName: z.string(),
  branch: z.string().nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRow>;

const frozenAddress = z.object({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  street: z.string().optional(),
  houseNumber: z.string().optional(),
  zipCode: z.string().optional(),
  city: z.string().optional(),
  country: z.string().optional(),
  contactPhone: z.string().optional(),
  contactEmail: z.string().optional(),
});

export const adminOrderDetail = z.object({
  order: orderView,
  note: z.string(),
  addresses: z.object({ delivery: frozenAddress.nullable(), billing: frozenAddress.nullable() }),
  history: z.array(
    z.object({
      axis: z.enum(["order", "payment", "fulfilment"]),
      from: z.string().nullable(),
      to: z.string(),
      actor: z.string(),
      at: z.string(),
    }),
  ),
  payments: z.array(
    z.object({
      provider: z.string(),
      number: z.string(),
      status: z.string(),
      amountCents: z.number().int(),
      refundedCents: z.number().int(),
      approvalCode: z.string().nullable(),
      transactionId: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  receipt: z
    .object({ number: z.string(), status: z.string(), zki: z.string(), jir: z.string().nullable(), issuedAt: z.string() })
    .nullable(),
  alerts: z.array(z.object({ kind: z.string(), detail: z.string(), createdAt: z.string(), resolvedAt: z.string().nullable() })),
  /** The order's documents (receipt, stornos, slip, e-invoice, vouchers), downloaded through `document`. */
  documents: z.array(documentView),
  mails: z.array(z.object({ subject: z.string(), status: z.string(), createdAt: z.string(), sentAt: z.string().nullable() })),
  actions: z.array(z.enum(ADMIN_ORDER_ACTIONS)),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

export const adminOrderStats = z.object({
  today: z.object({ orders: z.number().int(), revenueCents: z.number().int() }),
  month: z.object({ orders: z.number().int(), revenueCents: z.number().int() }),
  /** The last 30 days, oldest first, each day of the shop's calendar. */
  days: z.array(z.object({ day: z.string(), orders: z.number().int(), revenueCents: z.number().int() })),
});
export type AdminOrderStats = z.infer<typeof adminOrderStats>;

/** A CSV as Croatian Excel opens it: UTF-8 with BOM, semicolons, decimal commas. */
export const csvFile = z.object({ filename: z.string(), contentType: z.literal("text/csv; charset=utf-8"), content: z.string() });
export type CsvFile = z.infer<typeof csvFile>;

const tag = "admin orders";

/** Issue 12: the orders of the back office. */
export const adminOrdersApi = {
  list: endpoint({
    method: "POST",
    path: "/v1/admin/order/filter",
    summary: "Orders, newest first, filtered by status on each axis, payment, days, branch and a search",
    tag,
    access: { staff: "orders" },
    readOnly: true,
    body: adminOrderListBody,
    answer: pagedSchema(adminOrderRow),
  }),
  get: endpoint({
    method: "GET",
    path: "/v1/admin/order/:code",
    summary: "One order with its customer, history, payments, receipt, alerts, e-mails and the actions allowed now",
    tag,
    access: { staff: "orders" },
    params: adminOrderParams,
    answer: adminOrderDetail,
  }),
  export: endpoint({
    method: "POST",
    path: "/v1/admin/order/export",
    summary: "The filtered orders as CSV (UTF-8 with BOM, semicolons)",
    tag,
    access: { staff: "orders" },
    readOnly: true,
    body: adminOrderFilters,
    answer: csvFile,
  }),
  branches: endpoint({
    method: "GET",
    path: "/v1/admin/branches",
    summary: "Every branch (closed ones too) by id and name, for the orders filter",
    tag,
    access: { staff: "orders" },
    answer: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
  document: endpoint({
    method: "GET",
    path: "/v1/admin/order/document/:id",
    summary: "One document of any order (PDF, or the e-invoice's UBL XML), base64",
    tag,
    access: { staff: "orders" },
    params: documentIdParams,
    answer: documentFile,
  }),
  stats: endpoint({
    method: "GET",
    path: "/v1/admin/stats/orders",
    summary: "Orders and revenue today, this month and on each of the last 30 days",
    tag,
    access: { staff: "orders" },
    answer: adminOrderStats,
  }),
  markPaid: endpoint({
    method: "POST",
    path: "/v1/admin/order/:code/mark-paid",
    summary: "A bank transfer arrived (the statement is not imported): paid through the one settlement",
    tag,
    access: { staff: "orders" },
    params: adminOrderParams,
    body: markPaidBody,
    answer: adminOrderDetail,
  }),
  readyForPickup: endpoint({
    method: "POST",
    path: "/v1/admin/order/:code/ready-for-pickup",
    summary: "The order waits at its branch",
    tag,
    access: { staff: "orders" },
    params: adminOrderParams,
    answer: adminOrderDetail,
  }),
  fulfil: endpoint({
    method: "POST",
    path: "/v1/admin/order/:code/fulfil",
    summary: "Picked up or delivered; a paid order is completed",
    tag,
    access: { staff: "orders" },
    params: adminOrderParams,
    answer: adminOrderDetail,
  }),
  cancel: endpoint({
    method: "POST",
    path: "/v1/admin/order/:code/cancel",
    summary: "Cancel an unpaid (or wholly refunded) order: stock, coupon and voucher go back, a fiscalised receipt gets its storno",
    tag,
    access: { staff: "orders" },
    params: adminOrderParams,
    answer: adminOrderDetail,
  }),
  refund: endpoint({
    method: "POST",
    path: "/v1/admin/order/:code/refund",
    summary: "Refund all or part of a card payment through its provider, with a storno receipt",
    tag,
    access: { staff: "orders" },
    params: adminOrderParams,
    body: refundBody,
    answer: adminOrderDetail,
  }),
  resendConfirmation: endpoint({
    method: "POST",
    path: "/v1/admin/order/:code/resend-confirmation",
    summary: "Send the order's confirmation (with its documents) again",
    tag,
    access: { staff: "orders" },
    params: adminOrderParams,
    answer: adminOrderDetail,
  }),
} as const;
