import { idField, wishlistFilterQuery, wishlistProductBody } from "@shop/contracts";
import { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { type AnyEndpoint, endpoint } from "../../http/endpoint.ts";
import * as wishlist from "./wishlist.service.ts";

/** The endpoint's access rule already refused anonymous callers; this narrows the type. */
function userOf(ctx: RequestCtx) {
  if (!ctx.user) throw new AppError("UNAUTHORIZED", "error.unauthorized");
  return ctx.user;
}

/** :id is the product's id, as the storefront knows it from the product it shows. */
const productIdParams = z.object({ id: idField() });

export const wishlistEndpoints: AnyEndpoint[] = [
  endpoint({
    method: "POST",
    path: "/v1/wishlist/create",
    summary: "Add a product to the caller's wishlist (adding twice changes nothing)",
    tag: "wishlist",
    access: "user",
    body: wishlistProductBody,
    handle: (ctx, { body }) => wishlist.createItem(ctx, userOf(ctx), body.product_id),
  }),
  endpoint({
    method: "POST",
    path: "/v1/wishlist/toggle",
    summary: "Add the product if it is not on the caller's wishlist, else remove it (SPEC §4 Wishlist toggle)",
    tag: "wishlist",
    access: "user",
    body: wishlistProductBody,
    handle: (ctx, { body }) => wishlist.toggleItem(ctx, userOf(ctx), body.product_id),
  }),
  endpoint({
    method: "DELETE",
    path: "/v1/wishlist/delete/:id",
    summary: "Remove a product (by product id) from the caller's wishlist",
    tag: "wishlist",
    access: "user",
    params: productIdParams,
    handle: (ctx, { params }) => wishlist.deleteItem(ctx, userOf(ctx), params.id),
  }),
  endpoint({
    method: "GET",
    path: "/v1/wishlist/filter",
    summary: "The caller's wishlist, newest first, with product cards (limit up to 9999)",
    tag: "wishlist",
    access: "user",
    query: wishlistFilterQuery,
    handle: (ctx, { query }) => wishlist.filterItems(ctx, userOf(ctx), query),
  }),
];
