import {
  COMMENT_POLICY_REGISTERED,
  type CommentCreateBody,
  type CommentFilterBody,
  type CommentList,
  type CommentOptions,
  type CommentUpdateBody,
  type CommentView,
  makePagination,
} from "@shop/contracts";
import type { Database } from "@shop/db";
import { t } from "@shop/i18n";
import type { Kysely } from "kysely";
import { AppError } from "../../http/app-error.ts";
import type { AuthUser, RequestCtx } from "../../http/context.ts";
import { enforceLimit } from "../../http/rate-limits.ts";
import { getOptions } from "../settings/index.ts";
import {
  type CommentWithAuthor,
  countVisible,
  findWithAuthor,
  hasCommented,
  isCommentablePost,
  pageVisible,
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
export async function commentOptions(db: Kysely<Database>): Promise<CommentOptions> {
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
 * Comments are plain text: kept as written, minus control characters (line breaks and tabs stay),
 * with Windows line breaks unified. They are never HTML, so nothing is stripped from what people
 * write; every view escapes them (React does on the storefront).
 */
function cleanCommentText(text: string): string {
  return (
    text
      .normalize("NFC")
      .replace(/\r\n?/g, "\n")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, "")
      .trim()
  );
}

function requiredContent(ctx: RequestCtx, content: string): string {
  const cleaned = cleanCommentText(content);
  if (cleaned === "") {
    throw new AppError("VALIDATION_ERROR", "error.validation", {
      fields: [{ path: "content", key: "validation.required", message: t(ctx.locale, "validation.required") }],
    });
  }
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
  const content = requiredContent(ctx, body.content);
  if (options.OneUserOneComment && (await hasCommented(ctx.db, body.post_id, user.id))) {
    throw new AppError("CONFLICT", COMMENT_ERRORS.onePerUser);
  }
  const published = !options.RequireAdminPublishing || user.isBackofficeUser;
  const now = new Date().toISOString();
  const inserted = await ctx.db
    .insertInto("comments")
    .values({
      post_id: body.post_id,
      user_id: user.id,
      content,
      published: published ? 1 : 0,
      single_author: options.OneUserOneComment ? user.id : null,
      created_at: now,
      updated_at: now,
    })
    // A parallel request that passed the check above loses here, on the unique index.
    .onConflict((oc) => oc.columns(["post_id", "single_author"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) throw new AppError("CONFLICT", COMMENT_ERRORS.onePerUser);
  if (published) ctx.onContentChange(["comments"]);
  const row = await findWithAuthor(ctx.db, inserted.id);
  if (!row) throw new AppError("INTERNAL", "error.generic");
  return toView(row, user, options);
}

/**
 * The author may change the content when UserCanEditComment is on; the change waits for approval
 * again under RequireAdminPublishing (else an approved comment could be turned into anything).
 * Staff may change any comment and publish or unpublish it.
 */
export async function updateComment(ctx: RequestCtx, user: AuthUser, id: number, body: CommentUpdateBody): Promise<CommentView> {
  await enforceLimit(ctx, `comment-edit:user:${user.id}`, EDIT_LIMIT.perUser, EDIT_LIMIT.windowS);
  const current = await findWithAuthor(ctx.db, id);
  if (!current) throw new AppError("NOT_FOUND", "error.notFound");
  const options = await commentOptions(ctx.db);
  const content = body.content === undefined ? undefined : requiredContent(ctx, body.content);
  let published: boolean;
  if (user.isBackofficeUser) {
    published = body.published ?? current.published === 1;
  } else {
    if (current.user_id !== user.id || !options.UserCanEditComment) throw new AppError("FORBIDDEN", COMMENT_ERRORS.editNotAllowed);
    if (!commentsOpen(options)) throw new AppError("FORBIDDEN", COMMENT_ERRORS.disabled);
    // Publishing is the moderators' decision.
    if (body.published !== undefined) throw new AppError("FORBIDDEN", "error.forbidden");
    published = content === undefined || content === current.content ? current.published === 1 : !options.RequireAdminPublishing;
  }
  await ctx.db
    .updateTable("comments")
    .set({ content: content ?? current.content, published: published ? 1 : 0, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
  // Visitors' pages show published comments only: they change when one was or becomes visible.
  if (published || current.published === 1) ctx.onContentChange(["comments"]);
  const row = await findWithAuthor(ctx.db, id);
  if (!row) throw new AppError("NOT_FOUND", "error.notFound");
  return toView(row, user, options);
}
