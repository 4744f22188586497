import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import * as cart from "./cart.service.ts";

export const cartEndpoints = implement(api.cart, {
  getNewCartSession: (ctx) => cart.newCartSession(ctx),
  getCart: (ctx, { body }) => cart.getCart(ctx, body),
  validateCart: (ctx, { body }) => cart.validateCart(ctx, body),
  addItem: (ctx, { body }) => cart.addItem(ctx, body),
  updateItem: (ctx, { body }) => cart.updateItem(ctx, body),
  deleteItem: (ctx, { body }) => cart.deleteItem(ctx, body),
  clearCart: (ctx, { body }) => cart.clearCart(ctx, body),
  applyCoupon: (ctx, { body }) => cart.applyCoupon(ctx, body),
  removeCoupon: (ctx, { body }) => cart.removeCoupon(ctx, body),
  applyVoucher: (ctx, { body }) => cart.applyVoucher(ctx, body),
  removeVoucher: (ctx, { body }) => cart.removeVoucher(ctx, body),
  applyMemberCard: (ctx, { body }) => cart.applyMemberCard(ctx, body),
  removeMemberCard: (ctx, { body }) => cart.removeMemberCard(ctx, body),
  getAbandoned: (ctx) => cart.getAbandoned(ctx),
  setInstructions: (ctx, { body }) => cart.setInstructions(ctx, body),
  updateGuest: (ctx, { body }) => cart.updateGuest(ctx, body),
});
