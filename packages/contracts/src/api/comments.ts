import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { paginationSchema } from "../envelope.ts";
import { commentCreateBody, commentFilterBody, commentIdParams, commentOptionsBody, commentUpdateBody } from "../schemas/events.ts";

/** Answers of the blog comments (SPEC §3 comment options, §7 comments). */

/** The CMS options that govern comments (SPEC §3), as booleans where they are flags. */
export const commentOptions = z.object({
  CanCommentOnBlog: z.string(),
  RequireAdminPublishing: z.boolean(),
  OneUserOneComment: z.boolean(),
  UserCanEditComment: z.boolean(),
});
export type CommentOptions = z.infer<typeof commentOptions>;

export const commentView = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  /** Only the first name is shown publicly. */
  author: z.object({ firstName: z.string() }),
  /** Plain text, never HTML: whoever shows it escapes it. */
  content: z.string(),
  published: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The caller wrote it. */
  own: z.boolean(),
  /** The caller may change it now (author with UserCanEditComment, or backoffice). */
  canEdit: z.boolean(),
});
export type CommentView = z.infer<typeof commentView>;

export const commentList = z.object({
  records: z.array(commentView),
  pagination: paginationSchema,
  /** What the caller may do on this post; null for visitors. */
  viewer: z.object({ commented: z.boolean(), canComment: z.boolean() }).nullable(),
});
export type CommentList = z.infer<typeof commentList>;

const tag = "comments";

export const commentsApi = {
  filterComments: endpoint({
    method: "POST",
    path: "/v1/comment/filterStandard",
    summary: "Comments of a published post, oldest first: published ones plus the caller's own pending ones (staff: all)",
    tag,
    access: "public",
    body: commentFilterBody,
    answer: commentList,
  }),
  createComment: endpoint({
    method: "POST",
    path: "/v1/comment/create",
    summary: "Comment on a post (registered users; per CanCommentOnBlog, RequireAdminPublishing and OneUserOneComment)",
    tag,
    access: "user",
    body: commentCreateBody,
    answer: commentView,
  }),
  updateComment: endpoint({
    method: "PATCH",
    path: "/v1/comment/update/:id",
    summary: "Change one's own comment (UserCanEditComment); staff may change any and publish or unpublish it",
    tag,
    access: "user",
    params: commentIdParams,
    body: commentUpdateBody,
    answer: commentView,
  }),
  getOptions: endpoint({
    method: "POST",
    path: "/v1/comment/getOptions",
    summary: "The comment options: CanCommentOnBlog, RequireAdminPublishing, OneUserOneComment, UserCanEditComment",
    tag,
    access: "public",
    body: commentOptionsBody,
    answer: commentOptions,
  }),
} as const;
