import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import * as cart from "./cart.service.ts";

export const cartEndpoints = implement(api.cart, {
  getNewCartSession: (ctx) => cart.newCartSession(ctx),
  getCart: (ctx, { body }) => cart.getCart(ctx, body),
  validateCart: (ctx, { body }) => cart.validateCart(ctx, body),
  addItem: (ctx, { body, headers }) => cart.addItem(ctx, body, headers["idempotency-key"]),
  updateItem: (ctx, { body, headers }) => cart.updateItem(ctx, body, headers["idempotency-key"]),
  deleteItem: (ctx, { body, headers }) => cart.deleteItem(ctx, body, headers["idempotency-key"]),
  clearCart: (ctx, { body, headers }) => cart.clearCart(ctx, body, headers["idempotency-key"]),
  applyCoupon: (ctx, { body, headers }) => cart.applyCoupon(ctx, body, headers["idempotency-key"]),
  removeCoupon: (ctx, { body, headers }) => cart.removeCoupon(ctx, body, headers["idempotency-key"]),
  applyVoucher: (ctx, { body, headers }) => cart.applyVoucher(ctx, body, headers["idempotency-key"]),
  removeVoucher: (ctx, { body, headers }) => cart.removeVoucher(ctx, body, headers["idempotency-key"]),
  applyMemberCard: (ctx, { body, headers }) => cart.applyMemberCard(ctx, body, headers["idempotency-key"]),
  removeMemberCard: (ctx, { body, headers }) => cart.removeMemberCard(ctx, body, headers["idempotency-key"]),
  getAbandoned: (ctx) => cart.getAbandoned(ctx),
  setInstructions: (ctx, { body, headers }) => cart.setInstructions(ctx, body, headers["idempotency-key"]),
  updateGuest: (ctx, { body, headers }) => cart.updateGuest(ctx, body, headers["idempotency-key"]),
});
