import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { pagedSchema } from "../envelope.ts";
import { LOCALES } from "../locales.ts";
import { MEDIA_SIZE_NAMES } from "../media-urls.ts";
import {
  focalPoint,
  MEDIA_ACCESS,
  MEDIA_MAX_FILE_BYTES,
  MEDIA_REFUSAL_CODES,
  MEDIA_UPLOAD_LIMITS,
  MEDIA_USAGE_KINDS,
  mediaDeleteQuery,
  mediaFilterBody,
  mediaIdParams,
  mediaOptionsQuery,
  mediaTexts,
  mediaUpdateBody,
  mediaUploadBody,
} from "../schemas/media.ts";

/** Answers of the media library (SPEC §3 Media, §7 CMS media); the named sizes and URLs are in media-urls.ts. */

/** One media library row. */
export const mediaView = z.object({
  id: z.number().int(),
  driveId: z.string(),
  version: z.number().int(),
  /** Title, description and alt text in the request's language, else Croatian's. */
  title: z.string(),
  description: z.string(),
  alt: z.string(),
  /** What a cropped size (ThumbnailSize) keeps in view, in percent from the left and the top. */
  focalPoint,
  /** Bytes of the original. */
  size: z.number().int(),
  /** The server-made storage key of the original (never the uploaded name). */
  path: z.string(),
  extension: z.string(),
  mime: z.string(),
  access: z.enum(MEDIA_ACCESS),
  originalName: z.string(),
  hash: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  default: z.boolean(),
  createdAt: z.string(),
  /** The public URL at the default size; null for private media, which /media never serves. */
  url: z.string().nullable(),
  /** The public URL of every named size (empty for private media). */
  alternativePaths: z.partialRecord(z.enum(MEDIA_SIZE_NAMES), z.string()),
});
export type MediaView = z.infer<typeof mediaView>;

/** A file the upload did not keep, with why in the caller's language (SPEC §8 upload errors). */
export const refusedFile = z.object({
  name: z.string(),
  code: z.enum(MEDIA_REFUSAL_CODES),
  message: z.string(),
});

export type RefusedFile = z.infer<typeof refusedFile>;

export const mediaUploadAnswer = z.object({ records: z.array(mediaView), refused: z.array(refusedFile) });

/** One media for editing: besides the request language's texts, every language's (missing ones empty). */
export const mediaDetail = mediaView.extend({
  translations: z.array(mediaTexts.extend({ language: z.enum(LOCALES) })),
});
export type MediaDetail = z.infer<typeof mediaDetail>;

/** Where a media is used: the place's kind, its id, the language of the text that names it, and a name for people. */
export const mediaUsage = z.object({
  kind: z.enum(MEDIA_USAGE_KINDS),
  id: z.number().int(),
  language: z.string().nullable(),
  title: z.string(),
});
export type MediaUsage = z.infer<typeof mediaUsage>;

/** A named size (SPEC §3 Media option): key ThumbnailSize etc., value its fit (cover | inside), the x × y box (y null: only the width bounds it). */
export const mediaOption = z.object({
  id: z.number().int(),
  key: z.string(),
  value: z.string(),
  autoResize: z.boolean(),
  x: z.number().int(),
  y: z.number().int().nullable(),
});
export type MediaOption = z.infer<typeof mediaOption>;

export const mediaApi = {
  filterStandard: endpoint({
    method: "POST",
    path: "/v1/media/filterStandard",
    summary: "Media library: paged, newest first, search by title, filter by access and type (image | document)",
    tag: "media",
    access: { staff: "content" },
    readOnly: true,
    body: mediaFilterBody,
    answer: pagedSchema(mediaView),
  }),
  upload: endpoint({
    method: "POST",
    path: "/v2/media/upload",
    summary:
      "Upload files to the media library (multipart `file` ×20 and `customData`): types told by content, images re-encoded, each file kept or refused on its own",
    tag: "media",
    access: { staff: "content" },
    body: mediaUploadBody,
    files: { field: "file", maxFiles: MEDIA_UPLOAD_LIMITS.staff, maxFileBytes: MEDIA_MAX_FILE_BYTES },
    answer: mediaUploadAnswer,
  }),
  get: endpoint({
    method: "GET",
    path: "/v1/media/get/:id",
    summary: "One media with its texts in every language, for editing",
    tag: "media",
    access: { staff: "content" },
    params: mediaIdParams,
    answer: mediaDetail,
  }),
  update: endpoint({
    method: "PATCH",
    path: "/v1/media/update/:id",
    summary: "Change a media's texts per language, its focal point or its access",
    tag: "media",
    access: { staff: "content" },
    params: mediaIdParams,
    body: mediaUpdateBody,
    answer: mediaDetail,
  }),
  usage: endpoint({
    method: "GET",
    path: "/v1/media/usage/:id",
    summary: "Where a media is used: pages and posts, layout elements, master components, post images, products, CMS options",
    tag: "media",
    access: { staff: "content" },
    params: mediaIdParams,
    answer: z.object({ records: z.array(mediaUsage) }),
  }),
  delete: endpoint({
    method: "DELETE",
    path: "/v1/media/delete/:id",
    summary: "Delete a media and its original; a used one is refused (409, naming where) unless force=1",
    tag: "media",
    access: { staff: "content" },
    params: mediaIdParams,
    query: mediaDeleteQuery,
    answer: z.object({ id: z.number().int() }),
  }),
  replace: endpoint({
    method: "POST",
    path: "/v2/media/replace/:id",
    summary:
      "Replace a media's file (multipart, one `file`), checked like an upload: the row keeps its id and driveId, so its URLs lead to the new file",
    tag: "media",
    access: { staff: "content" },
    params: mediaIdParams,
    files: { field: "file", maxFiles: 1, maxFileBytes: MEDIA_MAX_FILE_BYTES },
    answer: z.object({ record: mediaView.nullable(), refused: z.array(refusedFile) }),
  }),
  options: endpoint({
    method: "GET",
    path: "/v1/media/options",
    summary: "The named sizes of the library (SPEC §3 Media option), optionally only those made for every image",
    tag: "media",
    access: "public",
    query: mediaOptionsQuery,
    answer: z.object({ records: z.array(mediaOption) }),
  }),
} as const;
