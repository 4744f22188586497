import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import { filterMyOrders, getMyOrder, payMyOrderAgain } from "./my-orders.service.ts";

export const myOrdersEndpoints = implement(api.myOrders, {
  filter: (ctx, { body }) => filterMyOrders(ctx, body),
  get: (ctx, { params }) => getMyOrder(ctx, params.code),
  payAgain: (ctx, { params }) => payMyOrderAgain(ctx, params.code),
});
