import { z } from "zod";
import { PAGINATION } from "../constants.ts";
import { LOCALES } from "../locales.ts";
import { requiredText } from "../validation.ts";
import { V } from "../validation-messages.ts";
import { imageSchema } from "./blocks.ts";

export const elementHandlers = ["header-section", "footer-section", "cookie-section"] as const;
export type ElementHandler = (typeof elementHandlers)[number];
export const elementVariants = ["default", "carwash"] as const;
export type ElementVariant = (typeof elementVariants)[number];
export const getByHandlersBody = z.object({
  handlers: z.array(z.enum(elementHandlers)).min(1).max(10),
  variant: z.enum(elementVariants).default("default"),
});

export const navigationHandles = ["main", "footer1", "footer2", "footer3", "footer4"] as const;
export type NavigationHandle = (typeof navigationHandles)[number];
export const navigationTreeParams = z.object({ id: z.enum(navigationHandles) });

/* ---------- Shared pieces ---------- */

/** A slug as it may appear in a URL segment (any script, digits, _ and -); the stricter rules for saving are the platform's. */
const urlSlug = () =>
  z
    .string()
    .max(200, { error: V.maxLength })
    .regex(/^[\p{L}\p{N}_-]*$/u, { error: V.invalid });

const localeField = () => z.enum(LOCALES, { error: V.invalid });
const idParam = () => z.coerce.number({ error: V.invalid }).int({ error: V.invalid }).positive({ error: V.invalid });
const pageField = () => z.coerce.number().int().min(1).max(100_000).default(PAGINATION.defaultPage);
const limitField = () => z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(PAGINATION.defaultLimit);

export const idParams = z.object({ id: idParam() });
export const slugParams = z.object({ slug: urlSlug().min(1, { error: V.required }) });

/* ---------- Finder ---------- */

/**
 * GET finder/decide: `params` is the route's params as an ordered, comma-separated list (the content
 * route has one, the slug: `?params=o-nama`); none is the home page. `slug` is the older single form.
 */
export const finderDecideQuery = z.object({
  slug: urlSlug().default(""),
  params: z
    .string()
    .max(400)
    .regex(/^[\p{L}\p{N}_,-]*$/u, { error: V.invalid })
    .optional(),
});

export const finderSearchSlugsQuery = z.object({
  prefix: z.string().trim().min(1, { error: V.required }).max(200, { error: V.maxLength }),
  language: localeField().optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const getUrlOnLanguageBody = z.object({
  slug: urlSlug(),
  fromLanguage: localeField(),
  toLanguage: localeField(),
});

/* ---------- Page components ---------- */

/** A component as stored: a template with its data, or a reference to a master component. */
export const componentInput = z.union([
  z.object({
    id: z.number().int().positive().optional(),
    template: z.string().min(1).max(40),
    data: z.record(z.string(), z.unknown()),
  }),
  z.object({ id: z.number().int().positive().optional(), master: z.number().int().positive() }),
]);
export type ComponentInput = z.infer<typeof componentInput>;

/* ---------- Posts ---------- */

export const postStatuses = ["draft", "published"] as const;

export const postTranslationInput = z.object({
  language: localeField(),
  /** Checked by the platform: at least 4 characters, lowercase letters, digits and single hyphens. */
  slug: z.string({ error: V.required }).trim().max(200, { error: V.maxLength }),
  title: requiredText().max(200, { error: V.maxLength }),
  /** Legacy display: the post's HTML (sanitized on save). */
  body: z.string().max(100_000, { error: V.maxLength }).optional(),
  /** Components display: ordered page components. */
  components: z.array(componentInput).max(60).optional(),
  excerpt: z.string().trim().max(500, { error: V.maxLength }).optional(),
  image: imageSchema.optional(),
});
export type PostTranslationInput = z.infer<typeof postTranslationInput>;

export const postCreateBody = z.object({
  postType: z.string().max(64).default("post"),
  status: z.enum(postStatuses).default("published"),
  publishedAt: z.iso.datetime({ error: V.invalid }).optional(),
  termIds: z.array(z.number().int().positive()).max(20).default([]),
  translations: z.array(postTranslationInput).min(1, { error: V.required }).max(LOCALES.length),
});
export type PostCreateBody = z.infer<typeof postCreateBody>;

const dateBound = () => z.union([z.iso.date(), z.iso.datetime()], { error: V.invalid });

export const postFilterBody = z.object({
  display: z.enum(["components", "legacy"]).default("components"),
  termSlugs: z.array(urlSlug().min(1)).max(20).optional(),
  postTypeSlugs: z.array(z.string().min(1).max(64)).min(1).max(10).default(["post"]),
  dateFrom: dateBound().optional(),
  dateTo: dateBound().optional(),
  page: pageField(),
  limit: limitField(),
});
export type PostFilterBody = z.input<typeof postFilterBody>;

/* ---------- Post types ---------- */

const titleTranslations = () =>
  z
    .array(z.object({ language: localeField(), title: requiredText().max(120, { error: V.maxLength }) }))
    .min(1, { error: V.required })
    .max(LOCALES.length);

export const postTypeCreateBody = z.object({ slug: z.string({ error: V.required }).trim().max(64), translations: titleTranslations() });
export const postTypeFilterBody = z.object({ page: pageField(), limit: limitField(), noPaginate: z.boolean().default(false) });

/* ---------- Terms ---------- */

export const termFilterQuery = z.object({
  termType: z.string().max(32).optional(),
  page: pageField(),
  limit: limitField(),
});

export const termFilterBody = z.object({
  termTypeTitles: z.array(z.string().min(1).max(32)).max(10).optional(),
  page: pageField(),
  limit: limitField(),
  noPaginate: z.boolean().default(false),
});

/* ---------- Elements ---------- */

export const elementCreateBody = z.object({
  handler: z.enum(elementHandlers),
  variant: z.enum(elementVariants).default("default"),
  language: localeField(),
  title: requiredText().max(120, { error: V.maxLength }),
  /** Checked against the handler's option schema (header, footer or cookie). */
  options: z.record(z.string(), z.unknown()),
});

export const elementUpdateBody = z
  .object({
    title: requiredText().max(120, { error: V.maxLength }).optional(),
    options: z.record(z.string(), z.unknown()).optional(),
    /** The version the editor started from: a save based on an older one is refused (issue 13). */
    baseVersion: z.number().int().min(0).optional(),
  })
  .refine((v) => v.title !== undefined || v.options !== undefined, { error: V.required });

/* ---------- Translation links ---------- */

export const linkBulkBody = z.object({ translations: z.array(postTranslationInput).min(1, { error: V.required }).max(LOCALES.length) });
export const linkBulkExistingBody = z.object({
  posts: z
    .array(z.object({ language: localeField(), slug: urlSlug().min(1, { error: V.required }) }))
    .min(1, { error: V.required })
    .max(LOCALES.length),
});
export const createTranslationBody = z.object({
  language: localeField(),
  slug: z.string().trim().max(200, { error: V.maxLength }).optional(),
  title: requiredText().max(200, { error: V.maxLength }).optional(),
});
export const linkPostTypeBody = z.object({ translations: titleTranslations() });
export const linkMastersBody = z.object({ languages: z.array(localeField()).min(1, { error: V.required }).max(LOCALES.length) });

/* ---------- Master components ---------- */

export const masterCreateBody = z.object({
  template: z.string().min(1).max(40),
  title: requiredText().max(120, { error: V.maxLength }),
  translations: z
    .array(z.object({ language: localeField(), data: z.record(z.string(), z.unknown()) }))
    .min(1, { error: V.required })
    .max(LOCALES.length),
});
export const masterUpdateBody = z.object({
  language: localeField(),
  data: z.record(z.string(), z.unknown()),
  title: requiredText().max(120, { error: V.maxLength }).optional(),
});
export const masterFilterBody = z.object({ template: z.string().max(40).optional(), page: pageField(), limit: limitField() });

/* ---------- Redirects ---------- */

/** A request path as the storefront saw it: starts with one slash, no control characters or spaces. */
const requestPath = () =>
  z
    .string({ error: V.required })
    .min(1, { error: V.required })
    .max(500, { error: V.maxLength })
    .regex(/^\/(?!\/)[^\s\p{Cc}]*$/u, { error: V.invalid });

export const failedRequestBody = z.object({ path: requestPath() });
export const redirectResolveQuery = z.object({ path: requestPath() });
export const redirectCreateBody = z.object({
  fromPath: requestPath(),
  toPath: requestPath(),
  status: z.union([z.literal(301), z.literal(302)], { error: V.invalid }).default(301),
});
export const failedRequestFilterBody = z.object({ page: pageField(), limit: limitField() });
