import { LIMITS, type TermView } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import type { Platform } from "../../platform.server.ts";
import { toCardData } from "./post-card.tsx";
import type { PostPage } from "./post-list.tsx";

/** Posts per page on the blog and its category pages (SPEC §9 'default post category list'). */
export const BLOG_PAGE_SIZE = LIMITS.postCategoryList;

/** The `page` query parameter: a positive whole number, else the first page. */
export function pageParam(url: URL): number {
  const value = url.searchParams.get("page");
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

/** Every blog category, in editorial order (the category list shows them all). */
export async function loadCategories(platform: Platform): Promise<TermView[]> {
  const result = await platform.callPublic(api.cms.filterTermsStandard, { body: { termTypeTitles: ["category"], noPaginate: true } });
  return result.ok ? result.data.records : [];
}

/** One page of published posts, of one category or all; null when the platform cannot answer. */
export async function loadPostPage(
  platform: Platform,
  termSlug: string | undefined,
  page: number,
  limit: number = BLOG_PAGE_SIZE,
): Promise<PostPage | null> {
  const result = await platform.callPublic(api.cms.filterPosts, {
    body: { ...(termSlug ? { termSlugs: [termSlug] } : {}), page, limit, display: "components" },
  });
  if (!result.ok) return null;
  return { listKey: termSlug ?? "", posts: result.data.records.map(toCardData), pagination: result.data.pagination };
}
