import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { pagedSchema } from "../envelope.ts";
import { MEDIA_SIZE_NAMES } from "../media-urls.ts";
import { MEDIA_ACCESS, mediaFilterBody } from "../schemas/media.ts";

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
} as const;
