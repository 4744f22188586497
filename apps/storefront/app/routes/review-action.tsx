import { api } from "@shop/contracts/api";
import { redirect } from "react-router";
import { failureKey } from "../features/errors/failure-key.ts";
import { formText } from "../features/forms/form-values.ts";
import { readOwnPost } from "../features/forms/own-post.server.ts";
import {
  checkReview,
  parseRating,
  REVIEW_NOTICE,
  type ReviewError,
  type ReviewField,
  reviewStatusUrl,
  SHOWN_ERROR_KEYS,
} from "../features/reviews/review-status.ts";
import type { Route } from "./+types/review-action";

/** The review form has nothing to show on its own: a visit goes home. */
export function loader() {
  return redirect("/");
}

/** The field a platform error belongs to, from its field errors (rating first: it is above the text). */
function fieldOf(fields: { path: string }[] | undefined): ReviewField {
  const paths = new Set((fields ?? []).map((f) => f.path));
  if (paths.has("rating") && paths.has("content")) return "form";
  if (paths.has("rating")) return "rating";
  if (paths.has("content")) return "content";
  return "form";
}

/**
 * The review forms post here (a new review or an edit of one's own). Whatever happens, the answer
 * is a redirect back to the product with the outcome in the query, so the form works without
 * JavaScript and with it.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const {
    form,
    target,
    parentId: productId,
    session,
    editing,
    ownId: reviewId,
    formKey,
  } = await readOwnPost(request, context, params.productId, "reviewId");
  const fail = (error: ReviewError) => redirect(reviewStatusUrl(target, { error, form: formKey }), 303);

  const rating = parseRating(formText(form, "rating"));
  const content = formText(form, "content");
  if (rating === "invalid") throw fail({ key: "validation.invalid", field: "rating" });
  // The options decide which of rating and comment are required: checked here too, so a visitor
  // without JavaScript gets the same message before the platform is asked to write.
  const options = await session.platform.call(api.reviews.filterReviews, { body: { product_id: productId, page: 1, limit: 1 } });
  if (options.ok) {
    const problem = checkReview(options.data.options, rating, content);
    if (problem) throw fail(problem);
  }

  const body = { rating, content: content.trim() };
  const result = editing
    ? await session.platform.call(api.reviews.updateReview, { params: { id: Number(reviewId) }, body })
    : await session.platform.call(api.reviews.createReview, { body: { product_id: productId, ...body } });
  if (!result.ok) {
    const shown = failureKey(result, SHOWN_ERROR_KEYS);
    throw fail({ key: shown, field: fieldOf(result.error.payload.fields) });
  }
  throw redirect(reviewStatusUrl(target, { notice: editing ? REVIEW_NOTICE.updated : REVIEW_NOTICE.created, review: result.data.id }), 303);
}
