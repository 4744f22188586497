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
import { getOptions } from "../settings/index.ts";
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

/** Categories answered from post translations, by post type. */
const POST_CATEGORIES: Partial<Record<SearchCategory, { postType: string; kind: "page" | "post" }>> = {
  pages: { postType: "page", kind: "page" },
  posts: { postType: "post", kind: "post" },
};

/** The excerpt: text around the first matching word, else the beginning of the text. */
const excerptOf = (text: string, words: string[]) => excerptAround(text, words) ?? truncate(text);

export async function search(ctx: RequestCtx, q: SearchQuery): Promise<SearchAnswer> {
  const words = searchWords(q.query);
  if (words.length === 0) return { records: [], pagination: makePagination(q.page, q.limit, 0) };
  const s = { words, locale: ctx.locale, limit: q.limit, offset: (q.page - 1) * q.limit };
  const { records, total } =
    q.category === "products"
      ? await productResults(ctx, s)
      : q.category === "productCategories"
        ? await productCategoryResults(ctx, s)
        : await postResults(ctx, s, q.category);
  return { records, pagination: makePagination(q.page, q.limit, total) };
}

interface Results {
  records: SearchResult[];
  total: number;
}

/** Looks each hit up in its details, keeping the hits' order. */
function inHitOrder<T extends { id: number }>(hits: repo.SearchHits, details: T[], toResult: (d: T) => SearchResult): SearchResult[] {
  const byId = new Map(details.map((d) => [d.id, d]));
  return hits.translationIds.flatMap((id) => {
    const d = byId.get(id);
    return d ? [toResult(d)] : [];
  });
}

async function postResults(ctx: RequestCtx, s: repo.IndexSearch, category: SearchCategory): Promise<Results> {
  const source = POST_CATEGORIES[category];
  if (!source) return { records: [], total: 0 };
  const hits = await repo.searchPosts(ctx.db, ctx.dialect, { ...s, postType: source.postType });
  const [details, options] = await Promise.all([repo.postDetails(ctx.db, hits.translationIds), getOptions(ctx.db, ["HomePageSlug"])]);
  const homeSlug = options.HomePageSlug || HOME_PAGE_SLUG;
  const records = inHitOrder(hits, details, (d) => {
    const components = parseJson(d.components);
    const text = [htmlToText(d.body), ...componentTexts(components)].join(" ").trim();
    return {
      kind: source.kind,
      id: d.post_id,
      title: d.title,
      // The request's language even for an hr fallback: the content route serves it there too.
      url: localizedPath("content", ctx.locale, { slug: d.slug === homeSlug ? undefined : d.slug }),
      image: contentImages({ metaImage: d.image, components, body: d.body }, 1)[0] ?? null,
      excerpt: excerptAround(text, s.words) ?? (d.excerpt?.trim() || truncate(text)),
    };
  });
  return { records, total: hits.total };
}

/** Products a shopper can open, linked to their product page in the request's language. */
async function productResults(ctx: RequestCtx, s: repo.IndexSearch): Promise<Results> {
  const hits = await repo.searchProducts(ctx.db, ctx.dialect, s);
  const details = await repo.productDetails(ctx.db, hits.translationIds);
  const records = inHitOrder(hits, details, (d) => ({
    kind: "product",
    id: d.product_id,
    title: d.name,
    url: localizedPath("product", ctx.locale, { slug: d.slug }),
    image: d.image ?? null,
    excerpt: excerptOf([htmlToText(d.short_description), htmlToText(d.description)].join(" ").trim(), s.words),
  }));
  return { records, total: hits.total };
}

/** Product categories, linked to their shop page in the request's language. */
async function productCategoryResults(ctx: RequestCtx, s: repo.IndexSearch): Promise<Results> {
  const hits = await repo.searchProductCategories(ctx.db, ctx.dialect, s);
  const details = await repo.productCategoryDetails(ctx.db, hits.translationIds);
  const records = inHitOrder(hits, details, (d) => ({
    kind: "productCategory",
    id: d.category_id,
    title: d.name,
    url: localizedPath("shop", ctx.locale, { slug: d.slug }),
    image: d.image_src,
    excerpt: excerptOf(htmlToText(d.description), s.words),
  }));
  return { records, total: hits.total };
}

/** The search page's tabs: the CMS option SearchCategories, or the SPEC §9 default list. */
export async function searchCategories(ctx: RequestCtx): Promise<SearchCategoriesAnswer> {
  const options = await getOptions(ctx.db, ["SearchCategories"]);
  return { categories: parseSearchCategories(options.SearchCategories) };
}
