import { isValidInternalPath, localizedPath, REVIEW_MAX, type ReviewOptions, type ReviewView } from "@shop/contracts";
import { formatDate } from "@shop/i18n";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { useLocale, useT } from "../../ui/i18n.tsx";
import { Notice } from "../../ui/notice.tsx";
import {
  checkReview,
  parseRating,
  REVIEW_FORM_ID,
  REVIEW_PAGE_PARAM,
  type ReviewError,
  type ReviewStatus,
  readReviewStatus,
  reviewAnchor,
} from "./review-status.ts";
import type { ReviewsData } from "./reviews.server.ts";
import { Stars } from "./stars.tsx";

/**
 * SPEC §5 Reviews under a product: the rating summary, the list (newest first, paged), the form for
 * logged-in customers and editing one's own review; visitors get a link to log in. Every form posts
 * to /reviews/:productId and works without JavaScript.
 */
export function ReviewsSection({ data }: { data: ReviewsData }) {
  const t = useT();
  const location = useLocation();
  const status = readReviewStatus(new URLSearchParams(location.search));
  const { list } = data;
  return (
    <section className="reviews" id="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">{t("reviews.title")}</h2>
      {list === null ? (
        <Notice kind="info">{t("reviews.loadFailed")}</Notice>
      ) : (
        <>
          <p className="reviews__summary">
            {list.summary.count > 0 ? (
              <>
                <Stars value={list.summary.average} max={list.options.NumberOfStars} />
                <span className="reviews__count">{t("reviews.count", { count: list.summary.count })}</span>
              </>
            ) : (
              <span className="reviews__count">{t("reviews.noRatings")}</span>
            )}
          </p>
          {status.notice ? <Notice kind="success">{t(`reviews.notice.${status.notice}`)}</Notice> : null}
          {list.records.length === 0 ? (
            <p className="reviews__empty">{t("reviews.empty")}</p>
          ) : (
            <ol className="reviews__list">
              {list.records.map((review) => (
                <ReviewItem key={review.id} productId={data.productId} review={review} options={list.options} status={status} />
              ))}
            </ol>
          )}
          <ReviewPager page={list.pagination.page} lastPage={list.pagination.lastPage} />
          <Composer data={data} status={status} />
        </>
      )}
    </section>
  );
}

function ReviewPager({ page, lastPage }: { page: number; lastPage: number }) {
  const t = useT();
  const { pathname } = useLocation();
  if (lastPage <= 1) return null;
  const href = (n: number) => `${pathname}${n > 1 ? `?${REVIEW_PAGE_PARAM}=${n}` : ""}#reviews`;
  return (
    <nav className="reviews__pager" aria-label={t("reviews.pages")}>
      {page > 1 ? (
        <Link to={href(page - 1)} className="button button--ghost button--small" preventScrollReset>
          {t("reviews.newer")}
        </Link>
      ) : null}
      <span className="reviews__page">{t("reviews.page", { page, lastPage })}</span>
      {page < lastPage ? (
        <Link to={href(page + 1)} className="button button--ghost button--small" preventScrollReset>
          {t("reviews.older")}
        </Link>
      ) : null}
    </nav>
  );
}

function ReviewItem({
  productId,
  review,
  options,
  status,
}: {
  productId: number;
  review: ReviewView;
  options: ReviewOptions;
  status: ReviewStatus;
}) {
  const t = useT();
  const locale = useLocale();
  const formKey = String(review.id);
  const editError = status.form === formKey ? status.error : null;
  return (
    <li id={reviewAnchor(review.id)} className="review">
      <article className="review__body" aria-label={`${review.author.firstName}, ${formatDate(locale, review.created_at, "long")}`}>
        <p className="review__meta">
          <span className="review__author">{review.author.firstName}</span>
          {review.published ? null : <span className="review__waiting">{t("reviews.waitingBadge")}</span>}
          <time className="review__date" dateTime={review.created_at}>
            {formatDate(locale, review.created_at, "long")}
          </time>
        </p>
        {review.rating !== null ? <Stars value={review.rating} max={options.NumberOfStars} className="review__stars" /> : null}
        {review.content ? <p className="review__content">{review.content}</p> : null}
        {/* Only the author edits here (SPEC §5: editing someone else's review is forbidden). */}
        {review.own ? (
          <details key={review.updated_at} className="review__edit" open={editError !== null || undefined}>
            <summary>{t("reviews.edit.open")}</summary>
            <ReviewForm productId={productId} review={review} options={options} submit={t("reviews.edit.save")} serverError={editError} />
          </details>
        ) : null}
      </article>
    </li>
  );
}

function Composer({ data, status }: { data: ReviewsData; status: ReviewStatus }) {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const list = data.list;
  if (!list) return null;
  const serverError = status.form === "new" ? status.error : null;
  if (list.viewer === null) {
    const login = localizedPath("login", locale);
    const href = isValidInternalPath(location.pathname) ? `${login}?redirect=${encodeURIComponent(location.pathname)}` : login;
    return (
      <p className="reviews__login">
        <Link to={href}>{t("reviews.login")}</Link>
      </p>
    );
  }
  if (!list.viewer.canReview) {
    return (
      <div id={REVIEW_FORM_ID} className="reviews__composer">
        {serverError ? <Notice kind="error">{t(serverError.key, { length: REVIEW_MAX, max: list.options.NumberOfStars })}</Notice> : null}
        <p className="reviews__done">{t(list.viewer.waiting ? "reviews.waiting" : "reviews.alreadyReviewed")}</p>
      </div>
    );
  }
  return (
    <div id={REVIEW_FORM_ID} className="reviews__composer">
      <h3>{t("reviews.form.title")}</h3>
      <ReviewForm
        key={status.notice ? location.key : "form"}
        productId={data.productId}
        options={list.options}
        submit={t("reviews.form.submit")}
        serverError={serverError}
      />
    </div>
  );
}

interface ReviewFormProps {
  productId: number;
  review?: ReviewView;
  options: ReviewOptions;
  submit: string;
  serverError: ReviewError | null;
}

function ReviewForm({ productId, review, options, submit, serverError }: ReviewFormProps) {
  const t = useT();
  const location = useLocation();
  const navigation = useNavigation();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [clientError, setClientError] = useState<ReviewError | null>(null);
  const action = `/reviews/${productId}`;
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  const error = clientError ?? serverError;
  const errorText = error ? t(error.key, { length: REVIEW_MAX, max: options.NumberOfStars }) : "";
  const ratingErrorId = `${id}-rating-error`;
  const contentErrorId = `${id}-content-error`;
  const formErrorId = `${id}-form-error`;
  const max = options.NumberOfStars;

  const focusField = (field: ReviewError["field"]) => {
    const target =
      field === "content"
        ? form.current?.querySelector<HTMLElement>("textarea")
        : form.current?.querySelector<HTMLElement>('input[name="rating"]:checked, input[name="rating"]');
    target?.focus();
  };

  useEffect(() => {
    if (serverError) focusField(serverError.field);
  }, [serverError]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    const values = new FormData(event.currentTarget);
    const rating = parseRating(String(values.get("rating") ?? ""));
    const problem =
      rating === "invalid"
        ? { key: "validation.invalid", field: "rating" as const }
        : checkReview(options, rating, String(values.get("content") ?? ""));
    setClientError(problem);
    if (problem) {
      event.preventDefault();
      focusField(problem.field);
    }
  };

  const describe = (field: ReviewError["field"], errorId: string) => (error?.field === field ? errorId : undefined);
  return (
    <Form ref={form} method="post" action={action} noValidate className="review-form" onSubmit={onSubmit} preventScrollReset>
      <input type="hidden" name="redirectTo" value={location.pathname} />
      <input type="hidden" name="intent" value={review ? "update" : "create"} />
      {review ? <input type="hidden" name="reviewId" value={review.id} /> : null}
      {error?.field === "form" ? (
        <p className="field__error review-form__error" id={formErrorId} role="alert">
          {errorText}
        </p>
      ) : null}
      <fieldset
        className={`star-input${error?.field === "rating" ? " star-input--invalid" : ""}`}
        aria-describedby={describe("rating", ratingErrorId)}
      >
        <legend>
          {t("reviews.form.rating")}
          {options.RequireRatingForComment ? <span className="review-form__rule"> {t("reviews.form.ratingRule")}</span> : null}
        </legend>
        <div className="star-input__choices">
          {/* Highest first in the markup and reversed on screen: a checked star lights the ones before it (CSS ~). */}
          {Array.from({ length: max }, (_, i) => max - i).map((n) => (
            <span key={n} className="star-input__choice">
              <input
                type="radio"
                id={`${id}-rating-${n}`}
                name="rating"
                value={n}
                defaultChecked={review?.rating === n}
                aria-invalid={error?.field === "rating" || undefined}
              />
              <label htmlFor={`${id}-rating-${n}`} className="star-input__star">
                <span aria-hidden="true">★</span>
                <span className="sr-only">{t("reviews.stars", { value: n, max })}</span>
              </label>
            </span>
          ))}
        </div>
        <span className="star-input__none">
          <input type="radio" id={`${id}-rating-none`} name="rating" value="" defaultChecked={!review || review.rating === null} />
          <label htmlFor={`${id}-rating-none`}>{t("reviews.form.noRating")}</label>
        </span>
        {error?.field === "rating" ? (
          <p className="field__error" id={ratingErrorId} role="alert">
            {errorText}
          </p>
        ) : null}
      </fieldset>
      <div className={`field${error?.field === "content" ? " field--invalid" : ""}`}>
        <label htmlFor={`${id}-content`}>
          {t("reviews.form.content")}
          {options.RequireCommentForRating ? <span className="review-form__rule"> {t("reviews.form.contentRule")}</span> : null}
        </label>
        <textarea
          id={`${id}-content`}
          name="content"
          rows={4}
          maxLength={REVIEW_MAX}
          defaultValue={review?.content}
          aria-invalid={error?.field === "content" || undefined}
          aria-describedby={describe("content", contentErrorId) ?? describe("form", formErrorId)}
        />
        {error?.field === "content" ? (
          <p className="field__error" id={contentErrorId} role="alert">
            {errorText}
          </p>
        ) : null}
      </div>
      <p className="review-form__actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {submit}
        </button>
      </p>
    </Form>
  );
}
