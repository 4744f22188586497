import { REVIEW_MAX, type ReviewOptions } from "@shop/contracts";

/**
 * The outcome of a review form travels back to the product page in its query string (the form
 * posts to /reviews/:productId, which redirects back), so it shows with and without JavaScript.
 * camelCase names: they never clash with the attribute codes the variant selectors use.
 */
const PARAM = { notice: "reviewNotice", error: "reviewError", field: "reviewField", form: "reviewForm" } as const;

/** Query parameter of the review page shown. */
export const REVIEW_PAGE_PARAM = "reviewPage";

export const REVIEW_NOTICE = { created: "created", updated: "updated" } as const;
type Notice = (typeof REVIEW_NOTICE)[keyof typeof REVIEW_NOTICE];
const NOTICES = new Set<string>(Object.values(REVIEW_NOTICE));

export type ReviewField = "rating" | "content" | "form";
const FIELDS = new Set<string>(["rating", "content", "form"]);

/** The message keys a redirect may carry (the platform's review errors and the general ones). */
export const SHOWN_ERROR_KEYS: ReadonlySet<string> = new Set([
  "reviews.error.ratingOrCommentRequired",
  "reviews.error.ratingRequired",
  "reviews.error.commentRequired",
  "reviews.error.ratingRange",
  "reviews.error.onePerUser",
  "reviews.error.editNotAllowed",
  "validation.maxLength",
  "validation.invalid",
  "error.notFound",
  "error.rateLimited",
  "error.generic",
]);

export const REVIEW_FORM_ID = "review-form";
export const reviewAnchor = (id: number | string) => `review-${id}`;

export interface ReviewError {
  key: string;
  field: ReviewField;
}

/**
 * SPEC §5 Reviews, the same rules as the platform's, checked before sending: a rating or a comment;
 * per the options a comment needs a rating and a rating needs a comment.
 */
export function checkReview(options: ReviewOptions, rating: number | null, content: string): ReviewError | null {
  const text = content.trim();
  if (text === "" && rating === null) return { key: "reviews.error.ratingOrCommentRequired", field: "form" };
  if (rating !== null && (!Number.isInteger(rating) || rating < 1 || rating > options.NumberOfStars)) {
    return { key: "reviews.error.ratingRange", field: "rating" };
  }
  if (text.length > REVIEW_MAX) return { key: "validation.maxLength", field: "content" };
  if (options.RequireRatingForComment && text !== "" && rating === null) return { key: "reviews.error.ratingRequired", field: "rating" };
  if (options.RequireCommentForRating && rating !== null && text === "") return { key: "reviews.error.commentRequired", field: "content" };
  return null;
}

/** A rating field's value: '' (none) or a whole number. */
export function parseRating(raw: string): number | null | "invalid" {
  if (raw === "") return null;
  return /^\d{1,2}$/.test(raw) ? Number(raw) : "invalid";
}

export function reviewStatusUrl(
  target: string,
  outcome: { notice: Notice; review: number } | { error: ReviewError; form: string },
): string {
  const query = new URLSearchParams();
  let anchor: string;
  if ("notice" in outcome) {
    query.set(PARAM.notice, outcome.notice);
    anchor = reviewAnchor(outcome.review);
  } else {
    query.set(PARAM.error, outcome.error.key);
    query.set(PARAM.field, outcome.error.field);
    query.set(PARAM.form, outcome.form);
    anchor = outcome.form === "new" ? REVIEW_FORM_ID : reviewAnchor(outcome.form);
  }
  return `${target}?${query}#${anchor}`;
}

export interface ReviewStatus {
  notice: Notice | null;
  error: ReviewError | null;
  /** 'new' or the id of the review whose edit form the error belongs to. */
  form: string | null;
}

export function readReviewStatus(search: URLSearchParams): ReviewStatus {
  const notice = search.get(PARAM.notice);
  const key = search.get(PARAM.error);
  const field = search.get(PARAM.field) ?? "form";
  const form = search.get(PARAM.form);
  return {
    notice: notice && NOTICES.has(notice) ? (notice as Notice) : null,
    error: key && SHOWN_ERROR_KEYS.has(key) ? { key, field: FIELDS.has(field) ? (field as ReviewField) : "form" } : null,
    form: form && /^(new|\d{1,10})$/.test(form) ? form : null,
  };
}
