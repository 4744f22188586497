import {
  type AdminOrderAction,
  type AdminOrderDetail,
  type AdminOrderFilters,
  type AdminOrderListBody,
  type AdminOrderRow,
  type AdminOrderStats,
  type CsvFile,
  type FulfilmentStatus,
  makePagination,
  type OrderStatus,
  type Paged,
  type PaymentStatus,
  toLocale,
} from "@shop/contracts";
import { translator } from "@shop/i18n";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { businessDayOf, businessMinuteOf, rangeBound } from "../../shared/business-time.ts";
import { centsCell, csvFile } from "../../shared/csv.ts";
import { mailsSentAbout } from "../../shared/mail.ts";
import {
  type AdminOrderListRow,
  alertsOfOrder,
  type OrderQuery,
  orderCount,
  orderPage,
  ordersForExport,
  receiptOfOrder,
  salesSince,
} from "./admin-orders.repository.ts";
import { orderDocumentViews } from "./documents.service.ts";
import { branchOf } from "./order-branch.ts";
import { canMove } from "./order-states.ts";
import { attemptsOf, findOrderByCode, type OrderRow, orderHistory } from "./orders.repository.ts";
import { ORDER_ERRORS, orderViewOf, parseJson } from "./orders.service.ts";

interface FrozenCustomer {
  delivery?: Record<string, string> | null;
  billing?: Record<string, string> | null;
  company?: { companyName: string; oib: string } | null;
}

function queryOf(filters: AdminOrderFilters): OrderQuery {
  const { from, to, ...rest } = filters;
  return { ...rest, fromInstant: from ? rangeBound(from, "start") : undefined, toInstant: to ? rangeBound(to, "end") : undefined };
}

function buyerOf(order: Pick<OrderRow, "customer">) {
  const customer = parseJson<FrozenCustomer>(order.customer, {});
  const person = customer.billing ?? customer.delivery ?? {};
  return {
    name: [person.firstName, person.lastName].filter(Boolean).join(" "),
    company: customer.company ?? null,
  };
}

function rowView(row: AdminOrderListRow): AdminOrderRow {
  const buyer = buyerOf(row);
  return {
    code: row.code,
    number: row.number,
    createdAt: row.created_at,
    customer: buyer.name,
    company: buyer.company?.companyName ?? null,
    email: row.email,
    totalCents: row.total_cents,
    currency: row.currency,
    status: row.status as OrderStatus,
    paymentStatus: row.payment_status as PaymentStatus,
    fulfilmentStatus: row.fulfilment_status as FulfilmentStatus,
    paymentKind: row.payment_kind,
    paymentName: row.payment_name,
    branch: branchOf(row)?.name ?? null,
  };
}

/** Issue 12: the orders of the back office, newest first. */
export async function listOrders(ctx: RequestCtx, body: AdminOrderListBody): Promise<Paged<AdminOrderRow>> {
  const { page, limit, ...filters } = body;
  const query = queryOf(filters);
  const [rows, total] = await Promise.all([
    orderPage(ctx.db, ctx.dialect, query, { offset: (page - 1) * limit, limit }),
    orderCount(ctx.db, ctx.dialect, query),
  ]);
  return { records: rows.map(rowView), pagination: makePagination(page, limit, total) };
}

/**
 * What staff may do with the order now: the moves its state tables allow, and what the payment
 * kind makes possible (a transfer is marked paid by hand; only a card or wallet payment is refunded
 * through its provider).
 */
export function actionsOf(
  order: Pick<OrderRow, "status" | "payment_status" | "fulfilment_status" | "payment_kind" | "branch_id">,
): AdminOrderAction[] {
  const status = order.status as OrderStatus;
  const payment = order.payment_status as PaymentStatus;
  const fulfilment = order.fulfilment_status as FulfilmentStatus;
  const open = status === "placed";
  const actions: AdminOrderAction[] = [];
  if (order.payment_kind === "bank_transfer" && open && canMove("payment", payment, "paid")) actions.push("markPaid");
  if (open && order.branch_id !== null && canMove("fulfilment", fulfilment, "ready_for_pickup")) actions.push("readyForPickup");
  if (open && canMove("fulfilment", fulfilment, "fulfilled")) actions.push("fulfil");
  // Money that was paid goes back first (refund), then the order can be cancelled.
  const paid = payment === "paid" || payment === "partially_refunded";
  if (canMove("order", status, "cancelled") && fulfilment === "unfulfilled" && !paid) actions.push("cancel");
  if ((order.payment_kind === "card" || order.payment_kind === "wallet") && canMove("payment", payment, "refunded")) actions.push("refund");
  if (status !== "pending_payment") actions.push("resendConfirmation");
  return actions;
}

export async function adminOrder(ctx: RequestCtx, code: string): Promise<AdminOrderDetail> {
  const order = await findOrderByCode(ctx.db, code);
  if (!order) throw new AppError("NOT_FOUND", ORDER_ERRORS.orderNotFound);
  const customer = parseJson<FrozenCustomer>(order.customer, {});
  const [view, history, attempts, receipt, alerts, mails, documents] = await Promise.all([
    orderViewOf(ctx, order),
    orderHistory(ctx.db, order.id),
    attemptsOf(ctx.db, order.id),
    receiptOfOrder(ctx.db, order.id),
    alertsOfOrder(ctx.db, order.id),
    mailsSentAbout(ctx, order.email, order.number),
    orderDocumentViews(ctx, order),
  ]);
  return {
    order: view,
    note: order.note,
    addresses: { delivery: customer.delivery ?? null, billing: customer.billing ?? null },
    history: history.map((h) => ({ axis: h.axis, from: h.from_status, to: h.to_status, actor: h.actor, at: h.created_at })),
    payments: attempts.map((a) => ({
      provider: a.provider,
      number: a.provider_order_number,
      status: a.status,
      amountCents: a.amount_cents,
      refundedCents: Number(a.refunded_cents),
      approvalCode: a.approval_code,
      transactionId: a.transaction_id,
      createdAt: a.created_at,
    })),
    receipt: receipt
      ? {
          number: `${receipt.sequence}/${receipt.premise}/${receipt.device}`,
          status: receipt.status,
          zki: receipt.zki,
          jir: receipt.jir,
          issuedAt: receipt.issued_at,
        }
      : null,
    alerts: alerts.map((a) => ({ kind: a.kind, detail: a.detail, createdAt: a.created_at, resolvedAt: a.resolved_at })),
    documents,
    mails: mails.map((m) => ({ subject: m.subject, status: m.status, createdAt: m.created_at, sentAt: m.sent_at })),
    actions: actionsOf(order),
  };
}

const DAYS = 30;

/** The start page: orders that count as sales (placed or completed) and their revenue, by the shop's days. */
export async function orderStats(ctx: RequestCtx, now = new Date()): Promise<AdminOrderStats> {
  const today = businessDayOf(now);
  const days = Array.from({ length: DAYS }, (_, i) => businessDayOf(new Date(now.getTime() - (DAYS - 1 - i) * 86_400_000)));
  const monthStart = `${today.slice(0, 8)}01`;
  const first = [days[0] ?? today, monthStart].sort()[0] ?? today;
  const byDay = new Map(days.map((day) => [day, { day, orders: 0, revenueCents: 0 }]));
  const month = { orders: 0, revenueCents: 0 };
  for (const sale of await salesSince(ctx.db, rangeBound(first, "start"))) {
    const day = businessDayOf(sale.created_at);
    const bucket = byDay.get(day);
    if (bucket) {
      bucket.orders += 1;
      bucket.revenueCents += sale.total_cents;
    }
    if (day >= monthStart) {
      month.orders += 1;
      month.revenueCents += sale.total_cents;
    }
  }
  const todays = byDay.get(today) ?? { orders: 0, revenueCents: 0 };
  return { today: { orders: todays.orders, revenueCents: todays.revenueCents }, month, days: [...byDay.values()] };
}

/** The filtered orders as a CSV in the staff member's language. */
export async function ordersCsv(ctx: RequestCtx, filters: AdminOrderFilters): Promise<CsvFile> {
  const t = translator(toLocale(ctx.locale) ?? "hr");
  const k = (key: string) => t(`admin.orders.csv.${key}`);
  const header = [
    "number",
    "date",
    "customer",
    "company",
    "oib",
    "email",
    "items",
    "discount",
    "delivery",
    "vat",
    "total",
    "currency",
    "status",
    "payment",
    "paymentMethod",
    "fulfilment",
    "branch",
    "coupon",
  ].map(k);
  const rows: string[][] = [];
  for await (const row of ordersForExport(ctx.db, ctx.dialect, queryOf(filters))) {
    const buyer = buyerOf(row);
    rows.push([
      row.number,
      businessMinuteOf(row.created_at),
      buyer.name,
      buyer.company?.companyName ?? "",
      buyer.company?.oib ?? "",
      row.email,
      centsCell(row.items_cents),
      centsCell(row.discount_cents),
      centsCell(row.delivery_cents),
      centsCell(row.tax_cents),
      centsCell(row.total_cents),
      row.currency,
      t(`orders.status.order.${row.status}`),
      t(`orders.status.payment.${row.payment_status}`),
      row.payment_name,
      t(`orders.status.fulfilment.${row.fulfilment_status}`),
      branchOf(row)?.name ?? "",
      row.coupon_code ?? "",
    ]);
  }
  return csvFile(`narudzbe-${businessDayOf(new Date())}.csv`, header, rows);
}
