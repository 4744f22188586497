import { commentContentField } from "@shop/contracts";
import { z } from "zod";

/**
 * The outcome of a comment form travels back to the post in its query string (the form posts to
 * /comments/:postId, which redirects back), so it shows with and without JavaScript.
 */
const PARAM = { notice: "comment", error: "commentError", form: "commentForm" } as const;

export const COMMENT_NOTICE = {
  created: "created",
  createdPending: "createdPending",
  updated: "updated",
  updatedPending: "updatedPending",
} as const;
type Notice = (typeof COMMENT_NOTICE)[keyof typeof COMMENT_NOTICE];
const NOTICES = new Set<string>(Object.values(COMMENT_NOTICE));

/** The message keys a redirect may carry; anything else in the query is ignored. */
export const SHOWN_ERROR_KEYS: ReadonlySet<string> = new Set([
  "comments.error.disabled",
  "comments.error.onePerUser",
  "comments.error.editNotAllowed",
  "validation.required",
  "validation.maxLength",
  "validation.invalid",
  "error.notFound",
  "error.rateLimited",
  "error.generic",
]);

/** The same check as the platform's, in the browser before sending and in the action. */
export const commentFormSchema = z.object({ content: commentContentField() });

/** Id of the element a redirect scrolls to. */
export const COMMENT_FORM_ID = "comment-form";
export const commentAnchor = (id: number | string) => `comment-${id}`;

export function commentStatusUrl(target: string, outcome: { notice: Notice; comment: number } | { error: string; form: string }): string {
  const query = new URLSearchParams();
  let anchor: string;
  if ("notice" in outcome) {
    query.set(PARAM.notice, outcome.notice);
    anchor = commentAnchor(outcome.comment);
  } else {
    query.set(PARAM.error, outcome.error);
    query.set(PARAM.form, outcome.form);
    anchor = outcome.form === "new" ? COMMENT_FORM_ID : commentAnchor(outcome.form);
  }
  return `${target}?${query}#${anchor}`;
}

export interface CommentStatus {
  notice: Notice | null;
  error: string | null;
  /** 'new' or the id of the comment whose edit form the error belongs to. */
  form: string | null;
}

export function readCommentStatus(search: URLSearchParams): CommentStatus {
  const notice = search.get(PARAM.notice);
  const error = search.get(PARAM.error);
  const form = search.get(PARAM.form);
  return {
    notice: notice && NOTICES.has(notice) ? (notice as Notice) : null,
    error: error && SHOWN_ERROR_KEYS.has(error) ? error : null,
    form: form && /^(new|\d{1,10})$/.test(form) ? form : null,
  };
}
