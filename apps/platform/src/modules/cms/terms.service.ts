import { FALLBACK_LOCALE, type Locale, makePagination, type Paged, type PostTypeView, type TermView, V } from "@shop/contracts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { checkSlugFormat, type Executor, fieldError, languagesFor, pickLanguage } from "./content-rules.ts";
import { assertDistinctLanguages } from "./posts.service.ts";

/* ---------- Terms (blog categories and tags) ---------- */

async function termViews(ctx: RequestCtx, db: Executor, ids: readonly number[]): Promise<TermView[]> {
  if (ids.length === 0) return [];
  const list = [...ids];
  const [terms, translations] = await Promise.all([
    db.selectFrom("terms").select(["id", "term_type"]).where("id", "in", list).execute(),
    db.selectFrom("term_translations").selectAll().where("term_id", "in", list).execute(),
  ]);
  return list.flatMap((id) => {
    const term = terms.find((t) => t.id === id);
    const own = translations.filter((t) => t.term_id === id);
    const best = pickLanguage(own, ctx.locale);
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

/**
 * SPEC §7 term/filter and term/filterStandard: terms with a version in the request language or hr,
 * of the given types ('category', 'tag'), in their editorial order; `noPaginate` answers all.
 */
export async function filterTerms(
  ctx: RequestCtx,
  filter: { types?: readonly string[]; page: number; limit: number; noPaginate?: boolean },
): Promise<Paged<TermView>> {
  const langs = languagesFor(ctx.locale);
  let q = ctx.db
    .selectFrom("terms as tm")
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("term_translations as tt")
          .select("tt.id")
          .whereRef("tt.term_id", "=", "tm.id")
          .where("tt.language_code", "in", langs),
      ),
    );
  if (filter.types?.length) q = q.where("tm.term_type", "in", [...filter.types]);
  const count = Number((await q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  let rows = q.select("tm.id").orderBy("tm.position").orderBy("tm.id");
  if (!filter.noPaginate) rows = rows.limit(filter.limit).offset((filter.page - 1) * filter.limit);
  const ids = (await rows.execute()).map((r) => r.id);
  const records = await termViews(ctx, ctx.db, ids);
  const pagination = filter.noPaginate ? makePagination(1, Math.max(count, 1), count) : makePagination(filter.page, filter.limit, count);
  return { records, pagination };
}

export async function getTerm(ctx: RequestCtx, id: number): Promise<TermView> {
  const [view] = await termViews(ctx, ctx.db, [id]);
  if (!view) throw new AppError("NOT_FOUND", "error.notFound");
  return view;
}

/** A term by its slug in the request language or hr; slugMain is its hr slug. */
export async function getTermBySlug(ctx: RequestCtx, slug: string): Promise<TermView> {
  const rows = await ctx.db
    .selectFrom("term_translations")
    .select(["term_id", "language_code"])
    .where("slug", "=", slug)
    .where("language_code", "in", languagesFor(ctx.locale))
    .execute();
  const row = pickLanguage(rows, ctx.locale);
  if (!row) throw new AppError("NOT_FOUND", "error.notFound");
  return getTerm(ctx, row.term_id);
}

/* ---------- Post types ---------- */

/** The built-in types: pages and blog posts; the product relies on them. */
const BUILT_IN_TYPES = new Set(["page", "post"]);

async function postTypeViews(ctx: RequestCtx, db: Executor, ids: readonly number[]): Promise<PostTypeView[]> {
  if (ids.length === 0) return [];
  const list = [...ids];
  const [types, translations] = await Promise.all([
    db.selectFrom("post_types").select(["id", "slug"]).where("id", "in", list).execute(),
    db.selectFrom("post_type_translations").selectAll().where("post_type_id", "in", list).execute(),
  ]);
  const counts = await db
    .selectFrom("posts")
    .select(["post_type", (eb) => eb.fn.countAll().as("n")])
    .where(
      "post_type",
      "in",
      types.map((t) => t.slug),
    )
    .groupBy("post_type")
    .execute();
  return list.flatMap((id) => {
    const type = types.find((t) => t.id === id);
    if (!type) return [];
    const own = translations.filter((t) => t.post_type_id === id);
    return [
      {
        id,
        slug: type.slug,
        title: pickLanguage(own, ctx.locale)?.title ?? type.slug,
        translations: Object.fromEntries(own.map((t) => [t.language_code, t.title])),
        posts: Number(counts.find((c) => c.post_type === type.slug)?.n ?? 0),
      },
    ];
  });
}

export async function filterPostTypes(
  ctx: RequestCtx,
  filter: { page: number; limit: number; noPaginate: boolean },
): Promise<Paged<PostTypeView>> {
  const count = Number(
    (
      await ctx.db
        .selectFrom("post_types")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
  let q = ctx.db.selectFrom("post_types").select("id").orderBy("id");
  if (!filter.noPaginate) q = q.limit(filter.limit).offset((filter.page - 1) * filter.limit);
  const records = await postTypeViews(
    ctx,
    ctx.db,
    (await q.execute()).map((r) => r.id),
  );
  const pagination = filter.noPaginate ? makePagination(1, Math.max(count, 1), count) : makePagination(filter.page, filter.limit, count);
  return { records, pagination };
}

async function writeTypeTitles(db: Executor, typeId: number, translations: readonly { language: Locale; title: string }[]) {
  for (const t of translations) {
    await db
      .insertInto("post_type_translations")
      .values({ post_type_id: typeId, language_code: t.language, title: t.title })
      .onConflict((oc) => oc.columns(["post_type_id", "language_code"]).doUpdateSet({ title: t.title }))
      .execute();
  }
}

export async function createPostType(
  ctx: RequestCtx,
  body: { slug: string; translations: readonly { language: Locale; title: string }[] },
): Promise<PostTypeView> {
  checkSlugFormat(ctx.locale, body.slug, "slug");
  assertDistinctLanguages(
    ctx,
    body.translations.map((t) => t.language),
    "translations",
  );
  const id = await ctx.db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("post_types").select("id").where("slug", "=", body.slug).executeTakeFirst();
    if (existing) throw new AppError("CONFLICT", "error.cms.slugTaken", { fields: [fieldError(ctx.locale, "slug", V.invalid)] });
    const row = await trx
      .insertInto("post_types")
      .values({ slug: body.slug, created_at: new Date().toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await writeTypeTitles(trx, row.id, body.translations);
    return row.id;
  });
  ctx.onContentChange(["postTypes"]);
  const [view] = await postTypeViews(ctx, ctx.db, [id]);
  if (!view) throw new AppError("INTERNAL", "error.generic");
  return view;
}

/** Deletes a post type nobody uses; the built-in ones and types with posts stay. */
export async function deletePostType(ctx: RequestCtx, id: number): Promise<{ id: number }> {
  await ctx.db.transaction().execute(async (trx) => {
    const type = await trx.selectFrom("post_types").select(["id", "slug"]).where("id", "=", id).executeTakeFirst();
    if (!type) throw new AppError("NOT_FOUND", "error.notFound");
    if (BUILT_IN_TYPES.has(type.slug)) throw new AppError("CONFLICT", "error.cms.postTypeBuiltIn");
    const used = await trx.selectFrom("posts").select("id").where("post_type", "=", type.slug).executeTakeFirst();
    if (used) throw new AppError("CONFLICT", "error.cms.postTypeInUse");
    await trx.deleteFrom("post_types").where("id", "=", id).execute();
  });
  ctx.onContentChange(["postTypes"]);
  return { id };
}

/** PUT link/postType/{id}/bulk: creates or replaces the post type's title in the given languages. */
export async function linkPostTypeTitles(
  ctx: RequestCtx,
  id: number,
  translations: readonly { language: Locale; title: string }[],
): Promise<PostTypeView> {
  assertDistinctLanguages(
    ctx,
    translations.map((t) => t.language),
    "translations",
  );
  await ctx.db.transaction().execute(async (trx) => {
    const type = await trx.selectFrom("post_types").select("id").where("id", "=", id).executeTakeFirst();
    if (!type) throw new AppError("NOT_FOUND", "error.notFound");
    await writeTypeTitles(trx, id, translations);
  });
  ctx.onContentChange(["postTypes"]);
  const [view] = await postTypeViews(ctx, ctx.db, [id]);
  if (!view) throw new AppError("INTERNAL", "error.generic");
  return view;
}
