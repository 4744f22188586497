import {
  type AccountExport,
  COMMENT_POLICY_REGISTERED,
  type CommentCreateBody,
  type CommentFilterBody,
  type CommentList,
  type CommentOptions,
  type CommentUpdateBody,
  type CommentView,
  type ModeratedComment,
  type ModerationFilterBody,
  makePagination,
  type Paged,
  staffMay,
} from "@shop/contracts";
import type { Executor } from "@shop/db";
import { AppError, fieldsError } from "../../http/app-error.ts";
import type { AuthUser, RequestCtx } from "../../http/context.ts";
import { enforceLimit } from "../../http/rate-limits.ts";
import { withTransaction } from "../../http/transaction.ts";
import { cleanPlainText } from "../../shared/plain-text.ts";
import { auditedDelete, recordChange } from "../audit/index.ts";
import { getOptions } from "../settings/index.ts";
import {
  allOfAuthor,
  type CommentWithAuthor,
  countModerated,
  countVisible,
  deleteAllOfAuthor,
  deleteComment,
  findWithAuthor,
  hasCommented,
  insertComment,
  isCommentablePost,
  pageModerated,
  pageVisible,
  updateComment as storeChange,
  type Visibility,
} from "./comments.repository.ts";

/** SPEC §8 comment errors; the texts live under comments.error.* in the content messages. */
const COMMENT_ERRORS = {
  disabled: "comments.error.disabled",
  onePerUser: "comments.error.onePerUser",
  editNotAllowed: "comments.error.editNotAllowed",
} as const;

/** New comments per user and per address in ten minutes: plenty for people, little for a script. */
const CREATE_LIMIT = { perUser: 5, perIp: 20, windowS: 600 } as const;
const EDIT_LIMIT = { perUser: 20, windowS: 600 } as const;

const OPTION_KEYS = ["CanCommentOnBlog", "RequireAdminPublishing", "OneUserOneComment", "UserCanEditComment"] as const;

/** The comment options of SPEC §3 from cms_options; a missing flag is off, a missing policy closes comments. */
export async function commentOptions(db: Executor): Promise<CommentOptions> {
  const o = await getOptions(db, [...OPTION_KEYS]);
  return {
    CanCommentOnBlog: o.CanCommentOnBlog ?? "",
    RequireAdminPublishing: o.RequireAdminPublishing === "true",
    OneUserOneComment: o.OneUserOneComment === "true",
    UserCanEditComment: o.UserCanEditComment === "true",
  };
}

const commentsOpen = (options: CommentOptions) => options.CanCommentOnBlog === COMMENT_POLICY_REGISTERED;

function toView(row: CommentWithAuthor, user: AuthUser | null, options: CommentOptions): CommentView {
  const own = user !== null && row.user_id === user.id;
  return {
    id: row.id,
    post_id: row.post_id,
    author: { firstName: row.first_name },
    content: row.content,
    published: row.published === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
    own,
    canEdit: user?.isBackofficeUser === true || (own && options.UserCanEditComment && commentsOpen(options)),
  };
}

/**
 * Comments are plain text, never HTML: nothing is stripped from what people write but control and
 * direction characters; every view escapes them (React does on the storefront).
 */
function requiredContent(content: string): string {
  const cleaned = cleanPlainText(content);
  if (cleaned === "") throw fieldsError([{ path: "content", key: "validation.required" }]);
  return cleaned;
}

async function requireCommentablePost(ctx: RequestCtx, postId: number): Promise<void> {
  if (!(await isCommentablePost(ctx.db, postId))) throw new AppError("NOT_FOUND", "error.notFound");
}

/** Published comments of a post, plus the caller's own pending ones (staff see all), oldest first. */
export async function filterComments(ctx: RequestCtx, body: CommentFilterBody): Promise<CommentList> {
  await requireCommentablePost(ctx, body.post_id);
  const options = await commentOptions(ctx.db);
  const visibility: Visibility = { userId: ctx.user?.id ?? null, all: ctx.user?.isBackofficeUser === true };
  const [total, rows] = await Promise.all([
    countVisible(ctx.db, body.post_id, visibility),
    pageVisible(ctx.db, body.post_id, visibility, (body.page - 1) * body.limit, body.limit),
  ]);
  let viewer: CommentList["viewer"] = null;
  if (ctx.user) {
    const commented = await hasCommented(ctx.db, body.post_id, ctx.user.id);
    viewer = { commented, canComment: commentsOpen(options) && !(options.OneUserOneComment && commented) };
  }
  return {
    records: rows.map((r) => toView(r, ctx.user, options)),
    pagination: makePagination(body.page, body.limit, total),
    viewer,
  };
}

/**
 * A registered user's comment (SPEC §3 CanCommentOnBlog = RegisteredUsers). With
 * RequireAdminPublishing it waits unpublished for staff; staff's own comments need no approval.
 */
export async function createComment(ctx: RequestCtx, user: AuthUser, body: CommentCreateBody): Promise<CommentView> {
  await enforceLimit(ctx, `comment:ip:${ctx.ip}`, CREATE_LIMIT.perIp, CREATE_LIMIT.windowS);
  await enforceLimit(ctx, `comment:user:${user.id}`, CREATE_LIMIT.perUser, CREATE_LIMIT.windowS);
  const options = await commentOptions(ctx.db);
  if (!commentsOpen(options)) throw new AppError("FORBIDDEN", COMMENT_ERRORS.disabled);
  await requireCommentablePost(ctx, body.post_id);
  const content = requiredContent(body.content);
  if (options.OneUserOneComment && (await hasCommented(ctx.db, body.post_id, user.id))) {
    throw new AppError("CONFLICT", COMMENT_ERRORS.onePerUser);
  }
  const published = !options.RequireAdminPublishing || user.isBackofficeUser;
  const id = await insertComment(ctx.db, {
    postId: body.post_id,
    userId: user.id,
    content,
    published,
    singleAuthor: options.OneUserOneComment ? user.id : null,
  });
  // A parallel request that passed the check above lost on the unique index.
  if (id === undefined) throw new AppError("CONFLICT", COMMENT_ERRORS.onePerUser);
  if (published) ctx.onContentChange(["comments"]);
  const row = await findWithAuthor(ctx.db, id);
  if (!row) throw new AppError("INTERNAL", "error.generic");
  return toView(row, user, options);
}

/**
 * The author may change the content when UserCanEditComment is on; the change waits for approval
 * again under RequireAdminPublishing (else an approved comment could be turned into anything).
 * Staff may change any comment and publish or unpublish it.
 */
export async function updateComment(ctx: RequestCtx, user: AuthUser, id: number, body: CommentUpdateBody): Promise<CommentView> {
  // Moderating is the content scope's (issue 12): other staff edit only their own, like a customer.
  const moderator = user.isBackofficeUser && staffMay(user.staff, "content");
  // The limit keeps a customer's script from rewriting comments; moderators work through a whole queue.
  if (!moderator) await enforceLimit(ctx, `comment-edit:user:${user.id}`, EDIT_LIMIT.perUser, EDIT_LIMIT.windowS);
  const current = await findWithAuthor(ctx.db, id);
  if (!current) throw new AppError("NOT_FOUND", "error.notFound");
  const options = await commentOptions(ctx.db);
  const content = body.content === undefined ? undefined : requiredContent(body.content);
  let published: boolean;
  if (moderator) {
    published = body.published ?? current.published === 1;
  } else {
    if (current.user_id !== user.id || !options.UserCanEditComment) throw new AppError("FORBIDDEN", COMMENT_ERRORS.editNotAllowed);
    if (!commentsOpen(options)) throw new AppError("FORBIDDEN", COMMENT_ERRORS.disabled);
    // Publishing is the moderators' decision.
    if (body.published !== undefined) throw new AppError("FORBIDDEN", "error.forbidden");
    published = content === undefined || content === current.content ? current.published === 1 : !options.RequireAdminPublishing;
  }
  const change = { content: content ?? current.content, published };
  if (moderator) {
    // A moderator's decision is a staff change: written with its audit row (issue 12).
    await withTransaction(ctx, async (tx) => {
      await storeChange(tx.db, id, change);
      const before = { content: current.content, published: current.published === 1 };
      await recordChange(tx, { entity: "comment", entityId: id, action: "update", before, after: change });
    });
  } else {
    await storeChange(ctx.db, id, change);
  }
  // Visitors' pages show published comments only: they change when one was or becomes visible.
  if (published || current.published === 1) ctx.onContentChange(["comments"]);
  const row = await findWithAuthor(ctx.db, id);
  if (!row) throw new AppError("NOT_FOUND", "error.notFound");
  return toView(row, user, options);
}

export async function exportComments(ctx: RequestCtx, userId: number): Promise<AccountExport["comments"]> {
  const rows = await allOfAuthor(ctx.db, userId);
  return rows.map((r) => ({ postId: r.post_id, content: r.content, published: r.published === 1, createdAt: r.created_at }));
}

/**
 * A deleted account's comments go, not only their author's name: what a person wrote about themselves
 * and their visit is their personal data, and nobody could correct or withdraw it any more.
 */
export async function forgetComments(ctx: RequestCtx, userId: number): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    await deleteAllOfAuthor(tx.db, userId);
    tx.afterCommit(() => tx.onContentChange(["comments"]));
  });
}

/** Issue 12's moderation queue: comments of every post, waiting ones oldest first. */
export async function moderateComments(ctx: RequestCtx, body: ModerationFilterBody): Promise<Paged<ModeratedComment>> {
  const [total, rows] = await Promise.all([
    countModerated(ctx.db, body.state),
    pageModerated(ctx.db, body.state, ctx.locale, (body.page - 1) * body.limit, body.limit),
  ]);
  return {
    records: rows.map((r) => ({
      id: r.id,
      post: { id: r.post_id, title: String(r.post_title) },
      author: { id: r.author_id, name: `${r.first_name} ${r.last_name}`.trim(), email: r.email },
      content: r.content,
      published: r.published === 1,
      createdAt: r.created_at,
    })),
    pagination: makePagination(body.page, body.limit, total),
  };
}

/** Rejecting a comment deletes it; one that was shown leaves the pages that showed it. */
export async function removeComment(ctx: RequestCtx, id: number): Promise<void> {
  const removed = await auditedDelete(ctx, "comment", id, (tx) => deleteComment(tx.db, id));
  if (!removed) throw new AppError("NOT_FOUND", "error.notFound");
  if (removed.published) ctx.afterCommit(() => ctx.onContentChange(["comments"]));
}
