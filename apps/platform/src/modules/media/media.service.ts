import {
  DEFAULT_MEDIA_SIZE,
  MEDIA_SIZE_NAMES,
  type MediaFilterBody,
  type MediaSizeName,
  type MediaView,
  makePagination,
  mediaUrl,
  mediaUrlTitle,
  type Paged,
} from "@shop/contracts";
import type { RequestCtx } from "../../http/context.ts";
import { countMedia, type MediaRow, pageMedia } from "./media.repository.ts";

/** The nominal extension of generated URLs; the server still answers what the browser accepts. */
const URL_EXTENSION = "webp";

export function mediaView(row: MediaRow, siteId: number): MediaView {
  const isPublic = row.access === "public";
  const urlAt = (size: MediaSizeName) =>
    mediaUrl({ apiKeyId: siteId, ref: row.drive_id, size, title: mediaUrlTitle(row.title), ext: URL_EXTENSION, hash: row.hash });
  return {
    id: row.id,
    driveId: row.drive_id,
    version: row.version,
    title: row.title,
    description: row.description,
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
    url: isPublic ? urlAt(DEFAULT_MEDIA_SIZE) : null,
    alternativePaths: isPublic ? Object.fromEntries(MEDIA_SIZE_NAMES.map((size) => [size, urlAt(size)])) : {},
  };
}

/** POST media/filterStandard: the media library, newest first, searchable by title. */
export async function filterStandard(ctx: RequestCtx, body: MediaFilterBody): Promise<Paged<MediaView>> {
  const filter = { search: body.search, access: body.access };
  const total = await countMedia(ctx.db, filter);
  const rows = await pageMedia(ctx.db, filter, (body.page - 1) * body.limit, body.limit);
  return { records: rows.map((r) => mediaView(r, ctx.site.id)), pagination: makePagination(body.page, body.limit, total) };
}
