import { z } from "zod";
import { COMMENT_MAX_LENGTH, PAGINATION } from "../constants.ts";
import { FALLBACK_LOCALE, LOCALES } from "../locales.ts";
import { idField, requiredText } from "../validation.ts";
import { V } from "../validation-messages.ts";

/** Payloads of the events and comments endpoints (SPEC §7 CMS); answers in api/events.ts, api/comments.ts. */

const pageField = () => z.coerce.number().int().min(1).max(100_000).default(PAGINATION.defaultPage);
const limitField = () => z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(PAGINATION.defaultLimit);

/** ISO 8601 date-time with its offset (what the database stores, compared as text after normalising to UTC). */
const dateTime = () => z.iso.datetime({ offset: true, error: V.invalid });
/** A date (the whole day) or a date-time, for filter ranges. */
const dateOrDateTime = () => z.union([z.iso.date({ error: V.invalid }), dateTime()]);

// ---------- Events ----------

export const eventFilterBody = z
  .object({
    /** Events still running at or after this moment (a date means its first instant). */
    dateFrom: dateOrDateTime().optional(),
    /** Events starting at or before this moment (a date means its last instant). */
    dateTo: dateOrDateTime().optional(),
    page: pageField(),
    limit: limitField(),
  })
  .default({ page: PAGINATION.defaultPage, limit: PAGINATION.defaultLimit });
export type EventFilterBody = z.infer<typeof eventFilterBody>;

export const eventGetQuery = z.object({ id: idField() });
export const eventIdParams = z.object({ id: idField() });

export const EVENT_STATUSES = ["draft", "published"] as const;

const slugField = () =>
  requiredText()
    .max(200, { error: V.maxLength })
    .regex(/^[\p{Ll}\p{N}]+(?:-[\p{Ll}\p{N}]+)*$/u, { error: V.invalid });

export const eventTranslationInput = z.object({
  language: z.enum(LOCALES),
  title: requiredText().max(200, { error: V.maxLength }),
  slug: slugField(),
  /** HTML; sanitised on the server against an allow-list. */
  description: z.string().max(50_000, { error: V.maxLength }).default(""),
  locationName: requiredText().max(200, { error: V.maxLength }),
  locationAddress: z.string().trim().max(300, { error: V.maxLength }).default(""),
  imageAlt: z.string().trim().max(300, { error: V.maxLength }).default(""),
});
export type EventTranslationInput = z.infer<typeof eventTranslationInput>;

export const eventImageInput = z.object({
  /** A site path (/demo/…, /media/…) or an https URL. */
  src: z
    .string()
    .trim()
    .max(1000)
    .regex(/^(\/(?!\/)|https:\/\/)\S+$/, { error: V.invalid }),
  width: z.number().int().min(1).max(10_000),
  height: z.number().int().min(1).max(10_000),
});

const translationsField = () =>
  z
    .array(eventTranslationInput)
    .min(1)
    .max(LOCALES.length)
    .refine((list) => new Set(list.map((t) => t.language)).size === list.length, { error: V.invalid });

const startsBeforeEnds = (v: { startsAt?: string; endsAt?: string }) =>
  !v.startsAt || !v.endsAt || Date.parse(v.startsAt) <= Date.parse(v.endsAt);

export const eventCreateBody = z
  .object({
    status: z.enum(EVENT_STATUSES).default("draft"),
    startsAt: dateTime(),
    endsAt: dateTime(),
    image: eventImageInput.nullable().default(null),
    translations: translationsField().refine((list) => list.some((t) => t.language === FALLBACK_LOCALE), { error: V.required }),
  })
  .refine(startsBeforeEnds, { error: V.invalid, path: ["endsAt"] });
export type EventCreateBody = z.infer<typeof eventCreateBody>;

/** Only what is sent changes; a translation sent replaces that language's translation. */
export const eventUpdateBody = z
  .object({
    status: z.enum(EVENT_STATUSES).optional(),
    startsAt: dateTime().optional(),
    endsAt: dateTime().optional(),
    image: eventImageInput.nullable().optional(),
    translations: translationsField().optional(),
  })
  .refine(startsBeforeEnds, { error: V.invalid, path: ["endsAt"] })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: V.required });
export type EventUpdateBody = z.infer<typeof eventUpdateBody>;

// ---------- Comments ----------

/**
 * Who may comment on blog posts (SPEC §3 CanCommentOnBlog). Only registered users can comment in
 * this product; any other value (e.g. Disabled) closes comments: an unknown value fails closed.
 */
export const COMMENT_POLICY_REGISTERED = "RegisteredUsers";

export const commentContentField = () => requiredText().max(COMMENT_MAX_LENGTH, { error: V.maxLength });

export const commentFilterBody = z.object({
  post_id: idField(),
  page: pageField(),
  limit: limitField(),
});
export type CommentFilterBody = z.infer<typeof commentFilterBody>;

export const commentCreateBody = z.object({
  post_id: idField(),
  content: commentContentField(),
});
export type CommentCreateBody = z.infer<typeof commentCreateBody>;

/** The author changes the content; backoffice users may also publish or unpublish. */
export const commentUpdateBody = z
  .object({
    content: commentContentField().optional(),
    published: z.boolean().optional(),
  })
  .refine((v) => v.content !== undefined || v.published !== undefined, { error: V.required });
export type CommentUpdateBody = z.infer<typeof commentUpdateBody>;

export const commentIdParams = z.object({ id: idField() });

export const commentOptionsBody = z.object({ store_id: z.coerce.number().int().min(1).max(3).optional() }).default({});
