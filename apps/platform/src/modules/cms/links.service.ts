import { FALLBACK_LOCALE, type Locale, type PostTranslationInput, type PostView, V } from "@shop/contracts";
import { AppError, fieldsError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { checkContentSlug, contentChanged, parseStoredComponents } from "./content-rules.ts";
import * as repo from "./posts.repository.ts";
import {
  assertDistinctLanguages,
  assertSlugFree,
  findPostBySlug,
  type PreparedTranslation,
  prepareTranslation,
  writtenPost,
} from "./posts.service.ts";

/*
 * Translation links (SPEC §7 link/...). A post and its translations are one `posts` row with one
 * `post_translations` row per language, so linking means writing or moving translation rows.
 */

/** Marks the post changed, inside the transaction that changed it. */
async function touch(tx: RequestCtx, postId: number): Promise<void> {
  await repo.touchPost(tx.db, postId, new Date().toISOString());
  contentChanged(tx, ["posts"]);
}

/** PUT link/postTranslation/{slug}/bulk: creates or replaces the given languages of the post `slug`. */
export async function bulkTranslations(ctx: RequestCtx, slug: string, translations: readonly PostTranslationInput[]): Promise<PostView> {
  assertDistinctLanguages(
    translations.map((t) => t.language),
    "translations",
  );
  const postId = await withTransaction(ctx, async (tx) => {
    const post = await findPostBySlug(tx, tx.db, slug);
    const prepared: PreparedTranslation[] = [];
    for (const [index, input] of translations.entries()) {
      const t = await prepareTranslation(tx, tx.db, post.post_type, input, ["translations", index]);
      await assertSlugFree(tx.db, t.language, t.slug, `translations.${index}.slug`, post.id);
      prepared.push(t);
    }
    for (const t of prepared) await repo.saveTranslation(tx.db, post.id, t);
    await touch(tx, post.id);
    return post.id;
  });
  return writtenPost(ctx, postId);
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
    links.map((l) => l.language),
    "posts",
  );
  const postId = await withTransaction(ctx, async (tx) => {
    const target = await findPostBySlug(tx, tx.db, slug);
    for (const [index, link] of links.entries()) {
      const path = `posts.${index}`;
      const source = await repo.findTranslation(tx.db, link.language, link.slug);
      if (!source) throw new AppError("NOT_FOUND", "error.notFound", { fields: [{ path: `${path}.slug`, key: V.invalid }] });
      if (source.post_id === target.id) continue;
      if (source.post_type !== target.post_type)
        throw fieldsError([{ path: `${path}.slug`, key: V.invalid }], "error.cms.postTypeMismatch");
      if (await repo.hasLanguage(tx.db, target.id, link.language)) {
        throw new AppError("CONFLICT", "error.cms.translationExists", { fields: [{ path: `${path}.language`, key: V.invalid }] });
      }
      await repo.moveTranslation(tx.db, source, link.language, target.id);
      const own = new Set(await repo.termIdsOf(tx.db, target.id));
      await repo.addTerms(
        tx.db,
        target.id,
        (await repo.termIdsOf(tx.db, source.post_id)).filter((id) => !own.has(id)),
      );
      if (!(await repo.hasAnyTranslation(tx.db, source.post_id))) await repo.deletePost(tx.db, source.post_id);
    }
    await touch(tx, target.id);
    return target.id;
  });
  return writtenPost(ctx, postId);
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
  await withTransaction(ctx, async (tx) => {
    if (!(await repo.findPost(tx.db, id))) throw new AppError("NOT_FOUND", "error.notFound");
    const translations = await repo.fullTranslationsOf(tx.db, id);
    if (translations.some((t) => t.language_code === body.language)) {
      throw new AppError("CONFLICT", "error.cms.translationExists", { fields: [{ path: "language", key: V.invalid }] });
    }
    const original = translations.find((t) => t.language_code === FALLBACK_LOCALE) ?? translations[0];
    if (!original) throw new AppError("NOT_FOUND", "error.notFound");
    const slug = body.slug || `${original.slug}-${body.language}`;
    checkContentSlug(slug, body.language, "slug");
    await assertSlugFree(tx.db, body.language, slug, "slug");
    const meta = await repo.metaOf(tx.db, id, original.language_code);
    await repo.saveTranslation(tx.db, id, {
      language: body.language,
      slug,
      title: body.title ?? original.title,
      body: original.body,
      components: parseStoredComponents(original.components),
      excerpt: meta?.excerpt ?? "",
      image: meta?.image ? JSON.parse(meta.image) : null,
    });
    await touch(tx, id);
  });
  return writtenPost(ctx, id);
}
