import { api } from "@shop/contracts/api";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { implement } from "../../http/endpoint.ts";
import * as reviews from "./reviews.service.ts";

/** The endpoint's access rule already refused anonymous callers; this narrows the type. */
function userOf(ctx: RequestCtx) {
  if (!ctx.user) throw new AppError("UNAUTHORIZED", "error.unauthorized");
  return ctx.user;
}

export const reviewsEndpoints = implement(api.reviews, {
  filterReviews: (ctx, { body }) => reviews.filterReviews(ctx, body),
  createReview: (ctx, { body }) => reviews.createReview(ctx, userOf(ctx), body),
  updateReview: (ctx, { params, body }) => reviews.updateReview(ctx, userOf(ctx), params.id, body),
  getOptions: (ctx) => reviews.reviewOptions(ctx.db),
});
