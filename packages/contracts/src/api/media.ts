import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { pagedSchema } from "../envelope.ts";
import { MEDIA_SIZE_NAMES } from "../media-urls.ts";
import { MEDIA_ACCESS, MEDIA_MAX_FILE_BYTES, MEDIA_UPLOAD_LIMITS, mediaFilterBody, mediaUploadBody } from "../schemas/media.ts";

/** Answers of the media library (SPEC §3 Media, §7 CMS media); the named sizes and URLs are in media-urls.ts. */

/** One media library row. */
export const mediaView = z.object({
  id: z.number().int(),
  driveId: z.string(),
  version: z.number().int(),
  title: z.string(),
  description: z.string(),
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
  code: z.enum(["empty", "tooLarge", "typeNotAllowed", "contentMismatch", "svg", "archiveTooLarge", "unreadable"]),
  message: z.string(),
});

export type RefusedFile = z.infer<typeof refusedFile>;

export const mediaUploadAnswer = z.object({ records: z.array(mediaView), refused: z.array(refusedFile) });

export const mediaApi = {
  filterStandard: endpoint({
    method: "POST",
    path: "/v1/media/filterStandard",
    summary: "Media library: paged, newest first, search by title",
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
} as const;
