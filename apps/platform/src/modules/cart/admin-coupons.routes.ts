import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import { changeCoupon, createCoupon, listCoupons, revokeCoupon } from "./admin-coupons.service.ts";

export const adminCouponsEndpoints = implement(api.adminCoupons, {
  list: (ctx, { body }) => listCoupons(ctx, body),
  create: (ctx, { body }) => createCoupon(ctx, body),
  update: (ctx, { params, body }) => changeCoupon(ctx, params.id, body),
  revoke: (ctx, { params }) => revokeCoupon(ctx, params.id),
});
