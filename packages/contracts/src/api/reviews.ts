import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { paginationSchema } from "../envelope.ts";
import { commentOptionsBody } from "../schemas/events.ts";
import { reviewCreateBody, reviewFilterBody, reviewIdParams, reviewUpdateBody } from "../schemas/reviews.ts";

/** Answers of the product reviews (SPEC §3 review options, §5 Reviews). */

export const reviewOptions = z.object({
  NumberOfStars: z.number().int(),
  RequireRatingForComment: z.boolean(),
  RequireCommentForRating: z.boolean(),
  AnonymousCanMultipleReview: z.boolean(),
  /** A customer's review waits for staff before it shows (the CMS option shared with comments). */
  RequireAdminPublishing: z.boolean(),
});
export type ReviewOptions = z.infer<typeof reviewOptions>;

export const reviewView = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  author: z.object({ firstName: z.string() }),
  rating: z.number().int().nullable(),
  content: z.string(),
  created_at: z.string(),
  /** False while it waits for staff (only its author and staff see it then). */
  published: z.boolean(),
  updated_at: z.string(),
  own: z.boolean(),
  canEdit: z.boolean(),
});
export type ReviewView = z.infer<typeof reviewView>;

export const reviewList = z.object({
  records: z.array(reviewView),
  pagination: paginationSchema,
  summary: z.object({ average: z.number(), count: z.number().int() }),
  /** For a logged-in reader: whether they reviewed and may write one. */
  /** `waiting`: the reader's review waits for staff (RequireAdminPublishing), so the list does not show it yet. */
  viewer: z.object({ reviewed: z.boolean(), canReview: z.boolean(), waiting: z.boolean() }).nullable(),
  options: reviewOptions,
});
export type ReviewList = z.infer<typeof reviewList>;

const tag = "reviews";

export const reviewsApi = {
  filterReviews: endpoint({
    method: "POST",
    path: "/v1/review/filterStandard",
    summary: "Published reviews of a product, newest first, with the rating summary, the review options and what the caller may do",
    tag,
    access: "public",
    body: reviewFilterBody,
    answer: reviewList,
  }),
  createReview: endpoint({
    method: "POST",
    path: "/v1/review/create",
    summary: "Review a product (registered users, one per product; per RequireRatingForComment, RequireCommentForRating, NumberOfStars)",
    tag,
    access: "user",
    body: reviewCreateBody,
    answer: reviewView,
  }),
  updateReview: endpoint({
    method: "PATCH",
    path: "/v1/review/update/:id",
    summary: "Change one's own review (rating and content, same rules as create); staff may change any",
    tag,
    access: "user",
    params: reviewIdParams,
    body: reviewUpdateBody,
    answer: reviewView,
  }),
  getOptions: endpoint({
    method: "POST",
    path: "/v1/review/getOptions",
    summary: "The review options: NumberOfStars, RequireRatingForComment, RequireCommentForRating, AnonymousCanMultipleReview",
    tag,
    access: "public",
    body: commentOptionsBody,
    answer: reviewOptions,
  }),
} as const;
