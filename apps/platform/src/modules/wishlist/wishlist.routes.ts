import { api } from "@shop/contracts/api";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { implement } from "../../http/endpoint.ts";
import * as wishlist from "./wishlist.service.ts";

/** The endpoint's access rule already refused anonymous callers; this narrows the type. */
function userOf(ctx: RequestCtx) {
  if (!ctx.user) throw new AppError("UNAUTHORIZED", "error.unauthorized");
  return ctx.user;
}

export const wishlistEndpoints = implement(api.wishlist, {
  createItem: (ctx, { body }) => wishlist.createItem(ctx, userOf(ctx), body.product_id),
  toggleItem: (ctx, { body }) => wishlist.toggleItem(ctx, userOf(ctx), body.product_id),
  // :id is the product's id, as the storefront knows it from the product it shows.
  deleteItem: (ctx, { params }) => wishlist.deleteItem(ctx, userOf(ctx), params.id),
  filterItems: (ctx, { query }) => wishlist.filterItems(ctx, userOf(ctx), query),
});
