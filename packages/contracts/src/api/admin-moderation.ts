import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { pagedSchema } from "../envelope.ts";
import {
  moderationFilterBody,
  moderationIdParams,
  submissionFilterBody,
  submissionFilters,
  subscriberFilterBody,
  subscriberFilters,
} from "../schemas/admin-moderation.ts";
import { csvFile } from "./admin-orders.ts";

const author = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const moderatedComment = z.object({
  id: z.number().int(),
  post: z.object({ id: z.number().int(), title: z.string() }),
  author,
  content: z.string(),
  published: z.boolean(),
  createdAt: z.string(),
});
export type ModeratedComment = z.infer<typeof moderatedComment>;

export const moderatedReview = z.object({
  id: z.number().int(),
  product: z.object({ id: z.number().int(), name: z.string() }),
  author,
  rating: z.number().int().nullable(),
  content: z.string(),
  published: z.boolean(),
  createdAt: z.string(),
});
export type ModeratedReview = z.infer<typeof moderatedReview>;

export const formSubmissionView = z.object({
  id: z.number().int(),
  form: z.object({ id: z.number().int(), slug: z.string() }).nullable(),
  email: z.string().nullable(),
  /** The fields as submitted: label or name to value. */
  data: z.record(z.string(), z.unknown()),
  confirmedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type FormSubmissionView = z.infer<typeof formSubmissionView>;

export const subscriberView = z.object({
  id: z.number().int(),
  email: z.string(),
  language: z.string(),
  confirmedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SubscriberView = z.infer<typeof subscriberView>;

const tag = "admin moderation";

/**
 * Issue 12: moderation queues across the site. Publishing, unpublishing and editing a comment or
 * review use the SPEC update endpoints (staff may set `published` and `content`); rejecting one
 * deletes it here.
 */
export const adminModerationApi = {
  comments: endpoint({
    method: "POST",
    path: "/v1/admin/comment/filter",
    summary: "Comments of every post, waiting ones first by default",
    tag,
    access: { staff: "content" },
    readOnly: true,
    body: moderationFilterBody,
    answer: pagedSchema(moderatedComment),
  }),
  deleteComment: endpoint({
    method: "DELETE",
    path: "/v1/admin/comment/:id",
    summary: "Delete (reject) a comment",
    tag,
    access: { staff: "content" },
    params: moderationIdParams,
    answer: z.null(),
  }),
  reviews: endpoint({
    method: "POST",
    path: "/v1/admin/review/filter",
    summary: "Reviews of every product, waiting ones first by default",
    tag,
    access: { staff: "content" },
    readOnly: true,
    body: moderationFilterBody,
    answer: pagedSchema(moderatedReview),
  }),
  deleteReview: endpoint({
    method: "DELETE",
    path: "/v1/admin/review/:id",
    summary: "Delete (reject) a review",
    tag,
    access: { staff: "content" },
    params: moderationIdParams,
    answer: z.null(),
  }),
  formSubmissions: endpoint({
    method: "POST",
    path: "/v1/admin/form-submission/filter",
    summary: "What visitors sent through the site's forms, newest first",
    tag,
    access: { staff: "content" },
    readOnly: true,
    body: submissionFilterBody,
    answer: pagedSchema(formSubmissionView),
  }),
  exportFormSubmissions: endpoint({
    method: "POST",
    path: "/v1/admin/form-submission/export",
    summary: "The form submissions as CSV",
    tag,
    access: { staff: "content" },
    readOnly: true,
    body: submissionFilters,
    answer: csvFile,
  }),
  subscribers: endpoint({
    method: "POST",
    path: "/v1/admin/newsletter/filter",
    summary: "Newsletter subscribers",
    tag,
    access: { staff: "content" },
    readOnly: true,
    body: subscriberFilterBody,
    answer: pagedSchema(subscriberView),
  }),
  exportSubscribers: endpoint({
    method: "POST",
    path: "/v1/admin/newsletter/export",
    summary: "Newsletter subscribers as CSV",
    tag,
    access: { staff: "content" },
    readOnly: true,
    body: subscriberFilters,
    answer: csvFile,
  }),
} as const;
