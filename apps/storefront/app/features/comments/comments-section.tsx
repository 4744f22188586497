import { COMMENT_MAX_LENGTH, type CommentView, isValidInternalPath, localizedPath } from "@shop/contracts";
import { formatDate } from "@shop/i18n";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useFetcher, useLocation, useNavigation } from "react-router";
import { useRootData } from "../../root.tsx";
import { useLocale, useT } from "../../ui/i18n.tsx";
import { Notice } from "../../ui/notice.tsx";
import { COMMENT_FORM_ID, type CommentStatus, commentAnchor, commentFormSchema, readCommentStatus } from "./comment-status.ts";
import type { CommentsData, CommentsPage } from "./comments.server.ts";
import "../../styles/events.css";

/**
 * Comments under a post (SPEC §3 comment options): the list, the caller's pending comments marked,
 * the form for logged-in users (or a 'log in' link for visitors) and editing one's own comment.
 * Every form posts to /comments/:postId and works without JavaScript.
 */
export function CommentsSection({ postId, data }: { postId: number; data: CommentsData }) {
  const t = useT();
  const location = useLocation();
  const status = readCommentStatus(new URLSearchParams(location.search));
  const more = useMoreComments(postId, data);
  return (
    <section className="comments" id="comments" aria-labelledby="comments-title">
      <h2 id="comments-title" className="comments__title">
        {t("comments.title")} {data.failed ? null : <span className="comments__count">({data.total})</span>}
      </h2>
      {status.notice ? <Notice kind="success">{t(`comments.${status.notice}`)}</Notice> : null}
      {data.failed ? (
        <Notice kind="info">{t("comments.loadFailed")}</Notice>
      ) : (
        <>
          {more.comments.length === 0 ? (
            <p className="comments__empty">{t("comments.empty")}</p>
          ) : (
            <ol className="comments__list">
              {more.comments.map((comment) => (
                <CommentItem key={comment.id} postId={postId} comment={comment} status={status} />
              ))}
            </ol>
          )}
          {more.canLoad ? (
            <p className="comments__more">
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={more.load}
                aria-disabled={more.loading || undefined}
              >
                {t("comments.loadMore")}
              </button>
            </p>
          ) : null}
          {more.failed ? <Notice kind="error">{t("comments.loadFailed")}</Notice> : null}
          <Composer postId={postId} data={data} status={status} />
        </>
      )}
    </section>
  );
}

/** 'Show more': the next pages through the /comments/:postId loader, appended to the first. */
function useMoreComments(postId: number, data: CommentsData) {
  const fetcher = useFetcher<CommentsPage | { failed: true }>();
  const [pages, setPages] = useState<CommentsPage[]>([]);
  // Without JavaScript the button could do nothing: it appears once the page is interactive.
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  // Fresh data (after posting a comment) starts the list over.
  useEffect(() => setPages([]), [data]);
  useEffect(() => {
    const page = fetcher.data;
    if (page && "comments" in page) setPages((current) => (current.includes(page) ? current : [...current, page]));
  }, [fetcher.data]);
  const seen = new Set<number>();
  const comments = [data, ...pages]
    .flatMap((p) => p.comments)
    .filter((c) => {
      // A comment written meanwhile shifts the pages: show each one once.
      if (seen.has(c.id)) return false;
      seen.add(c.id);
      return true;
    });
  const nextPage = (pages.at(-1) ?? data).nextPage;
  const loading = fetcher.state !== "idle";
  return {
    comments,
    canLoad: interactive && nextPage !== null,
    loading,
    failed: fetcher.state === "idle" && fetcher.data !== undefined && "failed" in fetcher.data,
    load: () => {
      if (!loading && nextPage !== null) fetcher.load(`/comments/${postId}?page=${nextPage}`);
    },
  };
}

function CommentItem({ postId, comment, status }: { postId: number; comment: CommentView; status: CommentStatus }) {
  const t = useT();
  const locale = useLocale();
  const formKey = String(comment.id);
  const editError = status.form === formKey ? status.error : null;
  return (
    <li id={commentAnchor(comment.id)} className={`comment${comment.published ? "" : " comment--pending"}`}>
      <article className="comment__body" aria-label={`${comment.author.firstName}, ${formatDate(locale, comment.created_at, "long")}`}>
        <p className="comment__meta">
          <span className="comment__author">{comment.author.firstName}</span>
          <time className="comment__date" dateTime={comment.created_at}>
            {formatDate(locale, comment.created_at, "long")}
          </time>
          {comment.published ? null : <span className="comment__badge">{t("comments.pending")}</span>}
        </p>
        <p className="comment__content">{comment.content}</p>
        {!comment.published && comment.own ? <p className="comment__note">{t("comments.pendingNote")}</p> : null}
        {comment.own && comment.canEdit ? (
          // Keyed by the last change, so a saved edit closes the panel and shows the new text.
          <details key={comment.updated_at} className="comment__edit" open={editError !== null || undefined}>
            <summary>{t("comments.edit.open")}</summary>
            <CommentForm
              postId={postId}
              comment={comment}
              label={t("comments.edit.label")}
              submit={t("comments.edit.save")}
              serverError={editError}
            />
          </details>
        ) : null}
      </article>
    </li>
  );
}

function Composer({ postId, data, status }: { postId: number; data: CommentsData; status: CommentStatus }) {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const root = useRootData();
  const serverError = status.form === "new" ? status.error : null;
  if (!data.open) return <p className="comments__closed">{t("comments.closed")}</p>;
  if (!data.loggedIn) {
    const login = localizedPath("login", locale);
    const href = isValidInternalPath(location.pathname) ? `${login}?redirect=${encodeURIComponent(location.pathname)}` : login;
    return (
      <div className="comments__login">
        <p>{t("comments.login.text")}</p>
        <Link to={href} className="button button--ghost">
          {t("comments.login.link")}
        </Link>
      </div>
    );
  }
  if (!data.canPost) {
    return (
      <div id={COMMENT_FORM_ID} className="comments__composer">
        {serverError ? <Notice kind="error">{t(serverError, { length: COMMENT_MAX_LENGTH })}</Notice> : null}
        <p className="comments__closed">{t("comments.alreadyCommented")}</p>
      </div>
    );
  }
  const name = root.user?.details.firstName ?? "";
  return (
    <div id={COMMENT_FORM_ID} className="comments__composer">
      <h3 className="comments__form-title">{t("comments.form.title")}</h3>
      <CommentForm
        // A new form after a successful post; after an error the typed text stays.
        key={status.notice ? location.key : "form"}
        postId={postId}
        label={t("comments.form.label")}
        submit={t("comments.form.submit")}
        hint={[t("comments.form.hint", { max: COMMENT_MAX_LENGTH, name }), data.moderated ? t("comments.form.moderated") : ""]
          .join(" ")
          .trim()}
        serverError={serverError}
      />
    </div>
  );
}

interface CommentFormProps {
  postId: number;
  /** The comment being edited; without it, a new comment. */
  comment?: CommentView;
  label: string;
  submit: string;
  hint?: string;
  /** The i18n key of the error the last submit came back with. */
  serverError: string | null;
}

function CommentForm({ postId, comment, label, submit, hint, serverError }: CommentFormProps) {
  const t = useT();
  const location = useLocation();
  const navigation = useNavigation();
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const action = `/comments/${postId}`;
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  const errorKey = clientError ?? serverError;
  const fieldId = `${id}-content`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errorKey ? `${id}-error` : undefined;

  // Back from the server with an error: the field is where to continue.
  useEffect(() => {
    if (serverError) textarea.current?.focus();
  }, [serverError]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    const parsed = commentFormSchema.safeParse({ content: textarea.current?.value ?? "" });
    if (parsed.success) {
      setClientError(null);
      return;
    }
    event.preventDefault();
    setClientError(parsed.error.issues[0]?.message ?? "validation.invalid");
    textarea.current?.focus();
  };

  return (
    <Form method="post" action={action} noValidate className="comment-form" onSubmit={onSubmit} preventScrollReset>
      <input type="hidden" name="redirectTo" value={location.pathname} />
      <input type="hidden" name="intent" value={comment ? "update" : "create"} />
      {comment ? <input type="hidden" name="commentId" value={comment.id} /> : null}
      <div className={`field${errorKey ? " field--invalid" : ""}`}>
        <label htmlFor={fieldId}>{label}</label>
        {hint ? (
          <p className="field__hint" id={hintId}>
            {hint}
          </p>
        ) : null}
        <textarea
          ref={textarea}
          id={fieldId}
          name="content"
          rows={comment ? 4 : 5}
          required
          maxLength={COMMENT_MAX_LENGTH}
          defaultValue={comment?.content}
          aria-invalid={errorKey ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        />
        {errorKey ? (
          <p className="field__error" id={errorId} role="alert">
            {t(errorKey, { length: COMMENT_MAX_LENGTH })}
          </p>
        ) : null}
      </div>
      <p className="comment-form__actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {submit}
        </button>
      </p>
    </Form>
  );
}
