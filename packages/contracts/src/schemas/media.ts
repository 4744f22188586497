import { z } from "zod";
import { PAGINATION } from "../constants.ts";
import type { MediaSizeName } from "../media-urls.ts";
import { V } from "../validation-messages.ts";

/** Payloads and answers of the media endpoints; the named sizes and URLs are in media-urls.ts. */

// ---------- media/filterStandard ----------

export const MEDIA_ACCESS = ["public", "private"] as const;
export type MediaAccess = (typeof MEDIA_ACCESS)[number];

export const mediaFilterBody = z
  .object({
    /** Part of the title, case-insensitive. */
    search: z.string({ error: V.invalid }).trim().max(200, { error: V.maxLength }).default(""),
    access: z.enum(MEDIA_ACCESS, { error: V.invalid }).optional(),
    page: z.coerce
      .number({ error: V.invalid })
      .int({ error: V.invalid })
      .min(1, { error: V.invalid })
      .max(100_000)
      .default(PAGINATION.defaultPage),
    limit: z.coerce
      .number({ error: V.invalid })
      .int({ error: V.invalid })
      .min(1, { error: V.invalid })
      .max(PAGINATION.maxLimit, { error: V.invalid })
      .default(PAGINATION.defaultLimit),
  })
  .default({ search: "", page: PAGINATION.defaultPage, limit: PAGINATION.defaultLimit });
export type MediaFilterBody = z.infer<typeof mediaFilterBody>;

/** One media library row (SPEC §3 Media). */
export interface MediaView {
  id: number;
  driveId: string;
  version: number;
  title: string;
  description: string;
  /** Bytes of the original. */
  size: number;
  /** The server-made storage key of the original (never the uploaded name). */
  path: string;
  extension: string;
  mime: string;
  access: MediaAccess;
  originalName: string;
  hash: string;
  width: number | null;
  height: number | null;
  default: boolean;
  createdAt: string;
  /** The public URL at the default size; null for private media, which /media never serves. */
  url: string | null;
  /** The public URL of every named size (empty for private media). */
  alternativePaths: Partial<Record<MediaSizeName, string>>;
}
