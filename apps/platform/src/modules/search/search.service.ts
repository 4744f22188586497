import {
  HOME_PAGE_SLUG,
  localizedPath,
  makePagination,
  parseSearchCategories,
  type SearchAnswer,
  type SearchCategoriesAnswer,
  type SearchCategory,
  type SearchQuery,
  type SearchResult,
} from "@shop/contracts";
import { foldSearchText } from "@shop/db/schema/search.ts";
import type { RequestCtx } from "../../http/context.ts";
import { getOptions } from "../settings/settings.service.ts";
import { componentTexts, contentImages, excerptAround, htmlToText, parseJson, truncate } from "./content-text.ts";
import * as repo from "./search.repository.ts";

/** More words than this add nothing to a site search but cost index work. */
const MAX_WORDS = 10;

/** The query as the index's words: folded like the documents, split at everything but letters and digits. */
export function searchWords(query: string): string[] {
  const words = foldSearchText(query.normalize("NFC"))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/**
 * Categories answered from post translations, by post type. Products and product categories are
 * not in the index until the shop exists (kinds 'product' and 'productCategory'): empty lists.
 */
const POST_CATEGORIES: Partial<Record<SearchCategory, { postType: string; kind: "page" | "post" }>> = {
  pages: { postType: "page", kind: "page" },
  posts: { postType: "post", kind: "post" },
};

export async function search(ctx: RequestCtx, q: SearchQuery): Promise<SearchAnswer> {
  const source = POST_CATEGORIES[q.category];
  const words = searchWords(q.query);
  if (!source || words.length === 0) return { records: [], pagination: makePagination(q.page, q.limit, 0) };

  const hits = await repo.searchPosts(ctx.db, ctx.dialect, {
    words,
    postType: source.postType,
    locale: ctx.locale,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  const [details, options] = await Promise.all([repo.postDetails(ctx.db, hits.translationIds), getOptions(ctx.db, ["HomePageSlug"])]);
  const homeSlug = options.HomePageSlug || HOME_PAGE_SLUG;
  const byId = new Map(details.map((d) => [d.id, d]));
  const records = hits.translationIds.flatMap((id): SearchResult[] => {
    const d = byId.get(id);
    if (!d) return [];
    const components = parseJson(d.components);
    const text = [htmlToText(d.body), ...componentTexts(components)].join(" ").trim();
    return [
      {
        kind: source.kind,
        id: d.post_id,
        title: d.title,
        // The request's language even for an hr fallback: the content route serves it there too.
        url: localizedPath("content", ctx.locale, { slug: d.slug === homeSlug ? undefined : d.slug }),
        image: contentImages({ metaImage: d.image, components, body: d.body }, 1)[0] ?? null,
        excerpt: excerptAround(text, words) ?? (d.excerpt?.trim() || truncate(text)),
      },
    ];
  });
  return { records, pagination: makePagination(q.page, q.limit, hits.total) };
}

/** The search page's tabs: the CMS option SearchCategories, or the SPEC §9 default list. */
export async function searchCategories(ctx: RequestCtx): Promise<SearchCategoriesAnswer> {
  const options = await getOptions(ctx.db, ["SearchCategories"]);
  return { categories: parseSearchCategories(options.SearchCategories) };
}
