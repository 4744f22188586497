import { z } from "zod";
import { PAGINATION } from "../constants.ts";
import { V } from "../validation-messages.ts";

/** Payloads of the media endpoints; the answers are in api/media.ts, the named sizes and URLs in media-urls.ts. */

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

// ---------- v2 media upload ----------

/** SPEC §9: files one upload takes, from staff and from a public form. */
export const MEDIA_UPLOAD_LIMITS = { staff: 20, public: 10 } as const;
/** Bytes of one file: a phone photo or a scanned PDF, with room to spare. */
export const MEDIA_MAX_FILE_BYTES = 20 * 1024 * 1024;

/** `customData` beside the files: what every file of this upload gets. */
export const mediaUploadBody = z
  .object({
    title: z.string({ error: V.invalid }).trim().max(200, { error: V.maxLength }).default(""),
    description: z.string({ error: V.invalid }).trim().max(2000, { error: V.maxLength }).default(""),
    access: z.enum(MEDIA_ACCESS, { error: V.invalid }).default("public"),
  })
  .default({ title: "", description: "", access: "public" });
export type MediaUploadBody = z.infer<typeof mediaUploadBody>;
