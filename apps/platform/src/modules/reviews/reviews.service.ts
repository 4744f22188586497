import {
  type AccountExport,
  type ModeratedReview,
  type ModerationFilterBody,
  makePagination,
  NUMBER_OF_STARS,
  type Paged,
  type ReviewCreateBody,
  type ReviewList,
  type ReviewOptions,
  type ReviewUpdateBody,
  type ReviewView,
  staffMay,
} from "@shop/contracts";
import type { Executor } from "@shop/db";
import { AppError, type FieldRefusal, fieldsError } from "../../http/app-error.ts";
import type { AuthUser, RequestCtx } from "../../http/context.ts";
import { enforceLimit } from "../../http/rate-limits.ts";
import { withTransaction } from "../../http/transaction.ts";
import { cleanPlainText } from "../../shared/plain-text.ts";
import { auditedDelete, recordChange } from "../audit/index.ts";
import { getOptions } from "../settings/index.ts";
import {
  allOfAuthor,
  countModerated,
  countPublished,
  deleteAllOfAuthor,
  deleteReview,
  findWithAuthor,
  insertReview,
  isReviewableProduct,
  ownReview,
  pageModerated,
  pagePublished,
  type ReviewWithAuthor,
  ratingSummary,
  updateReview as storeChange,
} from "./reviews.repository.ts";

/** SPEC §8 review errors; the texts live in reviews-api.json. */
const REVIEW_ERRORS = {
  ratingOrCommentRequired: "reviews.error.ratingOrCommentRequired",
  ratingRequired: "reviews.error.ratingRequired",
  commentRequired: "reviews.error.commentRequired",
  ratingRange: "reviews.error.ratingRange",
  onePerUser: "reviews.error.onePerUser",
  editNotAllowed: "reviews.error.editNotAllowed",
} as const;

/** New reviews per user and per address in ten minutes: a shopper reviews a few products, a script many. */
const CREATE_LIMIT = { perUser: 10, perIp: 30, windowS: 600 } as const;
const EDIT_LIMIT = { perUser: 20, windowS: 600 } as const;

/** The review schema accepts ratings up to 10; a NumberOfStars outside 1..10 is a misconfiguration. */
const MAX_STARS = 10;

const OPTION_KEYS = [
  "NumberOfStars",
  "RequireRatingForComment",
  "RequireCommentForRating",
  "AnonymousCanMultipleReview",
  "RequireRatingForCommentOnSite",
  "RequireCommentForRatingOnSite",
  "RequireAdminPublishing",
] as const;

/**
 * The review options of SPEC §3 from cms_options. The flags with the OnSite suffix are the ones for
 * reviews written on the site, which is where ours are written: when set they win over the plain
 * flag, which is the fallback. A missing flag is off; a missing or unusable NumberOfStars is 5.
 */
export async function reviewOptions(db: Executor): Promise<ReviewOptions> {
  const o = await getOptions(db, [...OPTION_KEYS]);
  const flag = (onSite: string | undefined, plain: string | undefined) => (onSite ?? plain) === "true";
  const stars = Number(o.NumberOfStars);
  return {
    NumberOfStars: Number.isInteger(stars) && stars >= 1 && stars <= MAX_STARS ? stars : NUMBER_OF_STARS,
    RequireRatingForComment: flag(o.RequireRatingForCommentOnSite, o.RequireRatingForComment),
    RequireCommentForRating: flag(o.RequireCommentForRatingOnSite, o.RequireCommentForRating),
    AnonymousCanMultipleReview: o.AnonymousCanMultipleReview === "true",
    RequireAdminPublishing: o.RequireAdminPublishing === "true",
  };
}

/**
 * SPEC §5 Reviews: a comment or a rating; with RequireRatingForComment a comment needs a rating, with
 * RequireCommentForRating a rating needs a comment; the rating is 1..NumberOfStars.
 */
function validReview(options: ReviewOptions, body: ReviewUpdateBody): { rating: number | null; content: string } {
  // Plain text like comments; never HTML, every view escapes it.
  const content = cleanPlainText(body.content);
  const rating = body.rating ?? null;
  if (content === "" && rating === null) {
    const key = REVIEW_ERRORS.ratingOrCommentRequired;
    throw fieldsError(
      [
        { path: "rating", key },
        { path: "content", key },
      ],
      key,
    );
  }
  const fields: FieldRefusal[] = [];
  if (rating !== null && rating > options.NumberOfStars) {
    fields.push({ path: "rating", key: REVIEW_ERRORS.ratingRange, params: { max: options.NumberOfStars } });
  }
  if (options.RequireRatingForComment && content !== "" && rating === null) {
    fields.push({ path: "rating", key: REVIEW_ERRORS.ratingRequired });
  }
  if (options.RequireCommentForRating && rating !== null && content === "") {
    fields.push({ path: "content", key: REVIEW_ERRORS.commentRequired });
  }
  const [first] = fields;
  // One plain rule broken: its own text says it best; otherwise the general one, with the fields.
  if (first) throw fieldsError(fields, fields.length === 1 && !first.params ? first.key : undefined);
  return { rating, content };
}

function toView(row: ReviewWithAuthor, user: AuthUser | null): ReviewView {
  const own = user !== null && row.user_id === user.id;
  return {
    id: row.id,
    product_id: row.product_id,
    author: { firstName: row.first_name },
    rating: row.rating,
    content: row.content,
    created_at: row.created_at,
    updated_at: row.updated_at,
    published: row.published === 1,
    own,
    canEdit: own || user?.isBackofficeUser === true,
  };
}

async function requireReviewableProduct(ctx: RequestCtx, productId: number): Promise<void> {
  if (!(await isReviewableProduct(ctx.db, productId))) throw new AppError("NOT_FOUND", "error.notFound");
}

/** Published reviews of a product page (and the reader's own while it waits), newest first, with the rating summary and what the reader may do. */
export async function filterReviews(ctx: RequestCtx, body: { product_id: number; page: number; limit: number }): Promise<ReviewList> {
  await requireReviewableProduct(ctx, body.product_id);
  const [options, total, rows, summary] = await Promise.all([
    reviewOptions(ctx.db),
    countPublished(ctx.db, body.product_id, ctx.user?.id ?? null),
    pagePublished(ctx.db, body.product_id, (body.page - 1) * body.limit, body.limit, ctx.user?.id ?? null),
    ratingSummary(ctx.db, body.product_id),
  ]);
  let viewer: ReviewList["viewer"] = null;
  if (ctx.user) {
    const own = await ownReview(ctx.db, body.product_id, ctx.user.id);
    viewer = { reviewed: own !== null, canReview: own === null, waiting: own !== null && !own.published };
  }
  return {
    records: rows.map((r) => toView(r, ctx.user)),
    pagination: makePagination(body.page, body.limit, total),
    summary,
    viewer,
    options,
  };
}

/**
 * A registered user's review of a product: one per user and product (SPEC §5). With
 * RequireAdminPublishing it waits unpublished for staff; staff's own reviews need no approval.
 */
export async function createReview(ctx: RequestCtx, user: AuthUser, body: ReviewCreateBody): Promise<ReviewView> {
  await enforceLimit(ctx, `review:ip:${ctx.ip}`, CREATE_LIMIT.perIp, CREATE_LIMIT.windowS);
  await enforceLimit(ctx, `review:user:${user.id}`, CREATE_LIMIT.perUser, CREATE_LIMIT.windowS);
  await requireReviewableProduct(ctx, body.product_id);
  const options = await reviewOptions(ctx.db);
  const { rating, content } = validReview(options, body);
  if (await ownReview(ctx.db, body.product_id, user.id)) throw new AppError("CONFLICT", REVIEW_ERRORS.onePerUser);
  const published = !options.RequireAdminPublishing || user.isBackofficeUser;
  const id = await insertReview(ctx.db, { productId: body.product_id, userId: user.id, rating, content, published });
  if (id === undefined) throw new AppError("CONFLICT", REVIEW_ERRORS.onePerUser);
  if (published) ctx.onContentChange(["reviews"]);
  const row = await findWithAuthor(ctx.db, id);
  if (!row) throw new AppError("INTERNAL", "error.generic");
  return toView(row, user);
}

/**
 * Only the author changes a review (staff may correct any, and publish or unpublish it); the new
 * version passes the same rules. An author's change waits for approval again under
 * RequireAdminPublishing (else an approved review could be turned into anything).
 */
export async function updateReview(ctx: RequestCtx, user: AuthUser, id: number, body: ReviewUpdateBody): Promise<ReviewView> {
  // Moderating is the content scope's (issue 12): other staff edit only their own, like a customer.
  const moderator = user.isBackofficeUser && staffMay(user.staff, "content");
  // The limit keeps a customer's script from rewriting reviews; moderators work through a whole queue.
  if (!moderator) await enforceLimit(ctx, `review-edit:user:${user.id}`, EDIT_LIMIT.perUser, EDIT_LIMIT.windowS);
  const current = await findWithAuthor(ctx.db, id);
  if (!current) throw new AppError("NOT_FOUND", "error.notFound");
  if (current.user_id !== user.id && !moderator) throw new AppError("FORBIDDEN", REVIEW_ERRORS.editNotAllowed);
  const options = await reviewOptions(ctx.db);
  const next = validReview(options, body);
  let published: boolean;
  if (moderator) {
    published = body.published ?? current.published === 1;
  } else {
    // Publishing is the moderators' decision.
    if (body.published !== undefined) throw new AppError("FORBIDDEN", "error.forbidden");
    const changed = next.content !== current.content || next.rating !== current.rating;
    published = changed ? !options.RequireAdminPublishing : current.published === 1;
  }
  const change = { ...next, published };
  if (moderator) {
    // A moderator's decision is a staff change: written with its audit row (issue 12).
    await withTransaction(ctx, async (tx) => {
      await storeChange(tx.db, id, change);
      const before = { rating: current.rating, content: current.content, published: current.published === 1 };
      await recordChange(tx, { entity: "review", entityId: id, action: "update", before, after: change });
    });
  } else {
    await storeChange(ctx.db, id, change);
  }
  // Visitors' pages show published reviews only: they change when one was or becomes visible.
  if (published || current.published === 1) ctx.onContentChange(["reviews"]);
  const row = await findWithAuthor(ctx.db, id);
  if (!row) throw new AppError("NOT_FOUND", "error.notFound");
  return toView(row, user);
}

export async function exportReviews(ctx: RequestCtx, userId: number): Promise<AccountExport["reviews"]> {
  const rows = await allOfAuthor(ctx.db, userId);
  return rows.map((r) => ({
    productId: r.product_id,
    rating: r.rating,
    content: r.content,
    published: r.published === 1,
    createdAt: r.created_at,
  }));
}

/**
 * A deleted account's reviews go, not only their author's name: what a person wrote about themselves
 * and their visit is their personal data, and nobody could correct or withdraw it any more.
 */
export async function forgetReviews(ctx: RequestCtx, userId: number): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    await deleteAllOfAuthor(tx.db, userId);
    tx.afterCommit(() => tx.onContentChange(["reviews"]));
  });
}

/** Issue 12's moderation queue: reviews of every product, waiting ones oldest first. */
export async function moderateReviews(ctx: RequestCtx, body: ModerationFilterBody): Promise<Paged<ModeratedReview>> {
  const [total, rows] = await Promise.all([
    countModerated(ctx.db, body.state),
    pageModerated(ctx.db, body.state, ctx.locale, (body.page - 1) * body.limit, body.limit),
  ]);
  return {
    records: rows.map((r) => ({
      id: r.id,
      product: { id: r.product_id, name: String(r.product_name) },
      author: { id: r.author_id, name: `${r.first_name} ${r.last_name}`.trim(), email: r.email },
      rating: r.rating,
      content: r.content,
      published: r.published === 1,
      createdAt: r.created_at,
    })),
    pagination: makePagination(body.page, body.limit, total),
  };
}

/** Rejecting a review deletes it; one that was shown leaves the pages that showed it. */
export async function removeReview(ctx: RequestCtx, id: number): Promise<void> {
  const removed = await auditedDelete(ctx, "review", id, (tx) => deleteReview(tx.db, id));
  if (!removed) throw new AppError("NOT_FOUND", "error.notFound");
  if (removed.published) ctx.afterCommit(() => ctx.onContentChange(["reviews"]));
}
