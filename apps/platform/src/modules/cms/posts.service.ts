import {
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
import { sql } from "kysely";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { getOptions } from "../settings/index.ts";
import {
  checkContentSlug,
  type Executor,
  emptyComponentsError,
  fieldError,
  languagesFor,
  parseStoredComponents,
  pickLanguage,
  prepareComponents,
  resolveComponents,
  type StoredComponent,
} from "./content-rules.ts";
import { excerptOf, leadText, plainText, sanitizeStoredHtml } from "./html.ts";

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
    db.selectFrom("posts").select(["id", "post_type", "published_at", "updated_at"]).where("id", "in", list).execute(),
    db
      .selectFrom("post_translations")
      .select(["post_id", "language_code", "slug", "title", "body", "components"])
      .where("post_id", "in", list)
      .orderBy("id")
      .execute(),
    db.selectFrom("post_meta").select(["post_id", "language_code", "excerpt", "image"]).where("post_id", "in", list).execute(),
    db
      .selectFrom("post_terms as pt")
      .innerJoin("terms as tm", "tm.id", "pt.term_id")
      .innerJoin("term_translations as tt", "tt.term_id", "pt.term_id")
      .select(["pt.post_id", "tt.term_id", "tt.language_code", "tt.slug", "tt.title", "tm.position"])
      .where("pt.post_id", "in", list)
      .where("tt.language_code", "in", langs)
      .orderBy("tm.position")
      .orderBy("tm.id")
      .execute(),
  ]);
  const chosen = list.flatMap((id) => {
    const post = posts.find((p) => p.id === id);
    const translation = pickLanguage(
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
    const m = ownMeta.find((r) => r.language_code === translation.language_code) ?? pickLanguage(ownMeta, ctx.locale);
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
  const langs = languagesFor(ctx.locale);
  const now = new Date().toISOString();
  let q = ctx.db
    .selectFrom("posts as p")
    .where("p.status", "=", "published")
    .where("p.post_type", "in", filter.postTypeSlugs)
    .where("p.published_at", "is not", null)
    .where("p.published_at", "<=", now)
    .where((eb) =>
      eb.exists(
        eb.selectFrom("post_translations as t").select("t.id").whereRef("t.post_id", "=", "p.id").where("t.language_code", "in", langs),
      ),
    );
  const termSlugs = filter.termSlugs ?? [];
  if (termSlugs.length) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("post_terms as pt")
          .innerJoin("term_translations as tt", "tt.term_id", "pt.term_id")
          .select("pt.term_id")
          .whereRef("pt.post_id", "=", "p.id")
          .where("tt.slug", "in", termSlugs)
          .where("tt.language_code", "in", langs),
      ),
    );
  }
  // Times are stored as UTC ISO text, so bounds are normalized to the same form and compared as text.
  if (filter.dateFrom) q = q.where("p.published_at", ">=", dateBound(filter.dateFrom, "start"));
  if (filter.dateTo) q = q.where("p.published_at", "<=", dateBound(filter.dateTo, "end"));
  const count = await q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  const rows = await q
    .select("p.id")
    .orderBy("p.published_at", "desc")
    .orderBy("p.id", "desc")
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit)
    .execute();
  const records = await postViews(
    ctx,
    ctx.db,
    rows.map((r) => r.id),
    { body: filter.display === "legacy", components: filter.display === "components" },
  );
  return { records, pagination: makePagination(filter.page, filter.limit, Number(count.n)) };
}

function dateBound(value: string, side: "start" | "end"): string {
  if (value.length === 10) return side === "start" ? `${value}T00:00:00.000Z` : `${value}T23:59:59.999Z`;
  return new Date(value).toISOString();
}

async function homeSlug(ctx: RequestCtx): Promise<string> {
  return (await getOptions(ctx.db, ["HomePageSlug"])).HomePageSlug || HOME_PAGE_SLUG;
}

/**
 * SPEC §7 finder/decide: the route params (the content route has one, the slug; none is the home
 * page) to the published page or post, in the request language with hr as fallback. A slug of
 * another language finds its content too; the answer then carries the request language's version.
 */
export async function decide(ctx: RequestCtx, params: readonly string[]): Promise<FinderDecision> {
  if (params.length > 1) throw new AppError("NOT_FOUND", "error.notFound");
  const slug = params[0] || (await homeSlug(ctx));
  const now = new Date().toISOString();
  const rows = await ctx.db
    .selectFrom("post_translations as t")
    .innerJoin("posts as p", "p.id", "t.post_id")
    .select(["p.id", "p.post_type", "t.language_code"])
    .where("t.slug", "=", slug)
    .where("t.language_code", "in", languagesFor(ctx.locale))
    .where("p.status", "=", "published")
    .where((eb) => eb.or([eb("p.published_at", "is", null), eb("p.published_at", "<=", now)]))
    .execute();
  const row = pickLanguage(rows, ctx.locale);
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
  // substr() instead of LIKE: no wildcard escaping, and the same (case-sensitive) meaning on both databases.
  const starts = sql<string>`substr(slug, 1, ${prefix.length})`;
  const [posts, terms] = await Promise.all([
    ctx.db
      .selectFrom("post_translations as t")
      .innerJoin("posts as p", "p.id", "t.post_id")
      .select(["p.id", "p.post_type", "p.status", "t.slug", "t.title", "t.language_code"])
      .where("t.language_code", "=", language)
      .where(sql<string>`substr(t.slug, 1, ${prefix.length})`, "=", prefix)
      .orderBy("t.slug")
      .limit(query.limit)
      .execute(),
    ctx.db
      .selectFrom("term_translations")
      .select(["term_id", "slug", "title", "language_code"])
      .where("language_code", "=", language)
      .where(starts, "=", prefix)
      .orderBy("slug")
      .limit(query.limit)
      .execute(),
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
  const now = new Date().toISOString();
  const post = await ctx.db
    .selectFrom("post_translations as t")
    .innerJoin("posts as p", "p.id", "t.post_id")
    .select(["p.id", "p.post_type"])
    .where("t.slug", "=", body.slug)
    .where("t.language_code", "=", body.fromLanguage)
    .where("p.status", "=", "published")
    .where((eb) => eb.or([eb("p.published_at", "is", null), eb("p.published_at", "<=", now)]))
    .executeTakeFirst();
  if (post) {
    const translations = await ctx.db
      .selectFrom("post_translations")
      .select(["language_code", "slug"])
      .where("post_id", "=", post.id)
      .execute();
    const target = pickLanguage(translations, body.toLanguage, true);
    if (!target) throw new AppError("NOT_FOUND", "error.notFound");
    const home = await homeSlug(ctx);
    const isHome = post.post_type === "page" && translations.some((t) => t.language_code === "hr" && t.slug === home);
    return {
      url: localizedPath("content", body.toLanguage, { slug: isHome ? undefined : target.slug }),
      type: post.post_type === "page" ? "page" : "post",
      slug: target.slug,
      language: target.language_code,
    };
  }
  const term = await ctx.db
    .selectFrom("term_translations")
    .select("term_id")
    .where("slug", "=", body.slug)
    .where("language_code", "=", body.fromLanguage)
    .executeTakeFirst();
  if (!term) throw new AppError("NOT_FOUND", "error.notFound");
  const translations = await ctx.db
    .selectFrom("term_translations")
    .select(["language_code", "slug"])
    .where("term_id", "=", term.term_id)
    .execute();
  const target = pickLanguage(translations, body.toLanguage, true);
  if (!target) throw new AppError("NOT_FOUND", "error.notFound");
  return {
    url: localizedPath("blog", body.toLanguage, { slug: target.slug }),
    type: "term",
    slug: target.slug,
    language: target.language_code,
  };
}

/* ---------- Writing ---------- */

export interface PreparedTranslation {
  language: Locale;
  slug: string;
  title: string;
  body: string;
  components: StoredComponent[];
  excerpt: string;
  image: ImageData | null;
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
  checkContentSlug(ctx.locale, input.slug, input.language, `${where}.slug`);
  if (input.components !== undefined && input.components.length === 0) throw emptyComponentsError(ctx.locale, `${where}.components`);
  if (postType === "page" && !input.components) throw emptyComponentsError(ctx.locale, `${where}.components`);
  const components = input.components ? await prepareComponents(ctx, db, input.components, [...path, "components"]) : [];
  const body = sanitizeStoredHtml(input.body ?? "");
  if (components.length === 0 && plainText(body) === "" && !/<img\b/.test(body)) {
    throw new AppError("VALIDATION_ERROR", "error.validation", { fields: [fieldError(ctx.locale, `${where}.body`, V.required)] });
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
export async function assertSlugFree(ctx: RequestCtx, db: Executor, language: Locale, slug: string, path: string, exceptPostId?: number) {
  let q = db.selectFrom("post_translations").select("post_id").where("language_code", "=", language).where("slug", "=", slug);
  if (exceptPostId !== undefined) q = q.where("post_id", "!=", exceptPostId);
  if (await q.executeTakeFirst()) {
    throw new AppError("CONFLICT", "error.cms.slugTaken", { fields: [fieldError(ctx.locale, path, "validation.invalid")] });
  }
}

/** Inserts or replaces one language of a post (translation row and its list meta). */
export async function writeTranslation(db: Executor, postId: number, t: PreparedTranslation): Promise<void> {
  const values = { slug: t.slug, title: t.title, body: t.body, components: JSON.stringify(t.components) };
  const existing = await db
    .selectFrom("post_translations")
    .select("id")
    .where("post_id", "=", postId)
    .where("language_code", "=", t.language)
    .executeTakeFirst();
  if (existing) await db.updateTable("post_translations").set(values).where("id", "=", existing.id).execute();
  else
    await db
      .insertInto("post_translations")
      .values({ post_id: postId, language_code: t.language, ...values })
      .execute();
  await db.deleteFrom("post_meta").where("post_id", "=", postId).where("language_code", "=", t.language).execute();
  if (t.excerpt || t.image) {
    await db
      .insertInto("post_meta")
      .values({ post_id: postId, language_code: t.language, excerpt: t.excerpt, image: t.image ? JSON.stringify(t.image) : null })
      .execute();
  }
}

export function assertDistinctLanguages(ctx: RequestCtx, languages: readonly string[], path: string): void {
  const seen = new Set<string>();
  languages.forEach((language, index) => {
    if (seen.has(language)) {
      throw new AppError("VALIDATION_ERROR", "error.cms.duplicateLanguage", {
        fields: [fieldError(ctx.locale, `${path}.${index}.language`, V.invalid)],
      });
    }
    seen.add(language);
  });
}

/** SPEC §7 post/create: a post (or page) with its translations, terms and publication state, in one transaction. */
export async function createPost(ctx: RequestCtx, body: PostCreateBody): Promise<PostView> {
  assertDistinctLanguages(
    ctx,
    body.translations.map((t) => t.language),
    "translations",
  );
  const id = await ctx.db.transaction().execute(async (trx) => {
    const type = await trx.selectFrom("post_types").select("id").where("slug", "=", body.postType).executeTakeFirst();
    if (!type)
      throw new AppError("VALIDATION_ERROR", "error.cms.postTypeUnknown", { fields: [fieldError(ctx.locale, "postType", V.invalid)] });
    const termIds = [...new Set(body.termIds)];
    if (termIds.length) {
      const found = await trx.selectFrom("terms").select("id").where("id", "in", termIds).execute();
      if (found.length !== termIds.length) {
        throw new AppError("VALIDATION_ERROR", "error.validation", { fields: [fieldError(ctx.locale, "termIds", V.invalid)] });
      }
    }
    const prepared: PreparedTranslation[] = [];
    for (const [index, input] of body.translations.entries()) {
      const t = await prepareTranslation(ctx, trx, body.postType, input, ["translations", index]);
      await assertSlugFree(ctx, trx, t.language, t.slug, `translations.${index}.slug`);
      prepared.push(t);
    }
    const now = new Date().toISOString();
    const publishedAt = body.publishedAt ? new Date(body.publishedAt).toISOString() : body.status === "published" ? now : null;
    const post = await trx
      .insertInto("posts")
      .values({ post_type: body.postType, status: body.status, published_at: publishedAt, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const t of prepared) await writeTranslation(trx, post.id, t);
    if (termIds.length)
      await trx
        .insertInto("post_terms")
        .values(termIds.map((term_id) => ({ post_id: post.id, term_id })))
        .execute();
    return post.id;
  });
  ctx.onContentChange(["posts"]);
  const [view] = await postViews(ctx, ctx.db, [id], { body: true, components: true, anyLanguage: true });
  if (!view) throw new AppError("INTERNAL", "error.generic");
  return view;
}

/** A post by a slug: the request language's first, else any language's (editors address posts by slug). */
export async function findPostBySlug(ctx: RequestCtx, db: Executor, slug: string): Promise<{ id: number; post_type: string }> {
  const rows = await db
    .selectFrom("post_translations as t")
    .innerJoin("posts as p", "p.id", "t.post_id")
    .select(["p.id", "p.post_type", "t.language_code"])
    .where("t.slug", "=", slug)
    .execute();
  const row = pickLanguage(rows, ctx.locale, true);
  if (!row) throw new AppError("NOT_FOUND", "error.notFound");
  return { id: row.id, post_type: row.post_type };
}
