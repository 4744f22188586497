import { type CommentView, isValidInternalPath, localeFromPath } from "@shop/contracts";
import { redirect } from "react-router";
import { loginPath } from "../features/account/guards.server.ts";
import { sessionOf } from "../features/account/session-context.server.ts";
import { COMMENT_NOTICE, commentFormSchema, commentStatusUrl, SHOWN_ERROR_KEYS } from "../features/comments/comment-status.ts";
import { commentsPage, fetchComments } from "../features/comments/comments.server.ts";
import { formText } from "../features/forms/form-values.ts";
import type { Route } from "./+types/comments";

const ID = /^[1-9]\d{0,9}$/;

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
  const form = await request.formData();
  const back = formText(form, "redirectTo");
  const target = isValidInternalPath(back) ? back : "/";
  if (!ID.test(params.postId)) throw redirect(target, 303);
  const postId = Number(params.postId);
  const session = await sessionOf(context);
  if (!session.user) throw redirect(loginPath(localeFromPath(target), target), 303);

  const commentId = formText(form, "commentId");
  const editing = formText(form, "intent") === "update" && ID.test(commentId);
  const formKey = editing ? commentId : "new";
  const parsed = commentFormSchema.safeParse({ content: formText(form, "content") });
  if (!parsed.success) {
    throw redirect(commentStatusUrl(target, { error: parsed.error.issues[0]?.message ?? "validation.invalid", form: formKey }), 303);
  }

  const result = editing
    ? await session.platform.call<CommentView>(`/v1/comment/update/${commentId}`, {
        method: "PATCH",
        body: { content: parsed.data.content },
      })
    : await session.platform.call<CommentView>("/v1/comment/create", {
        method: "POST",
        body: { post_id: postId, content: parsed.data.content },
      });
  if (!result.ok) {
    // The message is the key itself when the platform has no translation for it.
    const key = result.error.payload.key ?? result.message;
    const error =
      result.status === 429
        ? "error.rateLimited"
        : key && SHOWN_ERROR_KEYS.has(key)
          ? key
          : result.status === 404
            ? "error.notFound"
            : "error.generic";
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
