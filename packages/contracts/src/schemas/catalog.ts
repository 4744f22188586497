import { z } from "zod";
import type { MediaRef } from "../api/catalog.ts";
import { PAGINATION, type PRODUCT_FORMATS, type SORT_OPTIONS } from "../constants.ts";
import type { Pagination } from "../envelope.ts";
import type { LayeredFilterType } from "../layered-filters.ts";
import { idField } from "../validation.ts";
import { V } from "../validation-messages.ts";

/** Payloads and answers of the catalog endpoints (SPEC §3 Product, Layered filter, Category; §7 Products and shop). */

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

// ---------- Answers ----------

/** Prices of SPEC §3 in EUR (2 decimals, VAT included unless said otherwise). */
export interface ProductPrices {
  /** Final price without VAT. */
  basicPrice: number;
  /** Regular price before any discount. */
  retailPrice: number;
  /** What a customer pays now (discount applied). */
  finalPrice: number;
  /** Price for membership card holders; null when they get no better price. */
  membershipPrice: number | null;
  /** The running discount: the price it replaces and its rounded percent (SPEC §9). */
  discount: { retailPrice: number; finalPrice: number; percent: number; validTo: string | null } | null;
  /** VAT rate in percent and the VAT contained in finalPrice. */
  vatRate: number;
  tax: number;
  currency: string;
}

export interface AttributeValueRef {
  attributeCode: string;
  label: string;
  /** Value id for choice types, number for Number/YesNo, ISO text for dates. */
  value: { value: number | string; label: string };
}

/** A product as lists show it. */
export interface ProductCard extends ProductPrices {
  id: number;
  name: string;
  slug: string;
  sku: string;
  format: ProductFormat;
  type: ProductFormat;
  media: MediaRef[];
  shortDescription: string;
  featured: boolean;
  archived: boolean;
  categoryPriority: number;
  /** Units on hand; null: not stock-kept. */
  stock: number | null;
  inStock: boolean;
  isVisibleIndividually: boolean;
  /** The configurable product's slug for a variant, else null. */
  mainProductSlug: string | null;
  /** Whether it can be added straight from a list (SPEC §4 Addability). */
  directlyAddable: boolean;
  rating: { average: number; count: number };
}

export interface ConfigurableAttribute {
  attributeCode: string;
  label: string;
  inputType: LayeredFilterType;
  customClass: string | null;
  values: { id: number; value: string; isMedia: boolean; swatch: string | null; shopDefault: boolean }[];
}

export interface ProductVariant extends ProductPrices {
  id: number;
  sku: string;
  name: string;
  media: MediaRef[];
  stock: number | null;
  inStock: boolean;
  /** attributeCode → value id. */
  attributes: Record<string, number>;
}

export interface CustomOption {
  id: number;
  option_type: "text" | "number";
  title: string;
  required: boolean;
  price: number;
  maxLength: number | null;
  custom_option_values: { label: string }[];
}

export interface BundlePart {
  id: number;
  qty: number;
  product: ProductCard & { associatedProducts: ProductVariant[]; associatedProductsAttributes: ConfigurableAttribute[] };
}

export interface CategoryRef {
  id: number;
  name: string;
  slug: string;
}

/** A product page's product (web/get). */
export interface ProductDetail extends ProductCard {
  description: string;
  categories: CategoryRef[];
  attributeSet: { attributes: AttributeValueRef[] };
  associatedProducts: ProductVariant[];
  associatedProductsAttributes: ConfigurableAttribute[];
  bundles: BundlePart[];
  customOptions: CustomOption[];
  crossSellProducts: ProductCard[];
  /** Slug of this product per language, for the language switch. */
  translations: Record<string, string>;
}

export interface ProductList {
  records: ProductCard[];
  pagination: Pagination;
}

export interface LayeredFilterValue {
  attributeID: number;
  valueLabel: string;
  totalProducts: number;
  minValue?: number | string;
  maxValue?: number | string;
  swatch?: string | null;
}

export interface LayeredFilter {
  attributeCode: string;
  label: string;
  type: LayeredFilterType;
  values: LayeredFilterValue[];
}

export interface SortOption {
  id: (typeof SORT_OPTIONS)[number]["id"];
  name: string;
}

export interface CategoryView {
  id: number;
  parentId: number | null;
  name: string;
  slug: string;
  description: string;
  image: string | null;
  sortTypes: SortOption[];
  sortDefaultType: SortOption["id"];
  productCount: number;
  children: CategoryView[];
  /** Slug per language, for the language switch. */
  translations: Record<string, string>;
}

export interface TagView {
  id: number;
  name: string;
  slug: string;
}

export interface CheckBundlesAnswer {
  /** Bundles that contain the product. */
  bundles: { id: number; name: string; slug: string }[];
  /** Whether the product (a bundle) has a configurable part and needs the customisation modal. */
  needsConfiguration: boolean;
}
