import { FALLBACK_LOCALE, type Locale, makePagination, type Paged, type PostTypeView, type TermView, V } from "@shop/contracts";
import type { Executor } from "@shop/db";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { languagesFor, pickTranslation } from "../../shared/translations.ts";
import { checkSlugFormat, contentChanged } from "./content-rules.ts";
import { assertDistinctLanguages } from "./posts.service.ts";
import * as repo from "./terms.repository.ts";

/* ---------- Terms (blog categories and tags) ---------- */

async function termViews(ctx: RequestCtx, db: Executor, ids: readonly number[]): Promise<TermView[]> {
  if (ids.length === 0) return [];
  const [terms, translations] = await Promise.all([repo.termsByIds(db, ids), repo.translationsOfTerms(db, ids)]);
  return ids.flatMap((id) => {
    const term = terms.find((t) => t.id === id);
    const own = translations.filter((t) => t.term_id === id);
    const best = pickTranslation(own, ctx.locale);
    if (!term || !best) return [];
    return [
      {
        id,
        termType: term.term_type,
        slug: best.slug,
        slugMain: own.find((t) => t.language_code === FALLBACK_LOCALE)?.slug ?? best.slug,
        title: best.title,
        description: best.description,
        language: best.language_code,
        translations: Object.fromEntries(own.map((t) => [t.language_code, t.slug])),
      },
    ];
  });
}

/** The pagination of a list that is paged, or answered whole (`noPaginate`: one page holding everything). */
function listPagination(filter: { page: number; limit: number; noPaginate?: boolean }, count: number) {
  return filter.noPaginate ? makePagination(1, Math.max(count, 1), count) : makePagination(filter.page, filter.limit, count);
}

const pageOf = (filter: { page: number; limit: number; noPaginate?: boolean }) =>
  filter.noPaginate ? undefined : { limit: filter.limit, offset: (filter.page - 1) * filter.limit };

/**
 * SPEC §7 term/filter and term/filterStandard: terms with a version in the request language or hr,
 * of the given types ('category', 'tag'), in their editorial order; `noPaginate` answers all.
 */
export async function filterTerms(
  ctx: RequestCtx,
  filter: { types?: readonly string[]; page: number; limit: number; noPaginate?: boolean },
): Promise<Paged<TermView>> {
  const where = { languages: languagesFor(ctx.locale), types: filter.types };
  const count = await repo.countTerms(ctx.db, where);
  const records = await termViews(ctx, ctx.db, await repo.termIds(ctx.db, where, pageOf(filter)));
  return { records, pagination: listPagination(filter, count) };
}

export async function getTerm(ctx: RequestCtx, id: number): Promise<TermView> {
  const [view] = await termViews(ctx, ctx.db, [id]);
  if (!view) throw new AppError("NOT_FOUND", "error.notFound");
  return view;
}

/** A term by its slug in the request language or hr; slugMain is its hr slug. */
export async function getTermBySlug(ctx: RequestCtx, slug: string): Promise<TermView> {
  const row = pickTranslation(await repo.termsBySlug(ctx.db, slug, languagesFor(ctx.locale)), ctx.locale);
  if (!row) throw new AppError("NOT_FOUND", "error.notFound");
  return getTerm(ctx, row.term_id);
}

/* ---------- Post types ---------- */

/** The built-in types: pages and blog posts; the product relies on them. */
const BUILT_IN_TYPES = new Set(["page", "post"]);

async function postTypeViews(ctx: RequestCtx, db: Executor, ids: readonly number[]): Promise<PostTypeView[]> {
  if (ids.length === 0) return [];
  const [types, translations] = await Promise.all([repo.postTypesByIds(db, ids), repo.titlesOfPostTypes(db, ids)]);
  const counts = await repo.postCounts(
    db,
    types.map((t) => t.slug),
  );
  return ids.flatMap((id) => {
    const type = types.find((t) => t.id === id);
    if (!type) return [];
    const own = translations.filter((t) => t.post_type_id === id);
    return [
      {
        id,
        slug: type.slug,
        title: pickTranslation(own, ctx.locale)?.title ?? type.slug,
        translations: Object.fromEntries(own.map((t) => [t.language_code, t.title])),
        posts: counts.get(type.slug) ?? 0,
      },
    ];
  });
}

async function postTypeView(ctx: RequestCtx, id: number): Promise<PostTypeView> {
  const [view] = await postTypeViews(ctx, ctx.db, [id]);
  if (!view) throw new AppError("INTERNAL", "error.generic");
  return view;
}

export async function filterPostTypes(
  ctx: RequestCtx,
  filter: { page: number; limit: number; noPaginate: boolean },
): Promise<Paged<PostTypeView>> {
  const count = await repo.countPostTypes(ctx.db);
  const records = await postTypeViews(ctx, ctx.db, await repo.postTypeIds(ctx.db, pageOf(filter)));
  return { records, pagination: listPagination(filter, count) };
}

export async function createPostType(
  ctx: RequestCtx,
  body: { slug: string; translations: readonly { language: Locale; title: string }[] },
): Promise<PostTypeView> {
  checkSlugFormat(body.slug, "slug");
  assertDistinctLanguages(
    body.translations.map((t) => t.language),
    "translations",
  );
  const id = await withTransaction(ctx, async (tx) => {
    if (await repo.findPostTypeBySlug(tx.db, body.slug)) {
      throw new AppError("CONFLICT", "error.cms.slugTaken", { fields: [{ path: "slug", key: V.invalid }] });
    }
    const typeId = await repo.insertPostType(tx.db, body.slug, new Date().toISOString());
    await repo.saveTypeTitles(tx.db, typeId, body.translations);
    contentChanged(tx, ["postTypes"]);
    return typeId;
  });
  return postTypeView(ctx, id);
}

/** Deletes a post type nobody uses; the built-in ones and types with posts stay. */
export async function deletePostType(ctx: RequestCtx, id: number): Promise<{ id: number }> {
  await withTransaction(ctx, async (tx) => {
    const type = await repo.findPostType(tx.db, id);
    if (!type) throw new AppError("NOT_FOUND", "error.notFound");
    if (BUILT_IN_TYPES.has(type.slug)) throw new AppError("CONFLICT", "error.cms.postTypeBuiltIn");
    if (await repo.hasPostsOfType(tx.db, type.slug)) throw new AppError("CONFLICT", "error.cms.postTypeInUse");
    await repo.deletePostType(tx.db, id);
    contentChanged(tx, ["postTypes"]);
  });
  return { id };
}

/** PUT link/postType/{id}/bulk: creates or replaces the post type's title in the given languages. */
export async function linkPostTypeTitles(
  ctx: RequestCtx,
  id: number,
  translations: readonly { language: Locale; title: string }[],
): Promise<PostTypeView> {
  assertDistinctLanguages(
    translations.map((t) => t.language),
    "translations",
  );
  await withTransaction(ctx, async (tx) => {
    if (!(await repo.findPostType(tx.db, id))) throw new AppError("NOT_FOUND", "error.notFound");
    await repo.saveTypeTitles(tx.db, id, translations);
    contentChanged(tx, ["postTypes"]);
  });
  return postTypeView(ctx, id);
}
