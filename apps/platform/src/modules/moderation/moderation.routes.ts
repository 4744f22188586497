import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import { moderateComments, removeComment } from "../comments/index.ts";
import { submissionsCsv, submissionsPage } from "../forms/index.ts";
import { subscribersCsv, subscribersPage } from "../newsletter/index.ts";
import { moderateReviews, removeReview } from "../reviews/index.ts";

/** Issue 12's moderation: one group of endpoints over the queues that comments, reviews, forms and the newsletter keep. */
export const moderationEndpoints = implement(api.adminModeration, {
  comments: (ctx, { body }) => moderateComments(ctx, body),
  deleteComment: async (ctx, { params }) => {
    await removeComment(ctx, params.id);
    return null;
  },
  reviews: (ctx, { body }) => moderateReviews(ctx, body),
  deleteReview: async (ctx, { params }) => {
    await removeReview(ctx, params.id);
    return null;
  },
  formSubmissions: (ctx, { body }) => submissionsPage(ctx, body),
  exportFormSubmissions: (ctx, { body }) => submissionsCsv(ctx, body),
  subscribers: (ctx, { body }) => subscribersPage(ctx, body),
  exportSubscribers: (ctx, { body }) => subscribersCsv(ctx, body),
});
