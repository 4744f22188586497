import type { Pagination as PageInfo } from "@shop/contracts";
import { type MouseEvent, useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation, useNavigation } from "react-router";
import { useT } from "../../ui/i18n.tsx";
import { Pagination } from "./pagination.tsx";
import { PostCard, type PostCardData } from "./post-card.tsx";

/** What the blog route's loader answers for one page of posts (also what 'load more' fetches). */
export interface PostPage {
  /** Which list this is (the category slug, or "" for all posts): answers of another list are not appended. */
  listKey: string;
  posts: PostCardData[];
  pagination: PageInfo;
}

function isPostPage(value: unknown): value is PostPage {
  return typeof value === "object" && value !== null && "listKey" in value && "posts" in value && "pagination" in value;
}

/** The page of posts in a loader's answer: the answer itself or its `posts`. */
function postPageOf(answer: unknown): PostPage | null {
  if (isPostPage(answer)) return answer;
  const inner = typeof answer === "object" && answer !== null && "posts" in answer ? answer.posts : null;
  return isPostPage(inner) ? inner : null;
}

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A page of posts with pagination and 'load more' (SPEC §2). Without JavaScript 'load more' is a
 * link to the next page; with it, a fetcher appends the next page below and moves focus to the first
 * new post. While a page or more posts load the list is marked busy.
 */
export function PostList({ page, hrefFor, emptyText }: { page: PostPage; hrefFor: (n: number) => string; emptyText: string }) {
  const t = useT();
  const fetcher = useFetcher();
  const navigation = useNavigation();
  const location = useLocation();
  const listRef = useRef<HTMLOListElement>(null);
  const current = page.pagination.page;
  const from = `${page.listKey}|${current}`;
  const [more, setMore] = useState<{ from: string; posts: PostCardData[]; through: number }>({ from, posts: [], through: current });
  const [focusId, setFocusId] = useState<number | null>(null);
  // Another page or category: start over from what the loader gave.
  const appended = more.from === from ? more : { from, posts: [], through: current };
  const seen = useRef<unknown>(null);

  useEffect(() => {
    const answer = postPageOf(fetcher.data);
    if (fetcher.state !== "idle" || !answer || answer === seen.current) return;
    seen.current = answer;
    // Only the next page of this same list is appended.
    if (answer.listKey !== page.listKey || answer.pagination.page !== appended.through + 1) return;
    setMore({ from, posts: [...appended.posts, ...answer.posts], through: answer.pagination.page });
    setFocusId(answer.posts[0]?.id ?? null);
  }, [fetcher.state, fetcher.data, from, page.listKey, appended]);

  useEffect(() => {
    if (focusId === null) return;
    listRef.current?.querySelector<HTMLAnchorElement>(`[data-post-id="${focusId}"] a`)?.focus();
    setFocusId(null);
  }, [focusId]);

  const posts = [...page.posts, ...appended.posts];
  const through = appended.through;
  const lastPage = page.pagination.lastPage;
  const loadingMore = fetcher.state !== "idle";
  // A pagination click on this list: the posts shown are about to change.
  const paging = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const busy = loadingMore || paging;

  const range = {
    from: (current - 1) * page.pagination.limit + 1,
    to: (current - 1) * page.pagination.limit + posts.length,
    total: page.pagination.total,
  };

  const loadMore = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    if (!loadingMore) fetcher.load(hrefFor(through + 1));
  };

  if (posts.length === 0) return <p className="post-list__empty">{emptyText}</p>;
  return (
    <div className={`post-list${busy ? " is-pending" : ""}`}>
      <ol className="post-list__items" ref={listRef} aria-busy={busy}>
        {posts.map((post) => (
          <li key={post.id} className="post-list__item">
            <PostCard post={post} headingLevel={2} />
          </li>
        ))}
      </ol>
      <p className="sr-only" role="status">
        {loadingMore ? t("blog.loading") : appended.posts.length ? t("blog.loaded", range) : ""}
      </p>
      <div className="post-list__more">
        {through < lastPage ? (
          <Link
            to={hrefFor(through + 1)}
            className="button button--ghost post-list__load-more"
            onClick={loadMore}
            aria-disabled={loadingMore || undefined}
          >
            {loadingMore ? (
              <>
                <span className="spinner" aria-hidden="true" /> {t("blog.loading")}
              </>
            ) : (
              t("blog.loadMore")
            )}
          </Link>
        ) : (
          <span className="button button--ghost post-list__load-more is-disabled" aria-disabled="true">
            {t("blog.allLoaded")}
          </span>
        )}
        <p className="post-list__count">{t("blog.showing", range)}</p>
      </div>
      <Pagination page={current} through={through} lastPage={lastPage} hrefFor={hrefFor} label={t("blog.pagination")} />
    </div>
  );
}
