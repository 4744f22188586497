import { createHash } from "node:crypto";
import {
  DEFAULT_MEDIA_SIZE,
  FALLBACK_LOCALE,
  LOCALES,
  MEDIA_SIZE_NAMES,
  type MediaDetail,
  type MediaFilterBody,
  type MediaOption,
  type MediaSizeName,
  type MediaUpdateBody,
  type MediaUsage,
  type MediaView,
  makePagination,
  mediaUrl,
  mediaUrlTitle,
  type Paged,
} from "@shop/contracts";
import { translator } from "@shop/i18n";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { languagesFor, pickTranslation } from "../../shared/translations.ts";
import type { MediaRow, MediaTranslationRow } from "./media.repository.ts";
import * as repo from "./media.repository.ts";

/** The nominal extension of generated URLs; the server still answers what the browser accepts. */
const URL_EXTENSION = "webp";
const CENTRE = 50;

/**
 * The last segment of a media's URLs: the sha256 of its original, or, once a focal point moves the
 * crop, of the original and the point. A URL names exactly the pixels it answers, so it may be cached
 * forever; an older URL of the row (before a replace or a new focal point) leads to the current one.
 */
export function mediaUrlHash(row: Pick<MediaRow, "hash" | "focal_x" | "focal_y">): string {
  if (row.focal_x === CENTRE && row.focal_y === CENTRE) return row.hash;
  return createHash("sha256").update(`${row.hash}:${row.focal_x},${row.focal_y}`).digest("hex");
}

/** A document of SPEC §9 (PDF, office, text, zip): anything the library keeps that is not an image. */
export const isDocument = (row: Pick<MediaRow, "mime">): boolean => !row.mime.startsWith("image/");

/**
 * A row's URL at a size and format. A document has one URL, whatever was asked: the stored file
 * under its own extension at the default size (it has no sizes and no other formats).
 */
export function rowUrl(
  row: Pick<MediaRow, "drive_id" | "title" | "mime" | "extension" | "hash" | "focal_x" | "focal_y">,
  siteId: number,
  at: { size?: MediaSizeName; ext?: string; ref?: string } = {},
): string {
  const document = isDocument(row);
  return mediaUrl({
    apiKeyId: siteId,
    ref: at.ref ?? row.drive_id,
    size: document ? DEFAULT_MEDIA_SIZE : (at.size ?? DEFAULT_MEDIA_SIZE),
    title: mediaUrlTitle(row.title),
    ext: document ? row.extension : (at.ext ?? URL_EXTENSION),
    hash: mediaUrlHash(row),
  });
}

type Texts = Pick<MediaTranslationRow, "title" | "description" | "alt">;

/** A library row as answered; `texts` are the request language's (else hr's), the row's own title otherwise. */
export function mediaView(row: MediaRow, siteId: number, texts?: Texts): MediaView {
  const isPublic = row.access === "public";
  const sizes = isPublic && !isDocument(row) ? MEDIA_SIZE_NAMES : [];
  return {
    id: row.id,
    driveId: row.drive_id,
    version: row.version,
    title: texts?.title || row.title,
    description: texts ? texts.description : row.description,
    alt: texts?.alt ?? "",
    focalPoint: { x: row.focal_x, y: row.focal_y },
    size: row.size,
    path: row.path,
    extension: row.extension,
    mime: row.mime,
    access: row.access,
    originalName: row.original_name,
    hash: row.hash,
    width: row.width,
    height: row.height,
    default: row.is_default === 1,
    createdAt: row.created_at,
    url: isPublic ? rowUrl(row, siteId) : null,
    alternativePaths: Object.fromEntries(sizes.map((size) => [size, rowUrl(row, siteId, { size })])),
  };
}

/** Rows as answered in the request's language (hr where that language has no texts). */
export async function localisedViews(ctx: RequestCtx, rows: readonly MediaRow[]): Promise<MediaView[]> {
  const translations = await repo.translationsOf(
    ctx.db,
    rows.map((r) => r.id),
    languagesFor(ctx.locale),
  );
  return rows.map((row) =>
    mediaView(
      row,
      ctx.site.id,
      pickTranslation(
        translations.filter((t) => t.media_id === row.id),
        ctx.locale,
      ),
    ),
  );
}

/** POST media/filterStandard: the media library, newest first, searchable by title in any language, by access and type. */
export async function filterStandard(ctx: RequestCtx, body: MediaFilterBody): Promise<Paged<MediaView>> {
  const filter = { search: body.search, access: body.access, type: body.type };
  const total = await repo.countMedia(ctx.db, filter);
  const rows = await repo.pageMedia(ctx.db, filter, (body.page - 1) * body.limit, body.limit);
  return { records: await localisedViews(ctx, rows), pagination: makePagination(body.page, body.limit, total) };
}

/** A foreign id and a missing one answer alike (there is one site; another's id is simply not there). */
export async function mediaOr404(ctx: RequestCtx, id: number): Promise<MediaRow> {
  const row = await repo.findMedia(ctx.db, id);
  if (!row) throw new AppError("NOT_FOUND", "media.notFound");
  return row;
}

async function detail(ctx: RequestCtx, row: MediaRow): Promise<MediaDetail> {
  const all = await repo.translationsOf(ctx.db, [row.id]);
  const [view] = await localisedViews(ctx, [row]);
  return {
    ...(view as MediaView),
    translations: LOCALES.map((language) => {
      const t = all.find((r) => r.language_code === language);
      // A row from before its texts had languages (the demo's seed) has its Croatian texts on itself.
      if (!t && language === FALLBACK_LOCALE) return { language, title: row.title, description: row.description, alt: "" };
      return { language, title: t?.title ?? "", description: t?.description ?? "", alt: t?.alt ?? "" };
    }),
  };
}

/** GET media/get/:id */
export async function getMedia(ctx: RequestCtx, id: number): Promise<MediaDetail> {
  return detail(ctx, await mediaOr404(ctx, id));
}

/**
 * PATCH media/update/:id. The Croatian texts are also the row's own title and description (the
 * name in its URLs, and what a caller without translations reads).
 */
export async function updateMedia(ctx: RequestCtx, id: number, body: MediaUpdateBody): Promise<MediaDetail> {
  return withTransaction(ctx, async (tx) => {
    const row = await mediaOr404(tx, id);
    for (const [language, texts] of Object.entries(body.translations ?? {})) {
      if (texts) await repo.putTranslation(tx.db, id, language, texts);
    }
    const hr = body.translations?.hr;
    const changes = {
      ...(hr?.title ? { title: hr.title } : {}),
      ...(hr ? { description: hr.description } : {}),
      ...(body.focalPoint ? { focal_x: body.focalPoint.x, focal_y: body.focalPoint.y } : {}),
      ...(body.access ? { access: body.access } : {}),
    };
    const updated = Object.keys(changes).length ? await repo.updateMediaRow(tx.db, id, changes) : row;
    return detail(tx, updated);
  });
}

/**
 * The original goes once the row's removal has committed: the database store writes through its own
 * connection, which must not wait on this request's transaction. A failure leaves an orphan, never a
 * row without its file.
 */
export function removeOriginalLater(ctx: RequestCtx, path: string): void {
  ctx.afterCommit(() => {
    ctx.media.remove(path).catch((err: Error) => ctx.logger.error({ media: "original not removed", path, error: err.message }));
  });
}

/** GET media/usage/:id */
export async function usageOf(ctx: RequestCtx, id: number): Promise<{ records: MediaUsage[] }> {
  const row = await mediaOr404(ctx, id);
  return { records: await repo.mediaUsage(ctx.db, row) };
}

/**
 * DELETE media/delete/:id. A used file is refused with where it is used (each place a line in the
 * caller's language), unless forced. The original goes from the store once the row is gone.
 */
export async function deleteMedia(ctx: RequestCtx, id: number, force: boolean): Promise<{ id: number }> {
  await withTransaction(ctx, async (tx) => {
    const found = await mediaOr404(tx, id);
    const usage = await repo.mediaUsage(tx.db, found);
    if (usage.length > 0 && !force) {
      const t = translator(ctx.locale);
      throw new AppError("CONFLICT", "media.inUse", {
        params: { count: usage.length },
        fields: usage.map((u) => ({
          path: `usage.${u.kind}.${u.id}`,
          key: "media.inUse",
          message: t(`media.usage.${u.kind}`, { id: u.id, title: u.title || `#${u.id}`, language: u.language ?? "" }),
        })),
      });
    }
    await repo.deleteMediaRow(tx.db, id);
    if (!(await repo.pathShared(tx.db, found.path))) removeOriginalLater(tx, found.path);
  });
  return { id };
}

/** GET media/options */
export async function mediaOptionsOf(ctx: RequestCtx, autoResizeOnly: boolean): Promise<{ records: MediaOption[] }> {
  const rows = await repo.mediaOptions(ctx.db, autoResizeOnly);
  return { records: rows.map((r) => ({ id: r.id, key: r.key, value: r.value, autoResize: r.auto_resize === 1, x: r.x, y: r.y })) };
}
