import { commentOptionsBody, reviewCreateBody, reviewFilterBody, reviewIdParams, reviewUpdateBody } from "@shop/contracts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { type AnyEndpoint, endpoint } from "../../http/endpoint.ts";
import * as reviews from "./reviews.service.ts";

/** The endpoint's access rule already refused anonymous callers; this narrows the type. */
function userOf(ctx: RequestCtx) {
  if (!ctx.user) throw new AppError("UNAUTHORIZED", "error.unauthorized");
  return ctx.user;
}

export const reviewsEndpoints: AnyEndpoint[] = [
  endpoint({
    method: "POST",
    path: "/v1/review/filterStandard",
    summary: "Published reviews of a product, newest first, with the rating summary, the review options and what the caller may do",
    tag: "reviews",
    access: "public",
    body: reviewFilterBody,
    handle: (ctx, { body }) => reviews.filterReviews(ctx, body),
  }),
  endpoint({
    method: "POST",
    path: "/v1/review/create",
    summary: "Review a product (registered users, one per product; per RequireRatingForComment, RequireCommentForRating, NumberOfStars)",
    tag: "reviews",
    access: "user",
    body: reviewCreateBody,
    handle: (ctx, { body }) => reviews.createReview(ctx, userOf(ctx), body),
  }),
  endpoint({
    method: "PATCH",
    path: "/v1/review/update/:id",
    summary: "Change one's own review (rating and content, same rules as create); staff may change any",
    tag: "reviews",
    access: "user",
    params: reviewIdParams,
    body: reviewUpdateBody,
    handle: (ctx, { params, body }) => reviews.updateReview(ctx, userOf(ctx), params.id, body),
  }),
  endpoint({
    method: "POST",
    path: "/v1/review/getOptions",
    summary: "The review options: NumberOfStars, RequireRatingForComment, RequireCommentForRating, AnonymousCanMultipleReview",
    tag: "reviews",
    access: "public",
    body: commentOptionsBody,
    handle: (ctx) => reviews.reviewOptions(ctx.db),
  }),
];
