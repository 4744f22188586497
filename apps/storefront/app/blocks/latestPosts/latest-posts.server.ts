import { type BlockData, blockSchemas, type PageComponent } from "@shop/contracts";
import { loadPostPage } from "../../features/blog/blog.server.ts";
import type { Platform } from "../../platform.server.ts";
import { type LatestPostsData, latestPostsKey } from "./latest-posts-data.ts";

/**
 * The posts every latestPosts component of a page shows, for the page loader to return as
 * `latestPosts` (a block cannot load data while rendering). One call per distinct category and count.
 */
export async function loadLatestPosts(platform: Platform, components: readonly PageComponent[]): Promise<LatestPostsData> {
  const wanted = new Map<string, BlockData<"latestPosts">>();
  for (const c of components) {
    if (c.template !== "latestPosts") continue;
    const parsed = blockSchemas.latestPosts.safeParse(c.data);
    if (parsed.success) wanted.set(latestPostsKey(parsed.data), parsed.data);
  }
  const entries = await Promise.all(
    [...wanted].map(async ([key, block]) => {
      const page = await loadPostPage(platform, block.termSlug, 1, block.limit);
      return [key, page?.posts ?? []] as const;
    }),
  );
  return Object.fromEntries(entries);
}
