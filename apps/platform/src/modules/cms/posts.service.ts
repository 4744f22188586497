import {
  FALLBACK_LOCALE,
  type FinderDecision,
  HOME_PAGE_SLUG,
  type ImageData,
  type Locale,
  localizedPath,
  makePagination,
  type PageComponent,
  type Paged,
  type PageView,
  type PostCreateBody,
  type PostTranslationInput,
  type PostView,
  type postFilterBody,
  type SlugMatch,
  type TermRef,
  type UrlOnLanguage,
  V,
} from "@shop/contracts";
import type { Executor } from "@shop/db";
import type { z } from "zod";
import { AppError, fieldsError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { languagesFor, pickTranslation } from "../../shared/translations.ts";
import { getOptions } from "../settings/index.ts";
import {
  checkContentSlug,
  contentChanged,
  emptyComponentsError,
  parseStoredComponents,
  prepareComponents,
  resolveComponents,
  type StoredComponent,
} from "./content-rules.ts";
import { excerptOf, leadText, plainText, sanitizeStoredHtml } from "./html.ts";
import * as repo from "./posts.repository.ts";
import * as termsRepo from "./terms.repository.ts";

type PostFilter = z.output<typeof postFilterBody>;

/** What the views include besides the list fields. */
interface Include {
  body: boolean;
  components: boolean;
  /** Editors' answers: fall back to any language the post has. */
  anyLanguage?: boolean;
}

function firstText(components: readonly PageComponent[]): string {
  for (const c of components) {
    const value = c.data.text ?? c.data.html;
    if (typeof value === "string" && value.trim()) return plainText(value);
  }
  return "";
}

/** Views of the posts `ids`, in that order, each in the request language (hr fallback). */
export async function postViews(ctx: RequestCtx, db: Executor, ids: readonly number[], include: Include): Promise<PostView[]> {
  if (ids.length === 0) return [];
  const list = [...ids];
  const langs = languagesFor(ctx.locale);
  const [posts, translations, meta, terms] = await Promise.all([
    repo.postsByIds(db, list),
    repo.translationsOfPosts(db, list),
    repo.metaOfPosts(db, list),
    repo.termsOfPosts(db, list, langs),
  ]);
  const chosen = list.flatMap((id) => {
    const post = posts.find((p) => p.id === id);
    const translation = pickTranslation(
      translations.filter((t) => t.post_id === id),
      ctx.locale,
      include.anyLanguage,
    );
    return post && translation ? [{ post, translation }] : [];
  });
  const resolved = await resolveComponents(
    ctx,
    db,
    chosen.map((c) => parseStoredComponents(c.translation.components)),
  );
  return chosen.map(({ post, translation }, index): PostView => {
    const components = resolved[index] ?? [];
    const ownMeta = meta.filter((m) => m.post_id === post.id);
    const m = ownMeta.find((r) => r.language_code === translation.language_code) ?? pickTranslation(ownMeta, ctx.locale);
    const termRefs = new Map<number, TermRef>();
    for (const lang of [...langs].reverse()) {
      for (const t of terms.filter((r) => r.post_id === post.id && r.language_code === lang)) {
        termRefs.set(t.term_id, { id: t.term_id, slug: t.slug, title: t.title });
      }
    }
    const text = m?.excerpt || excerptOf(leadText(translation.body) || firstText(components));
    return {
      id: post.id,
      postType: post.post_type,
      slug: translation.slug,
      title: translation.title,
      language: translation.language_code,
      publishedAt: post.published_at,
      updatedAt: post.updated_at,
      excerpt: text,
      image: m?.image ? (JSON.parse(m.image) as ImageData) : null,
      terms: [...termRefs.values()],
      ...(include.body ? { body: translation.body } : {}),
      ...(include.components ? { components } : {}),
      translations: Object.fromEntries(translations.filter((t) => t.post_id === post.id).map((t) => [t.language_code, t.slug])),
    };
  });
}

function toPageView(post: PostView): PageView {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    language: post.language,
    components: post.components ?? [],
    translations: post.translations,
  };
}

/* ---------- Reading ---------- */

/** SPEC §7 post/filterStandard: published posts of the types, terms and dates asked for, newest first, paged. */
export async function filterPosts(ctx: RequestCtx, filter: PostFilter): Promise<Paged<PostView>> {
  const where: repo.PublishedPostFilter = {
    postTypes: filter.postTypeSlugs,
    languages: languagesFor(ctx.locale),
    termSlugs: filter.termSlugs ?? [],
    from: filter.dateFrom ? dateBound(filter.dateFrom, "start") : undefined,
    to: filter.dateTo ? dateBound(filter.dateTo, "end") : undefined,
    now: new Date().toISOString(),
  };
  const count = await repo.countPublishedPosts(ctx.db, where);
  const ids = await repo.publishedPostIds(ctx.db, where, filter.limit, (filter.page - 1) * filter.limit);
  const records = await postViews(ctx, ctx.db, ids, { body: filter.display === "legacy", components: filter.display === "components" });
  return { records, pagination: makePagination(filter.page, filter.limit, count) };
}

/** A date or date-time bound as stored times are written (UTC ISO); a bare date covers its whole day. */
function dateBound(value: string, side: "start" | "end"): string {
  if (value.length === 10) return side === "start" ? `${value}T00:00:00.000Z` : `${value}T23:59:59.999Z`;
  return new Date(value).toISOString();
}

export async function homeSlug(ctx: RequestCtx): Promise<string> {
  return (await getOptions(ctx.db, ["HomePageSlug"])).HomePageSlug || HOME_PAGE_SLUG;
}

/**
 * SPEC §7 finder/decide: the route params (the content route has one, the slug; none is the home
 * page) to the published page or post, in the request language with hr as fallback. A slug of
 * another language finds its content too; the answer then carries the request language's version.
 */
export async function decide(ctx: RequestCtx, query: { slug: string; params?: string }): Promise<FinderDecision> {
  const params = (query.params === undefined ? [query.slug] : query.params.split(",")).filter((p) => p !== "");
  if (params.length > 1) throw new AppError("NOT_FOUND", "error.notFound");
  const slug = params[0] || (await homeSlug(ctx));
  const rows = await repo.publishedBySlug(ctx.db, slug, languagesFor(ctx.locale), new Date().toISOString());
  const row = pickTranslation(rows, ctx.locale);
  if (!row) throw new AppError("NOT_FOUND", "error.notFound");
  const [view] = await postViews(ctx, ctx.db, [row.id], { body: true, components: true });
  if (!view) throw new AppError("NOT_FOUND", "error.notFound");
  if (row.post_type === "page") return { type: "page", page: toPageView(view) };
  return { type: "post", post: { ...view, body: sanitizeStoredHtml(view.body ?? "") } };
}

/** SPEC §7 finder/searchSlugs, for editors: pages, posts and terms whose slug starts with the prefix. */
export async function searchSlugs(ctx: RequestCtx, query: { prefix: string; language?: Locale; limit: number }): Promise<SlugMatch[]> {
  const language = query.language ?? ctx.locale;
  const prefix = query.prefix.toLowerCase();
  const [posts, terms] = await Promise.all([
    repo.translationsByPrefix(ctx.db, language, prefix, query.limit),
    termsRepo.termTranslationsByPrefix(ctx.db, language, prefix, query.limit),
  ]);
  const matches: SlugMatch[] = [
    ...posts.map((r) => ({
      type: r.post_type === "page" ? ("page" as const) : ("post" as const),
      id: r.id,
      slug: r.slug,
      title: r.title,
      language: r.language_code,
      status: r.status,
    })),
    ...terms.map((r) => ({
      type: "term" as const,
      id: r.term_id,
      slug: r.slug,
      title: r.title,
      language: r.language_code,
      status: "published" as const,
    })),
  ];
  return matches.sort((a, b) => a.slug.localeCompare(b.slug)).slice(0, query.limit);
}

/**
 * SPEC §7 finder/getUrlOnLanguage: the URL of the same page, post or blog category in another
 * language. Without a translation the hr original's slug is used (reads fall back to hr there).
 */
export async function urlOnLanguage(
  ctx: RequestCtx,
  body: { slug: string; fromLanguage: Locale; toLanguage: Locale },
): Promise<UrlOnLanguage> {
  const [post] = await repo.publishedBySlug(ctx.db, body.slug, [body.fromLanguage], new Date().toISOString());
  if (post) {
    const translations = await repo.slugsOfPost(ctx.db, post.id);
    const target = pickTranslation(translations, body.toLanguage, true);
    if (!target) throw new AppError("NOT_FOUND", "error.notFound");
    const home = await homeSlug(ctx);
    const isHome = post.post_type === "page" && translations.some((t) => t.language_code === FALLBACK_LOCALE && t.slug === home);
    return {
      url: localizedPath("content", body.toLanguage, { slug: isHome ? undefined : target.slug }),
      type: post.post_type === "page" ? "page" : "post",
      slug: target.slug,
      language: target.language_code,
    };
  }
  const term = await termsRepo.findTermBySlug(ctx.db, body.slug, body.fromLanguage);
  if (!term) throw new AppError("NOT_FOUND", "error.notFound");
  const translations = await termsRepo.slugsOfTerm(ctx.db, term.term_id);
  const target = pickTranslation(translations, body.toLanguage, true);
  if (!target) throw new AppError("NOT_FOUND", "error.notFound");
  return {
    url: localizedPath("blog", body.toLanguage, { slug: target.slug }),
    type: "term",
    slug: target.slug,
    language: target.language_code,
  };
}

/* ---------- Writing ---------- */

export interface PreparedTranslation extends repo.TranslationValues {
  components: StoredComponent[];
}

/**
 * One translation ready to store: slug rules (SPEC §5), HTML sanitized, components validated.
 * Pages are made of components and refuse an empty list; posts need components or a body.
 */
export async function prepareTranslation(
  ctx: RequestCtx,
  db: Executor,
  postType: string,
  input: PostTranslationInput,
  path: (string | number)[],
): Promise<PreparedTranslation> {
  const where = path.join(".");
  checkContentSlug(input.slug, input.language, `${where}.slug`);
  if (input.components !== undefined && input.components.length === 0) throw emptyComponentsError(`${where}.components`);
  if (postType === "page" && !input.components) throw emptyComponentsError(`${where}.components`);
  const components = input.components ? await prepareComponents(ctx, db, input.components, [...path, "components"]) : [];
  const body = sanitizeStoredHtml(input.body ?? "");
  if (components.length === 0 && plainText(body) === "" && !/<img\b/.test(body)) {
    throw fieldsError([{ path: `${where}.body`, key: V.required }]);
  }
  return {
    language: input.language,
    slug: input.slug,
    title: input.title,
    body,
    components,
    excerpt: input.excerpt ?? "",
    image: input.image ?? null,
  };
}

/** Refuses a slug another post already uses in that language (`exceptPostId`: the post being edited). */
export async function assertSlugFree(db: Executor, language: Locale, slug: string, path: string, exceptPostId?: number) {
  if (await repo.findSlugOwner(db, language, slug, exceptPostId)) {
    throw new AppError("CONFLICT", "error.cms.slugTaken", { fields: [{ path, key: V.invalid }] });
  }
}

export function assertDistinctLanguages(languages: readonly string[], path: string): void {
  const seen = new Set<string>();
  languages.forEach((language, index) => {
    if (seen.has(language)) throw fieldsError([{ path: `${path}.${index}.language`, key: V.invalid }], "error.cms.duplicateLanguage");
    seen.add(language);
  });
}

/** The view of a post just written, in any language it has (editors' answers). */
export async function writtenPost(ctx: RequestCtx, id: number): Promise<PostView> {
  const [view] = await postViews(ctx, ctx.db, [id], { body: true, components: true, anyLanguage: true });
  if (!view) throw new AppError("INTERNAL", "error.generic");
  return view;
}

/** SPEC §7 post/create: a post (or page) with its translations, terms and publication state, in one transaction. */
export async function createPost(ctx: RequestCtx, body: PostCreateBody): Promise<PostView> {
  assertDistinctLanguages(
    body.translations.map((t) => t.language),
    "translations",
  );
  const id = await withTransaction(ctx, async (tx) => {
    if (!(await termsRepo.findPostTypeBySlug(tx.db, body.postType))) {
      throw fieldsError([{ path: "postType", key: V.invalid }], "error.cms.postTypeUnknown");
    }
    const termIds = [...new Set(body.termIds)];
    if ((await termsRepo.existingTermIds(tx.db, termIds)).length !== termIds.length) {
      throw fieldsError([{ path: "termIds", key: V.invalid }]);
    }
    const prepared: PreparedTranslation[] = [];
    for (const [index, input] of body.translations.entries()) {
      const t = await prepareTranslation(tx, tx.db, body.postType, input, ["translations", index]);
      await assertSlugFree(tx.db, t.language, t.slug, `translations.${index}.slug`);
      prepared.push(t);
    }
    const now = new Date().toISOString();
    const publishedAt = body.publishedAt ? new Date(body.publishedAt).toISOString() : body.status === "published" ? now : null;
    const postId = await repo.insertPost(tx.db, { postType: body.postType, status: body.status, publishedAt, now });
    for (const t of prepared) await repo.saveTranslation(tx.db, postId, t);
    await repo.addTerms(tx.db, postId, termIds);
    contentChanged(tx, ["posts"]);
    return postId;
  });
  return writtenPost(ctx, id);
}

/** A post by a slug: the request language's first, else any language's (editors address posts by slug). */
export async function findPostBySlug(ctx: RequestCtx, db: Executor, slug: string): Promise<{ id: number; post_type: string }> {
  const row = pickTranslation(await repo.translationsBySlug(db, slug), ctx.locale, true);
  if (!row) throw new AppError("NOT_FOUND", "error.notFound");
  return { id: row.id, post_type: row.post_type };
}
