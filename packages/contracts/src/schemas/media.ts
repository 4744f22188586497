import { z } from "zod";
import { PAGINATION } from "../constants.ts";
import { LOCALES } from "../locales.ts";
import { V } from "../validation-messages.ts";

/** Payloads of the media endpoints; the answers are in api/media.ts, the named sizes and URLs in media-urls.ts. */

// ---------- media/filterStandard ----------

export const MEDIA_ACCESS = ["public", "private"] as const;
export type MediaAccess = (typeof MEDIA_ACCESS)[number];

/** The library's type filter: images (they have pixels) or documents (everything else it takes). */
export const MEDIA_KINDS = ["image", "document"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const mediaFilterBody = z
  .object({
    /** Part of the title, case-insensitive. */
    search: z.string({ error: V.invalid }).trim().max(200, { error: V.maxLength }).default(""),
    access: z.enum(MEDIA_ACCESS, { error: V.invalid }).optional(),
    type: z.enum(MEDIA_KINDS, { error: V.invalid }).optional(),
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

/** The places a media can be used (media/usage): published pages and posts, their drafts, layout elements, master components, post images, products, CMS options. */
export const MEDIA_USAGE_KINDS = ["post", "postDraft", "element", "master", "postMeta", "product", "option"] as const;
export type MediaUsageKind = (typeof MEDIA_USAGE_KINDS)[number];

/** Why an upload refused a file (SPEC §8 upload errors); the texts are media.refused.<code>. */
export const MEDIA_REFUSAL_CODES = [
  "empty",
  "tooLarge",
  "typeNotAllowed",
  "contentMismatch",
  "svg",
  "archiveTooLarge",
  "unreadable",
] as const;
export type MediaRefusalCode = (typeof MEDIA_REFUSAL_CODES)[number];

// ---------- media get / update / delete / replace ----------

const mediaId = () => z.coerce.number({ error: V.invalid }).int({ error: V.invalid }).positive({ error: V.invalid }).max(2_147_483_647);
export const mediaIdParams = z.object({ id: mediaId() });

/** Percent of the width and of the height, from the left and the top. */
const percent = () => z.number({ error: V.invalid }).int({ error: V.invalid }).min(0, { error: V.invalid }).max(100, { error: V.invalid });
export const focalPoint = z.object({ x: percent(), y: percent() });
export type FocalPoint = z.infer<typeof focalPoint>;

export const mediaTexts = z.object({
  title: z.string({ error: V.invalid }).trim().max(200, { error: V.maxLength }),
  description: z.string({ error: V.invalid }).trim().max(2000, { error: V.maxLength }),
  alt: z.string({ error: V.invalid }).trim().max(500, { error: V.maxLength }),
});
export type MediaTexts = z.infer<typeof mediaTexts>;

/** PATCH media/update: what is sent changes; a language's texts are replaced whole. */
export const mediaUpdateBody = z.object({
  translations: z.partialRecord(z.enum(LOCALES, { error: V.invalid }), mediaTexts).optional(),
  focalPoint: focalPoint.optional(),
  access: z.enum(MEDIA_ACCESS, { error: V.invalid }).optional(),
});
export type MediaUpdateBody = z.infer<typeof mediaUpdateBody>;

/** DELETE media/delete: `force=1` deletes a file that is still used (its places then show nothing). */
export const mediaDeleteQuery = z.object({
  force: z
    .enum(["0", "1", "true", "false"], { error: V.invalid })
    .optional()
    .transform((v) => v === "1" || v === "true"),
});

// ---------- media options ----------

/** GET media/options: only the sizes made for every image (SPEC §7 option/filter `autoResizeOnly`). */
export const mediaOptionsQuery = z.object({ autoResizeOnly: z.enum(["true", "false"], { error: V.invalid }).optional() });
