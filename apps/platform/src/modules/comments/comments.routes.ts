import { commentCreateBody, commentFilterBody, commentIdParams, commentOptionsBody, commentUpdateBody } from "@shop/contracts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { endpoint } from "../../http/endpoint.ts";
import * as comments from "./comments.service.ts";

/** The endpoint's access rule already refused anonymous callers; this narrows the type. */
function userOf(ctx: RequestCtx) {
  if (!ctx.user) throw new AppError("UNAUTHORIZED", "error.unauthorized");
  return ctx.user;
}

export const commentsEndpoints = [
  endpoint({
    method: "POST",
    path: "/v1/comment/filterStandard",
    summary: "Comments of a published post, oldest first: published ones plus the caller's own pending ones (staff: all)",
    tag: "comments",
    access: "public",
    body: commentFilterBody,
    handle: (ctx, { body }) => comments.filterComments(ctx, body),
  }),
  endpoint({
    method: "POST",
    path: "/v1/comment/create",
    summary: "Comment on a post (registered users; per CanCommentOnBlog, RequireAdminPublishing and OneUserOneComment)",
    tag: "comments",
    access: "user",
    body: commentCreateBody,
    handle: (ctx, { body }) => comments.createComment(ctx, userOf(ctx), body),
  }),
  endpoint({
    method: "PATCH",
    path: "/v1/comment/update/:id",
    summary: "Change one's own comment (UserCanEditComment); staff may change any and publish or unpublish it",
    tag: "comments",
    access: "user",
    params: commentIdParams,
    body: commentUpdateBody,
    handle: (ctx, { params, body }) => comments.updateComment(ctx, userOf(ctx), params.id, body),
  }),
  endpoint({
    method: "POST",
    path: "/v1/comment/getOptions",
    summary: "The comment options: CanCommentOnBlog, RequireAdminPublishing, OneUserOneComment, UserCanEditComment",
    tag: "comments",
    access: "public",
    body: commentOptionsBody,
    handle: (ctx) => comments.commentOptions(ctx.db),
  }),
];
