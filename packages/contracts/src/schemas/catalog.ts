import { z } from "zod";
import { PAGINATION, type PRODUCT_FORMATS } from "../constants.ts";
import { idField } from "../validation.ts";
import { V } from "../validation-messages.ts";

/** Payloads of the catalog endpoints (SPEC §3 Product, Layered filter, Category; §7 Products and shop); the answers are in api/catalog.ts. */

export type ProductFormat = (typeof PRODUCT_FORMATS)[number];

const filterValue = z.union([
  z.boolean(),
  z.enum(["yes", "no"]),
  z.number().finite(),
  z.string().trim().max(64),
  z.array(z.union([z.number().finite(), z.null(), z.string().trim().max(64)])).max(200),
]);

/**
 * One criterion. `id`, `categories` and `tags` take id lists; `archived`, `featured` and `discount`
 * booleans; an attribute code takes value ids (choice types), [min, max] (ranges, either end null
 * for open) or 'yes'/'no' (YesNo).
 */
export const productFilter = z.object({
  key: z.string().trim().min(1, { error: V.required }).max(64, { error: V.maxLength }),
  value: filterValue,
});
export type ProductFilter = z.infer<typeof productFilter>;

export const SORT_PARAMS = ["id", "finalPrice", "name", "categoryPriority", "featured"] as const;
export const productSort = z.object({
  param: z.enum(SORT_PARAMS, { error: V.invalid }),
  order: z.enum(["asc", "desc"], { error: V.invalid }),
});
export type ProductSort = z.infer<typeof productSort>;

export const productFilterBody = z.object({
  keywords: z.string().trim().max(100, { error: V.maxLength }).optional(),
  filters: z.array(productFilter).max(50).default([]),
  /** Category whose sort default applies when no sort is given. */
  mainCategory: idField().optional(),
  /** Fields to answer with; unset answers the product card fields. */
  select: z.array(z.string().max(64)).max(50).optional(),
  sort: productSort.optional(),
  limit: z.coerce
    .number({ error: V.invalid })
    .int()
    .min(1, { error: V.invalid })
    .max(PAGINATION.maxLimit, { error: V.invalid })
    .default(PAGINATION.defaultLimit),
  page: z.coerce
    .number({ error: V.invalid })
    .int()
    .min(1, { error: V.invalid })
    .max(10_000, { error: V.invalid })
    .default(PAGINATION.defaultPage),
});
export type ProductFilterBody = z.infer<typeof productFilterBody>;

export const layeredNavigationBody = z.object({ filters: z.array(productFilter).max(50).default([]) });
export type LayeredNavigationBody = z.infer<typeof layeredNavigationBody>;

export const productGetQuery = z
  .object({
    slug: z.string().trim().min(1).max(200).optional(),
    id: idField().optional(),
    store: z.coerce.number().int().min(1).max(3).optional(),
    currency: z.coerce.number().int().min(1).max(10).optional(),
  })
  .refine((q) => q.slug !== undefined || q.id !== undefined, { error: V.required, path: ["slug"] });
export type ProductGetQuery = z.infer<typeof productGetQuery>;

export const categoryIdParams = z.object({ id: idField() });
export const categoryFilterBody = z
  .object({
    filters: z.array(productFilter).max(10).default([]),
    sort: z.object({ param: z.enum(["id", "position", "name"]), order: z.enum(["asc", "desc"]) }).default({ param: "id", order: "asc" }),
    tree: z.boolean().default(false),
    /** Look one category up by its slug (any language). */
    slug: z.string().trim().min(1).max(200).optional(),
  })
  .default({ filters: [], sort: { param: "id", order: "asc" }, tree: false });
export type CategoryFilterBody = z.infer<typeof categoryFilterBody>;

export const tagFilterBody = z.object({ slug: z.string().trim().max(200).optional() }).default({});
export const checkBundlesQuery = z.object({ productId: idField() });
