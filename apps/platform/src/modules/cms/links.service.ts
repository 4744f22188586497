import { FALLBACK_LOCALE, type Locale, type PostTranslationInput, type PostView, V } from "@shop/contracts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { checkContentSlug, fieldError, parseStoredComponents } from "./content-rules.ts";
import {
  assertDistinctLanguages,
  assertSlugFree,
  findPostBySlug,
  type PreparedTranslation,
  postViews,
  prepareTranslation,
  writeTranslation,
} from "./posts.service.ts";

/*
 * Translation links (SPEC §7 link/...). A post and its translations are one `posts` row with one
 * `post_translations` row per language, so linking means writing or moving translation rows.
 */

async function touch(ctx: RequestCtx, postId: number): Promise<PostView> {
  await ctx.db.updateTable("posts").set({ updated_at: new Date().toISOString() }).where("id", "=", postId).execute();
  ctx.onContentChange(["posts"]);
  const [view] = await postViews(ctx, ctx.db, [postId], { body: true, components: true, anyLanguage: true });
  if (!view) throw new AppError("INTERNAL", "error.generic");
  return view;
}

/** PUT link/postTranslation/{slug}/bulk: creates or replaces the given languages of the post `slug`. */
export async function bulkTranslations(ctx: RequestCtx, slug: string, translations: readonly PostTranslationInput[]): Promise<PostView> {
  assertDistinctLanguages(
    ctx,
    translations.map((t) => t.language),
    "translations",
  );
  const postId = await ctx.db.transaction().execute(async (trx) => {
    const post = await findPostBySlug(ctx, trx, slug);
    const prepared: PreparedTranslation[] = [];
    for (const [index, input] of translations.entries()) {
      const t = await prepareTranslation(ctx, trx, post.post_type, input, ["translations", index]);
      await assertSlugFree(ctx, trx, t.language, t.slug, `translations.${index}.slug`, post.id);
      prepared.push(t);
    }
    for (const t of prepared) await writeTranslation(trx, post.id, t);
    return post.id;
  });
  return touch(ctx, postId);
}

/**
 * PUT link/postTranslation/{slug}/bulkExisting: attaches posts written separately in other languages
 * as translations of the post `slug`. Their translation rows (with list meta and terms) move over;
 * a post left without any language is deleted.
 */
export async function attachExisting(
  ctx: RequestCtx,
  slug: string,
  links: readonly { language: Locale; slug: string }[],
): Promise<PostView> {
  assertDistinctLanguages(
    ctx,
    links.map((l) => l.language),
    "posts",
  );
  const postId = await ctx.db.transaction().execute(async (trx) => {
    const target = await findPostBySlug(ctx, trx, slug);
    for (const [index, link] of links.entries()) {
      const path = `posts.${index}`;
      const source = await trx
        .selectFrom("post_translations as t")
        .innerJoin("posts as p", "p.id", "t.post_id")
        .select(["t.id", "t.post_id", "p.post_type"])
        .where("t.language_code", "=", link.language)
        .where("t.slug", "=", link.slug)
        .executeTakeFirst();
      if (!source) throw new AppError("NOT_FOUND", "error.notFound", { fields: [fieldError(ctx.locale, `${path}.slug`, V.invalid)] });
      if (source.post_id === target.id) continue;
      if (source.post_type !== target.post_type) {
        throw new AppError("VALIDATION_ERROR", "error.cms.postTypeMismatch", {
          fields: [fieldError(ctx.locale, `${path}.slug`, V.invalid)],
        });
      }
      const taken = await trx
        .selectFrom("post_translations")
        .select("id")
        .where("post_id", "=", target.id)
        .where("language_code", "=", link.language)
        .executeTakeFirst();
      if (taken)
        throw new AppError("CONFLICT", "error.cms.translationExists", { fields: [fieldError(ctx.locale, `${path}.language`, V.invalid)] });
      await trx.updateTable("post_translations").set({ post_id: target.id }).where("id", "=", source.id).execute();
      await trx
        .updateTable("post_meta")
        .set({ post_id: target.id })
        .where("post_id", "=", source.post_id)
        .where("language_code", "=", link.language)
        .execute();
      const terms = await trx.selectFrom("post_terms").select("term_id").where("post_id", "=", source.post_id).execute();
      const own = new Set(
        (await trx.selectFrom("post_terms").select("term_id").where("post_id", "=", target.id).execute()).map((r) => r.term_id),
      );
      const added = terms.filter((r) => !own.has(r.term_id));
      if (added.length)
        await trx
          .insertInto("post_terms")
          .values(added.map((r) => ({ post_id: target.id, term_id: r.term_id })))
          .execute();
      const left = await trx.selectFrom("post_translations").select("id").where("post_id", "=", source.post_id).executeTakeFirst();
      if (!left) await trx.deleteFrom("posts").where("id", "=", source.post_id).execute();
    }
    return target.id;
  });
  return touch(ctx, postId);
}

/**
 * POST link/{id}/createTranslationFromOriginal: a new language of post `id`, copied from its original
 * (the hr version, else the oldest) for a translator to work on. Slug: given, or the original's
 * with the language appended.
 */
export async function createTranslationFromOriginal(
  ctx: RequestCtx,
  id: number,
  body: { language: Locale; slug?: string; title?: string },
): Promise<PostView> {
  await ctx.db.transaction().execute(async (trx) => {
    const post = await trx.selectFrom("posts").select(["id", "post_type"]).where("id", "=", id).executeTakeFirst();
    if (!post) throw new AppError("NOT_FOUND", "error.notFound");
    const translations = await trx.selectFrom("post_translations").selectAll().where("post_id", "=", id).orderBy("id").execute();
    if (translations.some((t) => t.language_code === body.language)) {
      throw new AppError("CONFLICT", "error.cms.translationExists", { fields: [fieldError(ctx.locale, "language", V.invalid)] });
    }
    const original = translations.find((t) => t.language_code === FALLBACK_LOCALE) ?? translations[0];
    if (!original) throw new AppError("NOT_FOUND", "error.notFound");
    const slug = body.slug || `${original.slug}-${body.language}`;
    checkContentSlug(ctx.locale, slug, body.language, "slug");
    await assertSlugFree(ctx, trx, body.language, slug, "slug");
    const meta = await trx
      .selectFrom("post_meta")
      .select(["excerpt", "image"])
      .where("post_id", "=", id)
      .where("language_code", "=", original.language_code)
      .executeTakeFirst();
    await writeTranslation(trx, id, {
      language: body.language,
      slug,
      title: body.title ?? original.title,
      body: original.body,
      components: parseStoredComponents(original.components),
      excerpt: meta?.excerpt ?? "",
      image: meta?.image ? JSON.parse(meta.image) : null,
    });
  });
  return touch(ctx, id);
}
