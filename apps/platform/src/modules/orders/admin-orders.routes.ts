import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import { branchNames } from "../checkout/index.ts";
import { cancelOrder, fulfilOrder, markPaid, markReadyForPickup, refund, resendConfirmation } from "./admin-order-actions.service.ts";
import { adminOrder, listOrders, orderStats, ordersCsv } from "./admin-orders.service.ts";
import { staffDocument } from "./documents.service.ts";

export const adminOrdersEndpoints = implement(api.adminOrders, {
  list: (ctx, { body }) => listOrders(ctx, body),
  get: (ctx, { params }) => adminOrder(ctx, params.code),
  export: (ctx, { body }) => ordersCsv(ctx, body),
  branches: (ctx) => branchNames(ctx.db),
  document: (ctx, { params }) => staffDocument(ctx, params.id),
  stats: (ctx) => orderStats(ctx),
  markPaid: (ctx, { params, body }) => markPaid(ctx, params.code, body.reference),
  readyForPickup: (ctx, { params }) => markReadyForPickup(ctx, params.code),
  fulfil: (ctx, { params }) => fulfilOrder(ctx, params.code),
  cancel: (ctx, { params }) => cancelOrder(ctx, params.code),
  refund: (ctx, { params, body }) => refund(ctx, params.code, body),
  resendConfirmation: (ctx, { params }) => resendConfirmation(ctx, params.code),
});
