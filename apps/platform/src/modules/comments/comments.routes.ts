import { api } from "@shop/contracts/api";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { implement } from "../../http/endpoint.ts";
import * as comments from "./comments.service.ts";

/** The endpoint's access rule already refused anonymous callers; this narrows the type. */
function userOf(ctx: RequestCtx) {
  if (!ctx.user) throw new AppError("UNAUTHORIZED", "error.unauthorized");
  return ctx.user;
}

export const commentsEndpoints = implement(api.comments, {
  filterComments: (ctx, { body }) => comments.filterComments(ctx, body),
  createComment: (ctx, { body }) => comments.createComment(ctx, userOf(ctx), body),
  updateComment: (ctx, { params, body }) => comments.updateComment(ctx, userOf(ctx), params.id, body),
  getOptions: (ctx) => comments.commentOptions(ctx.db),
});
