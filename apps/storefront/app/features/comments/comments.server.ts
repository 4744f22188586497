import { COMMENT_POLICY_REGISTERED, type CommentList, type CommentView } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import type { Platform } from "../../platform.server.ts";

/** Comments shown at first; more come through the /comments/:postId loader ('show more'). */
const COMMENTS_PAGE_SIZE = 20;

/** One page of a post's comments and the number of the next page, if there is one. */
export interface CommentsPage {
  comments: CommentView[];
  nextPage: number | null;
}

/** Everything the comments section under a post needs. */
export interface CommentsData extends CommentsPage {
  postId: number;
  total: number;
  /** The platform token belongs to a user. */
  loggedIn: boolean;
  /** CanCommentOnBlog lets registered users comment. */
  open: boolean;
  /** The logged-in user may post (comments open, and OneUserOneComment not used up). */
  canPost: boolean;
  /** New comments wait for an administrator (RequireAdminPublishing). */
  moderated: boolean;
  /** The platform could not answer: the post still shows, with a short notice instead of comments. */
  failed: boolean;
}

/**
 * A page of comments as the caller sees them: a visitor's answer is the same for everyone and is
 * served from the public-data cache (emptied when a comment is published); a user's includes
 * their own pending comments and is never shared.
 */
export async function fetchComments(platform: Platform, postId: number, page: number): Promise<CommentList | null> {
  const result = await platform.callShared(api.comments.filterComments, { body: { post_id: postId, page, limit: COMMENTS_PAGE_SIZE } });
  return result.ok ? result.data : null;
}

export function commentsPage(list: CommentList): CommentsPage {
  const { page, lastPage } = list.pagination;
  return { comments: list.records, nextPage: page < lastPage ? page + 1 : null };
}

/** Reads the comments of a post and the comment options (SPEC §3) through the platform. */
export async function loadComments(platform: Platform, postId: number): Promise<CommentsData> {
  const [list, options] = await Promise.all([
    fetchComments(platform, postId, 1),
    platform.callPublic(api.comments.getOptions, { body: {} }),
  ]);
  if (!list || !options.ok) {
    return {
      postId,
      comments: [],
      nextPage: null,
      total: 0,
      loggedIn: !platform.anonymous,
      open: false,
      canPost: false,
      moderated: false,
      failed: true,
    };
  }
  return {
    postId,
    ...commentsPage(list),
    total: list.pagination.total,
    // The platform's own word on the token: an expired one counts as a visitor.
    loggedIn: list.viewer !== null,
    open: options.data.CanCommentOnBlog === COMMENT_POLICY_REGISTERED,
    canPost: list.viewer?.canComment ?? false,
    moderated: options.data.RequireAdminPublishing,
    failed: false,
  };
}
