import { z } from "zod";
import { CACHEABLE_QUERY_KEYS, PAGINATION, PRODUCT_FORMATS, SLUG_MIN, SORT_OPTIONS } from "../constants.ts";
import { ATTRIBUTE_CODE, LAYERED_FILTER_TYPES, RESERVED_FILTER_KEYS } from "../layered-filters.ts";
import { LOCALES } from "../locales.ts";
import { idField, requiredText } from "../validation.ts";
import { V } from "../validation-messages.ts";

type SortId = (typeof SORT_OPTIONS)[number]["id"];

/** Stock at or under this many units shows in the back office's low-stock view. */
export const LOW_STOCK_THRESHOLD = 5;

/** Croatian VAT rates in percent: standard, the two reduced ones, and none. */
export const VAT_RATES = [25, 13, 5, 0] as const;

/** SPEC §5 slug rules: at least 4 characters; lowercase ASCII words joined by single hyphens. */
export const slugField = () =>
  requiredText()
    .min(SLUG_MIN, { error: V.minLength })
    .max(200, { error: V.maxLength })
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: V.invalid });

const cents = () =>
  z.number({ error: V.invalid }).int({ error: V.invalid }).min(0, { error: V.invalid }).max(100_000_000, { error: V.invalid });
const instant = () => z.iso.datetime({ offset: true, error: V.invalid });
const flag = () => z.coerce.boolean().optional();

export const adminProductListBody = z.object({
  /** Part of a name (any language) or SKU. */
  q: z.string().trim().max(100, { error: V.maxLength }).optional(),
  categoryId: idField().optional(),
  format: z.enum(PRODUCT_FORMATS, { error: V.invalid }).optional(),
  archived: flag(),
  featured: flag(),
  /** Only stock-kept products with LOW_STOCK_THRESHOLD units or fewer. */
  lowStock: flag(),
  page: z.coerce.number().int().min(1).max(100_000).default(PAGINATION.defaultPage),
  limit: z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(25),
});
export type AdminProductListBody = z.infer<typeof adminProductListBody>;

export const adminProductTranslation = z.object({
  language: z.enum(LOCALES, { error: V.invalid }),
  name: requiredText().max(200, { error: V.maxLength }),
  slug: slugField(),
  shortDescription: z.string().trim().max(1000, { error: V.maxLength }).default(""),
  /** HTML; sanitised on the server. */
  description: z.string().max(50_000, { error: V.maxLength }).default(""),
});

/** A product's value of an attribute: the chosen values, or a number (Number, YesNo), or an ISO text (Date, DateTime). */
export const adminAttributeValue = z.object({
  attributeId: idField(),
  valueIds: z.array(idField()).max(50).optional(),
  number: z.number({ error: V.invalid }).optional(),
  text: z.string().trim().max(40, { error: V.maxLength }).optional(),
});

export const adminProductInput = z
  .object({
    sku: requiredText().max(64, { error: V.maxLength }),
    format: z.enum(PRODUCT_FORMATS, { error: V.invalid }),
    translations: z.array(adminProductTranslation).min(1, { error: V.required }).max(LOCALES.length),
    retailCents: cents(),
    vatRate: z.union(
      VAT_RATES.map((r) => z.literal(r)),
      { error: V.invalid },
    ),
    membershipCents: cents().nullable().default(null),
    /** A discount has its own price, and runs between the two instants (either open). */
    discount: z
      .object({ cents: cents(), from: instant().nullable().default(null), to: instant().nullable().default(null) })
      .nullable()
      .default(null),
    featured: z.boolean().default(false),
    archived: z.boolean().default(false),
    categoryPriority: z.number().int().min(-1000).max(1000).default(0),
    categoryIds: z.array(idField()).max(50).default([]),
    crossSellIds: z.array(idField()).max(50).default([]),
    attributes: z.array(adminAttributeValue).max(100).default([]),
    /**
     * The gallery in order: a picture from the media library by id, or one the product already has
     * by its src (pictures kept from before the library, e.g. the demo's). Alt: else the media's title.
     */
    images: z
      .array(
        z.union([
          z.object({ mediaId: idField(), alt: z.string().trim().max(300, { error: V.maxLength }).optional() }),
          z.object({ src: z.string().max(500), alt: z.string().trim().max(300, { error: V.maxLength }).optional() }),
        ]),
      )
      .max(50)
      .default([]),
    /** KPD 2025 ('45.20.30'); null or '' clears it. */
    classificationCode: z.string().max(20).nullable().default(null),
    /** Configurable: its variants (existing products) and the attributes they differ by. */
    variantIds: z.array(idField()).max(200).default([]),
    variantAttributeIds: z.array(idField()).max(10).default([]),
    /** Bundle: its parts. */
    bundleParts: z
      .array(z.object({ productId: idField(), qty: z.number().int().min(1).max(100) }))
      .max(50)
      .default([]),
  })
  .refine((p) => p.translations.some((t) => t.language === "hr"), { error: V.required, path: ["translations"] })
  .refine((p) => p.discount === null || p.discount.cents < p.retailCents, { error: V.invalid, path: ["discount", "cents"] })
  .refine((p) => p.format === "configurable" || p.variantIds.length === 0, { error: V.invalid, path: ["variantIds"] })
  .refine((p) => p.format === "bundle" || p.bundleParts.length === 0, { error: V.invalid, path: ["bundleParts"] })
  .refine((p) => p.format !== "bundle" || p.bundleParts.length > 0, { error: V.required, path: ["bundleParts"] });
export type AdminProductInput = z.infer<typeof adminProductInput>;

/** A new product also says its stock (null: not stock-kept). */
export const adminProductCreateBody = adminProductInput.and(
  z.object({ stock: z.number().int().min(0, { error: V.invalid }).max(1_000_000).nullable().default(null) }),
);
export type AdminProductCreateBody = z.infer<typeof adminProductCreateBody>;

/**
 * A stock change. `delta` adds or removes units relative to what is on hand now (a count of goods
 * received), so a checkout taking units at the same moment is never undone; `set` replaces the
 * figure only if it is still `expected` (what the editor showed), else the answer is a conflict.
 * `set: null` stops keeping stock; a number after null starts it.
 */
export const adminStockBody = z.union([
  z.object({ delta: z.number({ error: V.invalid }).int({ error: V.invalid }).min(-1_000_000).max(1_000_000) }),
  z.object({
    set: z.number({ error: V.invalid }).int({ error: V.invalid }).min(0, { error: V.invalid }).max(1_000_000).nullable(),
    expected: z.number().int().nullable(),
  }),
]);
export type AdminStockBody = z.infer<typeof adminStockBody>;

export const adminIdParams = z.object({ id: idField() });

export const adminCategoryTranslation = z.object({
  language: z.enum(LOCALES, { error: V.invalid }),
  name: requiredText().max(200, { error: V.maxLength }),
  slug: slugField(),
  /** HTML; sanitised on the server. */
  description: z.string().max(50_000, { error: V.maxLength }).default(""),
});

/** A category as the editor sends it; a new one goes last among its siblings. */
export const adminCategoryInput = z
  .object({
    parentId: idField().nullable().default(null),
    /** A site path or https URL. */
    imageSrc: z
      .string()
      .trim()
      .max(500, { error: V.maxLength })
      .regex(/^(\/[^\s]*|https:\/\/[^\s]+)$/, { error: V.invalid })
      .nullable()
      .default(null),
    /** The sort used when the visitor chose none: an id of SORT_OPTIONS; null: newest first. */
    sortDefault: z
      .enum(SORT_OPTIONS.map((o) => o.id) as [SortId, ...SortId[]], { error: V.invalid })
      .nullable()
      .default(null),
    translations: z.array(adminCategoryTranslation).min(1, { error: V.required }).max(LOCALES.length),
  })
  .refine((c) => c.translations.some((t) => t.language === "hr"), { error: V.required, path: ["translations"] });
export type AdminCategoryInput = z.infer<typeof adminCategoryInput>;

/** Moves a category under `parentId` (null: the top) at `position` among its new siblings (0 first). */
export const adminCategoryMoveBody = z.object({
  parentId: idField().nullable(),
  position: z.number({ error: V.invalid }).int({ error: V.invalid }).min(0, { error: V.invalid }).max(10_000),
});
export type AdminCategoryMoveBody = z.infer<typeof adminCategoryMoveBody>;

/** Coupons of the cart (issue 12): percent (1–100) or cents off; the limits are what checkout's claimCouponUse enforces. */
export const adminCouponInput = z
  .object({
    code: requiredText()
      .max(64, { error: V.maxLength })
      .regex(/^[\p{L}\p{N}_-]+$/u, { error: V.invalid }),
    kind: z.enum(["percent", "fixed"], { error: V.invalid }),
    /** percent: whole percent; fixed: cents off the items total. */
    value: z.number({ error: V.invalid }).int({ error: V.invalid }).min(1, { error: V.invalid }).max(100_000_000, { error: V.invalid }),
    active: z.boolean().default(true),
    validFrom: instant().nullable().default(null),
    validTo: instant().nullable().default(null),
    minTotalCents: cents().default(0),
    usageLimit: z.number().int().min(1, { error: V.invalid }).max(1_000_000).nullable().default(null),
    perCustomerLimit: z.number().int().min(1, { error: V.invalid }).max(1_000_000).nullable().default(null),
  })
  .refine((c) => c.kind !== "percent" || c.value <= 100, { error: V.invalid, path: ["value"] })
  .refine((c) => !c.validFrom || !c.validTo || Date.parse(c.validFrom) < Date.parse(c.validTo), { error: V.invalid, path: ["validTo"] });
export type AdminCouponInput = z.infer<typeof adminCouponInput>;

export const adminCouponListBody = z.object({
  q: z.string().trim().max(64, { error: V.maxLength }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(PAGINATION.defaultPage),
  limit: z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(25),
});

/** Membership cards (issue 12): a barcode given to one customer, valid until a date (null: no end) unless revoked. */
export const adminMemberCardInput = z.object({
  barcode: requiredText()
    .max(32, { error: V.maxLength })
    .regex(/^[A-Za-z0-9-]+$/, { error: V.invalid }),
  /** The holder's account e-mail. */
  holderEmail: requiredText().max(254, { error: V.maxLength }).email({ error: V.email }),
  validUntil: instant().nullable().default(null),
});
export type AdminMemberCardInput = z.infer<typeof adminMemberCardInput>;

export const adminMemberCardListBody = z.object({
  /** Part of the barcode or the holder's e-mail. */
  q: z.string().trim().max(100, { error: V.maxLength }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(PAGINATION.defaultPage),
  limit: z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(25),
});

const label = () => requiredText().max(100, { error: V.maxLength });
const labels = () =>
  z
    .array(z.object({ language: z.enum(LOCALES, { error: V.invalid }), label: label() }))
    .min(1, { error: V.required })
    .max(LOCALES.length)
    .refine((ts) => ts.some((t) => t.language === "hr"), { error: V.required })
    .refine((ts) => new Set(ts.map((t) => t.language)).size === ts.length, { error: V.invalid });

/**
 * An attribute of the layered filters with its choices. Its code is the filter's query parameter:
 * never a built-in filter key nor a parameter every page uses. A choice without id is new; a stored
 * one left out is deleted with the products' values of it.
 */
export const adminAttributeInput = z.object({
  code: requiredText()
    .regex(ATTRIBUTE_CODE, { error: V.invalid })
    .refine((code) => ![...RESERVED_FILTER_KEYS, "price", ...CACHEABLE_QUERY_KEYS].includes(code), { error: V.invalid }),
  inputType: z.enum(LAYERED_FILTER_TYPES, { error: V.invalid }),
  filterable: z.boolean().default(true),
  position: z.number().int().min(0).max(10_000).default(0),
  customClass: z
    .string()
    .trim()
    .max(64)
    .regex(/^[\w-]*$/, { error: V.invalid })
    .nullable()
    .default(null),
  translations: labels(),
  values: z
    .array(
      z.object({
        id: idField().optional(),
        /** Visual swatch: a CSS colour (#rrggbb) or a site path of an image. */
        swatch: z
          .string()
          .trim()
          .regex(/^(#[0-9a-fA-F]{6}|\/[\w./-]+)$/, { error: V.invalid })
          .nullable()
          .default(null),
        translations: labels(),
      }),
    )
    .max(500)
    .default([]),
});
export type AdminAttributeInput = z.infer<typeof adminAttributeInput>;
