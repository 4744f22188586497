import { api } from "@shop/contracts/api";
import { redirect } from "react-router";
import { sessionOf } from "../features/account/session-context.server.ts";
import { COMMENT_NOTICE, commentFormSchema, commentStatusUrl, SHOWN_ERROR_KEYS } from "../features/comments/comment-status.ts";
import { commentsPage, fetchComments } from "../features/comments/comments.server.ts";
import { failureKey } from "../features/errors/failure-key.ts";
import { formText } from "../features/forms/form-values.ts";
import { ID, readOwnPost } from "../features/forms/own-post.server.ts";
import type { Route } from "./+types/comments";

/** More comments for 'show more' (a fetcher): the next page as JSON, as the caller may see it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = new URL(request.url).searchParams.get("page") ?? "1";
  if (!ID.test(params.postId) || !ID.test(page)) return Response.json({ failed: true }, { status: 400 });
  const { platform } = await sessionOf(context);
  const list = await fetchComments(platform, Number(params.postId), Number(page));
  if (!list) return Response.json({ failed: true }, { status: 502 });
  return Response.json(commentsPage(list));
}

/**
 * The comment forms post here (new comment or an edit of one's own). Whatever happens, the answer
 * is a redirect back to the post with the outcome in the query, so the form works without
 * JavaScript and with it (the post page shows the outcome and the fresh list either way).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const {
    form,
    target,
    parentId: postId,
    session,
    editing,
    ownId: commentId,
    formKey,
  } = await readOwnPost(request, context, params.postId, "commentId");
  const parsed = commentFormSchema.safeParse({ content: formText(form, "content") });
  if (!parsed.success) {
    throw redirect(commentStatusUrl(target, { error: parsed.error.issues[0]?.message ?? "validation.invalid", form: formKey }), 303);
  }

  const result = editing
    ? await session.platform.call(api.comments.updateComment, { params: { id: Number(commentId) }, body: { content: parsed.data.content } })
    : await session.platform.call(api.comments.createComment, { body: { post_id: postId, content: parsed.data.content } });
  if (!result.ok) {
    const error = failureKey(result, SHOWN_ERROR_KEYS);
    throw redirect(commentStatusUrl(target, { error, form: formKey }), 303);
  }
  const notice = editing
    ? result.data.published
      ? COMMENT_NOTICE.updated
      : COMMENT_NOTICE.updatedPending
    : result.data.published
      ? COMMENT_NOTICE.created
      : COMMENT_NOTICE.createdPending;
  throw redirect(commentStatusUrl(target, { notice, comment: result.data.id }), 303);
}
