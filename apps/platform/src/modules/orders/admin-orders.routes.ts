import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import { adminOrder, listOrders, orderStats, ordersCsv } from "./admin-orders.service.ts";

export const adminOrdersEndpoints = implement(api.adminOrders, {
  list: (ctx, { body }) => listOrders(ctx, body),
  get: (ctx, { params }) => adminOrder(ctx, params.code),
  export: (ctx, { body }) => ordersCsv(ctx, body),
  stats: (ctx) => orderStats(ctx),
});
