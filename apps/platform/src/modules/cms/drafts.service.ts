import {
  BLOCK_SAMPLES,
  blockTemplates,
  type ComponentInput,
  type EditablePage,
  FALLBACK_LOCALE,
  type Locale,
  localizedPath,
  type MasterUsage,
  type newPageBody,
  type PageTemplateBlock,
  REVISIONS_KEPT,
  V,
} from "@shop/contracts";
import type { z } from "zod";
import { AppError, fieldError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { languagesFor, pickTranslation } from "../../shared/translations.ts";
import {
  checkContentSlug,
  contentChanged,
  emptyComponentsError,
  parseStoredComponents,
  prepareComponents,
  resolveComponents,
} from "./content-rules.ts";
import * as repo from "./drafts.repository.ts";
import * as locksRepo from "./locks.repository.ts";
import { assertNotLockedByOther, editor, holdLock, lockView } from "./locks.service.ts";
import * as mastersRepo from "./masters.repository.ts";
import * as templatesRepo from "./page-templates.repository.ts";
import { homeSlug } from "./posts.service.ts";
import * as redirectsRepo from "./redirects.repository.ts";
import * as revisionsRepo from "./revisions.repository.ts";

/*
 * In-place editing (issue 13, SPEC §2 edit mode, ADR 25). Per language a page (or post) has its
 * published version in post_translations, which visitors and the page cache see, and at most one
 * draft in post_drafts, which only staff see. Publishing makes the draft the published version in
 * one transaction and keeps a revision. The page's language is the request's.
 */

const notFound = () => new AppError("NOT_FOUND", "error.notFound");

type PostRow = NonNullable<Awaited<ReturnType<typeof repo.findPostRow>>>;

async function postOrThrow(ctx: RequestCtx, postId: number): Promise<PostRow> {
  const post = await repo.findPostRow(ctx.db, postId);
  if (!post) throw notFound();
  return post;
}

/** The page as the editor shows it in `language`: published version (or the Croatian one it falls back to), draft, lock. */
export async function editablePage(ctx: RequestCtx, postId: number, language: Locale = ctx.locale): Promise<EditablePage> {
  const post = await postOrThrow(ctx, postId);
  const [published, draft, lockRow] = await Promise.all([
    repo.publishedOf(ctx.db, postId),
    repo.draftOf(ctx.db, postId, language),
    locksRepo.lockOf(ctx.db, postId, language),
  ]);
  const own = published.find((t) => t.language_code === language);
  const shown = own ?? (language === FALLBACK_LOCALE ? undefined : published.find((t) => t.language_code === FALLBACK_LOCALE));
  const [publishedComponents = [], draftComponents = []] = await resolveComponents({ ...ctx, locale: language }, ctx.db, [
    shown ? parseStoredComponents(shown.components) : [],
    draft ? parseStoredComponents(draft.components) : [],
  ]);
  return {
    id: post.id,
    postType: post.post_type,
    language,
    status: post.status,
    published: shown
      ? {
          slug: shown.slug,
          title: shown.title,
          components: publishedComponents,
          version: shown.version,
          savedAt: shown.saved_at ?? post.updated_at,
          savedBy: shown.saved_by_name,
        }
      : null,
    fallback: own === undefined && shown !== undefined,
    draft: draft
      ? {
          slug: draft.slug,
          title: draft.title,
          components: draftComponents,
          version: draft.version,
          savedAt: draft.saved_at,
          savedBy: draft.saved_by_name,
        }
      : null,
    lock: lockView(lockRow, ctx.user?.id ?? 0),
    translations: Object.fromEntries(published.map((t) => [t.language_code, t.slug])),
  };
}

export async function getPage(ctx: RequestCtx, postId: number): Promise<EditablePage> {
  return editablePage(ctx, postId);
}

/**
 * GET editor/decide: the content route's slug to the page staff edit there. Unlike finder/decide it
 * finds unpublished pages and drafts' slugs too (request language first, then Croatian).
 */
export async function decide(ctx: RequestCtx, query: { params: string }): Promise<EditablePage> {
  const params = query.params.split(",").filter((p) => p !== "");
  if (params.length > 1) throw notFound();
  const slug = params[0] || (await homeSlug(ctx));
  const row = pickTranslation(await repo.postsBySlug(ctx.db, slug, languagesFor(ctx.locale)), ctx.locale);
  if (!row) throw notFound();
  return editablePage(ctx, row.post_id);
}

interface Content {
  slug: string;
  title: string;
  components: string;
}

/** A version ready to store: SPEC §5 slug rules, free in its language, components validated (HTML sanitized, masters exist). */
async function checkedContent(
  tx: RequestCtx,
  postId: number,
  language: Locale,
  input: { slug: string; title: string; components: readonly ComponentInput[] },
): Promise<Content> {
  checkContentSlug(input.slug, language, "slug");
  if (input.components.length === 0) throw emptyComponentsError("components");
  const components = await prepareComponents(tx, tx.db, input.components, ["components"]);
  if (await repo.slugTakenByOther(tx.db, language, input.slug, postId)) {
    throw new AppError("CONFLICT", "error.cms.slugTaken", { fields: [{ path: "slug", key: V.invalid }] });
  }
  // The home page is found by its slug (the HomePageSlug option): renaming it would leave the root empty.
  const published = await repo.publishedIn(tx.db, postId, language);
  const home = await homeSlug(tx);
  if (published?.slug === home && input.slug !== home) throw fieldError("slug", "error.editor.homeSlug");
  return { slug: input.slug, title: input.title, components: JSON.stringify(components) };
}

/** 409 naming who saved the version the caller did not start from (the draft's saver, else the last publisher). */
async function staleError(tx: RequestCtx, postId: number, language: Locale): Promise<AppError> {
  const draft = await repo.draftOf(tx.db, postId, language);
  const name = draft?.saved_by_name ?? (await repo.publishedIn(tx.db, postId, language))?.saved_by_name ?? "";
  return new AppError("CONFLICT", "error.editor.stale", { params: { name } });
}

/**
 * PUT editor/page/:id/draft: saves the request language's draft. The caller must hold the lock (a
 * free one is taken on the way); the save applies only on the draft version it was based on.
 */
export async function saveDraft(
  ctx: RequestCtx,
  postId: number,
  body: { baseVersion: number; slug: string; title: string; components: readonly ComponentInput[] },
): Promise<EditablePage> {
  return withTransaction(ctx, async (tx) => {
    const language = tx.locale;
    await postOrThrow(tx, postId);
    await holdLock(tx, postId, language);
    const content = await checkedContent(tx, postId, language, body);
    const me = await editor(tx);
    const values = { ...content, savedById: me.id, savedByName: me.name, savedAt: new Date().toISOString() };
    const saved =
      body.baseVersion === 0
        ? await repo.insertFirstDraft(tx.db, postId, language, values)
        : await repo.updateDraftAt(tx.db, postId, language, body.baseVersion, values);
    if (!saved) throw await staleError(tx, postId, language);
    return editablePage(tx, postId);
  });
}

/** DELETE editor/page/:id/draft: throws the request language's draft away (not while another editor holds the lock). */
export async function discardDraft(ctx: RequestCtx, postId: number): Promise<EditablePage> {
  return withTransaction(ctx, async (tx) => {
    await postOrThrow(tx, postId);
    await assertNotLockedByOther(tx, postId, tx.locale);
    await repo.deleteDraft(tx.db, postId, tx.locale);
    return editablePage(tx, postId);
  });
}

/** Old address of the page answers 301 to the new one; a redirect away from the new address goes (so changing back works). */
async function redirectSlug(tx: RequestCtx, language: Locale, oldSlug: string, newSlug: string, now: string): Promise<void> {
  const from = localizedPath("content", language, { slug: oldSlug });
  const to = localizedPath("content", language, { slug: newSlug });
  await redirectsRepo.deleteRedirectFrom(tx.db, to);
  await redirectsRepo.deleteRedirectFrom(tx.db, from);
  // Older addresses that led to the old one lead straight to the new one.
  await redirectsRepo.retargetRedirects(tx.db, from, to);
  await redirectsRepo.insertRedirect(tx.db, { fromPath: from, toPath: to, status: 301, now });
}

/**
 * Makes content the published version of one language, in the caller's transaction: version + 1
 * (the first publish inserts it and publishes the post), a revision, a 301 from a changed slug.
 * Once committed, the cached pages showing the page (all its languages' addresses, post lists,
 * search) are dropped, no others.
 */
export async function makeLive(
  tx: RequestCtx,
  postType: string,
  postId: number,
  language: Locale,
  content: Content,
  restoredFrom: number | null,
): Promise<void> {
  const me = await editor(tx);
  const now = new Date().toISOString();
  const before = await repo.publishedIn(tx.db, postId, language);
  const version = await repo.writePublished(tx.db, postId, language, { ...content, savedByName: me.name, savedAt: now });
  await repo.markPublished(tx.db, postId, now);
  await revisionsRepo.insertRevision(tx.db, {
    postId,
    language,
    version,
    slug: content.slug,
    title: content.title,
    components: content.components,
    authorId: me.id,
    authorName: me.name,
    now,
    restoredFrom,
  });
  await revisionsRepo.pruneRevisions(tx.db, postId, language, REVISIONS_KEPT);
  if (before && before.slug !== content.slug) await redirectSlug(tx, language, before.slug, content.slug, now);
  // Pages are in no post list; posts are.
  contentChanged(tx, postType === "page" ? [`page:${postId}`] : [`page:${postId}`, "postList"]);
}

/** POST editor/page/:id/publish: the draft at `draftVersion` becomes the published version (caller holds the lock). */
export async function publish(ctx: RequestCtx, postId: number, draftVersion: number): Promise<EditablePage> {
  return withTransaction(ctx, async (tx) => {
    const language = tx.locale;
    const post = await postOrThrow(tx, postId);
    await holdLock(tx, postId, language);
    const draft = await repo.takeDraftAt(tx.db, postId, language, draftVersion);
    if (!draft) throw await staleError(tx, postId, language);
    if (await repo.slugTakenByOther(tx.db, language, draft.slug, postId)) {
      throw new AppError("CONFLICT", "error.cms.slugTaken", { fields: [{ path: "slug", key: V.invalid }] });
    }
    await makeLive(tx, post.post_type, postId, language, { slug: draft.slug, title: draft.title, components: draft.components }, null);
    return editablePage(tx, postId);
  });
}

/** A template's blocks as a new page's components: a block without data starts from its sample, the first hero carries the title. */
function componentsOfTemplate(blocks: readonly PageTemplateBlock[], title: string): ComponentInput[] {
  let heroTitled = false;
  return blocks.map((block, index) => {
    const known = (blockTemplates as readonly string[]).includes(block.template);
    const sample = known ? (BLOCK_SAMPLES[block.template as keyof typeof BLOCK_SAMPLES] as Record<string, unknown>) : {};
    let data = block.data ?? sample;
    if (block.template === "hero" && !heroTitled) {
      heroTitled = true;
      data = { ...data, title };
    }
    return { id: index + 1, template: block.template, data };
  });
}

/** POST editor/page: a new, unpublished page whose first draft comes from a page template; the creator holds its lock. */
export async function createPage(ctx: RequestCtx, body: z.output<typeof newPageBody>): Promise<EditablePage> {
  return withTransaction(ctx, async (tx) => {
    const language = body.language;
    const template = await templatesRepo.findTemplate(tx.db, body.template);
    if (!template) throw fieldError("template", "error.notFound");
    const now = new Date().toISOString();
    const postId = await repo.insertPostRow(tx.db, "page", now);
    const blocks = JSON.parse(template.blocks) as PageTemplateBlock[];
    const content = await checkedContent(tx, postId, language, {
      slug: body.slug,
      title: body.title,
      components: componentsOfTemplate(blocks, body.title),
    });
    const me = await editor(tx);
    await repo.putDraft(tx.db, postId, language, { ...content, savedById: me.id, savedByName: me.name, savedAt: now });
    await holdLock(tx, postId, language);
    return editablePage(tx, postId, language);
  });
}

/**
 * POST editor/page/:id/translate: the request language's draft, copied from the Croatian published
 * version (slug: the Croatian one plus the language unless given). Refused when the language has a
 * version or a draft already.
 */
export async function translate(ctx: RequestCtx, postId: number, body: { slug?: string; title?: string }): Promise<EditablePage> {
  return withTransaction(ctx, async (tx) => {
    const language = tx.locale;
    await postOrThrow(tx, postId);
    if (language === FALLBACK_LOCALE) throw fieldError("language", "error.cms.translationExists");
    const published = await repo.publishedOf(tx.db, postId);
    const original = published.find((t) => t.language_code === FALLBACK_LOCALE);
    if (!original) throw notFound();
    if (published.some((t) => t.language_code === language) || (await repo.draftOf(tx.db, postId, language))) {
      throw new AppError("CONFLICT", "error.cms.translationExists");
    }
    await holdLock(tx, postId, language);
    const content = await checkedContent(tx, postId, language, {
      slug: body.slug || `${original.slug}-${language}`,
      title: body.title ?? original.title,
      components: parseStoredComponents(original.components),
    });
    const me = await editor(tx);
    await repo.putDraft(tx.db, postId, language, { ...content, savedById: me.id, savedByName: me.name, savedAt: new Date().toISOString() });
    return editablePage(tx, postId);
  });
}

/** GET editor/master/:id/usage: the pages and posts (published or draft, per language) placing the master. */
export async function masterUsage(ctx: RequestCtx, masterId: number): Promise<MasterUsage> {
  if (!(await mastersRepo.findMaster(ctx.db, masterId))) throw notFound();
  const seen = new Set<string>();
  const pages: MasterUsage["pages"] = [];
  for (const row of await repo.placingMaster(ctx.db, masterId)) {
    const key = `${row.post_id}|${row.language_code}`;
    if (seen.has(key) || !parseStoredComponents(row.components).some((c) => "master" in c && c.master === masterId)) continue;
    seen.add(key);
    pages.push({ id: row.post_id, title: row.title, slug: row.slug, language: row.language_code });
  }
  return { pages };
}
