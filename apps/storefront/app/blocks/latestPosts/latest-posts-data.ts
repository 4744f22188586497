import type { BlockData } from "@shop/contracts";
import { useMatches } from "react-router";
import type { PostCardData } from "../../features/blog/post-card.tsx";

/** Posts per latestPosts component, keyed by what the component asks for (category and count). */
export type LatestPostsData = Record<string, PostCardData[]>;

export function latestPostsKey(data: Pick<BlockData<"latestPosts">, "termSlug" | "limit">): string {
  return `${data.termSlug ?? ""}|${data.limit}`;
}

/** The posts a page loader returned under `latestPosts` (see loadLatestPosts) for this component. */
export function useLatestPosts(data: BlockData<"latestPosts">): PostCardData[] {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const loaded = matches[i]?.loaderData as { latestPosts?: LatestPostsData } | undefined;
    if (loaded?.latestPosts) return loaded.latestPosts[latestPostsKey(data)] ?? [];
  }
  return [];
}
