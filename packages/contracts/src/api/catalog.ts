import { z } from "zod";
import { PRODUCT_FORMATS, SORT_OPTIONS } from "../constants.ts";
import { endpoint } from "../endpoint.ts";
import { paginationSchema } from "../envelope.ts";
import { LAYERED_FILTER_TYPES } from "../layered-filters.ts";
import {
  categoryFilterBody,
  categoryIdParams,
  checkBundlesQuery,
  layeredNavigationBody,
  productFilterBody,
  productGetQuery,
  tagFilterBody,
} from "../schemas/catalog.ts";

/** Answers of the catalog endpoints (SPEC §3 Product, Layered filter, Category; §7 Products and shop). */

export const productFormat = z.enum(PRODUCT_FORMATS);

/** A picture as pages show it: its URL at the size asked for, with its size and text alternative. */
export const mediaRef = z.object({
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});
export type MediaRef = z.infer<typeof mediaRef>;

const layeredFilterType = z.enum(LAYERED_FILTER_TYPES);

/** Prices of SPEC §3 in EUR (2 decimals, VAT included unless said otherwise). */
export const productPrices = z.object({
  /** Final price without VAT. */
  basicPrice: z.number(),
  /** Regular price before any discount. */
  retailPrice: z.number(),
  /** What a customer pays now (discount applied). */
  finalPrice: z.number(),
  /** Price for membership card holders; null when they get no better price. */
  membershipPrice: z.number().nullable(),
  /** The running discount: the price it replaces and its rounded percent (SPEC §9). */
  discount: z
    .object({ retailPrice: z.number(), finalPrice: z.number(), percent: z.number().int(), validTo: z.string().nullable() })
    .nullable(),
  /** VAT rate in percent and the VAT contained in finalPrice. */
  vatRate: z.number(),
  tax: z.number(),
  currency: z.string(),
});
export type ProductPrices = z.infer<typeof productPrices>;

export const attributeValueRef = z.object({
  attributeCode: z.string(),
  label: z.string(),
  /** Value id for choice types, number for Number/YesNo, ISO text for dates. */
  value: z.object({ value: z.union([z.number(), z.string()]), label: z.string() }),
});
export type AttributeValueRef = z.infer<typeof attributeValueRef>;

/** A product as lists show it. */
export const productCard = productPrices.extend({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  sku: z.string(),
  format: productFormat,
  type: productFormat,
  media: z.array(mediaRef),
  shortDescription: z.string(),
  featured: z.boolean(),
  archived: z.boolean(),
  categoryPriority: z.number().int(),
  /** Units on hand; null: not stock-kept. */
  stock: z.number().int().nullable(),
  inStock: z.boolean(),
  isVisibleIndividually: z.boolean(),
  /** The configurable product's slug for a variant, else null. */
  mainProductSlug: z.string().nullable(),
  /** Whether it can be added straight from a list (SPEC §4 Addability). */
  directlyAddable: z.boolean(),
  rating: z.object({ average: z.number(), count: z.number().int() }),
});
export type ProductCard = z.infer<typeof productCard>;

export const configurableAttribute = z.object({
  attributeCode: z.string(),
  label: z.string(),
  inputType: layeredFilterType,
  customClass: z.string().nullable(),
  values: z.array(
    z.object({ id: z.number().int(), value: z.string(), isMedia: z.boolean(), swatch: z.string().nullable(), shopDefault: z.boolean() }),
  ),
});
export type ConfigurableAttribute = z.infer<typeof configurableAttribute>;

export const productVariant = productPrices.extend({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  media: z.array(mediaRef),
  stock: z.number().int().nullable(),
  inStock: z.boolean(),
  /** attributeCode → value id. */
  attributes: z.record(z.string(), z.number().int()),
});
export type ProductVariant = z.infer<typeof productVariant>;

export const customOption = z.object({
  id: z.number().int(),
  option_type: z.enum(["text", "number"]),
  title: z.string(),
  required: z.boolean(),
  price: z.number(),
  maxLength: z.number().int().nullable(),
  custom_option_values: z.array(z.object({ label: z.string() })),
});
export type CustomOption = z.infer<typeof customOption>;

export const bundlePart = z.object({
  id: z.number().int(),
  qty: z.number().int(),
  product: productCard.extend({
    associatedProducts: z.array(productVariant),
    associatedProductsAttributes: z.array(configurableAttribute),
  }),
});
export type BundlePart = z.infer<typeof bundlePart>;

export const categoryRef = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export type CategoryRef = z.infer<typeof categoryRef>;

/** A product page's product (web/get). */
export const productDetail = productCard.extend({
  description: z.string(),
  categories: z.array(categoryRef),
  attributeSet: z.object({ attributes: z.array(attributeValueRef) }),
  associatedProducts: z.array(productVariant),
  associatedProductsAttributes: z.array(configurableAttribute),
  bundles: z.array(bundlePart),
  customOptions: z.array(customOption),
  crossSellProducts: z.array(productCard),
  /** Slug of this product per language, for the language switch. */
  translations: z.record(z.string(), z.string()),
});
export type ProductDetail = z.infer<typeof productDetail>;

export const productList = z.object({ records: z.array(productCard), pagination: paginationSchema });
export type ProductList = z.infer<typeof productList>;

export const layeredFilterValue = z.object({
  attributeID: z.number().int(),
  valueLabel: z.string(),
  totalProducts: z.number().int(),
  minValue: z.union([z.number(), z.string()]).optional(),
  maxValue: z.union([z.number(), z.string()]).optional(),
  swatch: z.string().nullable().optional(),
});
export type LayeredFilterValue = z.infer<typeof layeredFilterValue>;

export const layeredFilter = z.object({
  attributeCode: z.string(),
  label: z.string(),
  type: layeredFilterType,
  values: z.array(layeredFilterValue),
});
export type LayeredFilter = z.infer<typeof layeredFilter>;

export const sortOption = z.object({ id: z.enum(SORT_OPTIONS.map((o) => o.id)), name: z.string() });
export type SortOption = z.infer<typeof sortOption>;

/** A product category; in a tree its subcategories are nested in `children` (empty in a flat list). */
export const categoryView = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  sortTypes: z.array(sortOption),
  sortDefaultType: sortOption.shape.id,
  productCount: z.number().int(),
  get children() {
    return z.array(categoryView);
  },
  /** Slug per language, for the language switch. */
  translations: z.record(z.string(), z.string()),
});
export type CategoryView = z.infer<typeof categoryView>;

export const tagView = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export type TagView = z.infer<typeof tagView>;

export const checkBundlesAnswer = z.object({
  /** Bundles that contain the product. */
  bundles: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })),
  /** Whether the product (a bundle) has a configurable part and needs the customisation modal. */
  needsConfiguration: z.boolean(),
});
export type CheckBundlesAnswer = z.infer<typeof checkBundlesAnswer>;

const tag = "catalog";

/** The public, read-only catalog endpoints of SPEC §7 Products and shop. */
export const catalogApi = {
  layeredNavigation: endpoint({
    method: "POST",
    path: "/v1/product/layered/navigation",
    summary: "Filter panel for the current result: every filterable attribute (and price) with counts over the other chosen filters",
    tag,
    access: "public",
    body: layeredNavigationBody,
    answer: z.array(layeredFilter),
  }),
  getProduct: endpoint({
    method: "GET",
    path: "/v1/product/web/get",
    summary: "One product by slug (any language) or id, with variants, bundle parts, options and cross-sells",
    tag,
    access: "public",
    query: productGetQuery,
    answer: productDetail,
  }),
  filterProducts: endpoint({
    method: "POST",
    path: "/v1/product/web/filter",
    summary: "A page of visible products matching filters and keywords, sorted",
    tag,
    access: "public",
    body: productFilterBody,
    answer: productList,
  }),
  getCategory: endpoint({
    method: "GET",
    path: "/v1/product/web/category/get/:id",
    summary: "One product category with its sort options and product count",
    tag,
    access: "public",
    params: categoryIdParams,
    answer: categoryView,
  }),
  filterCategories: endpoint({
    method: "POST",
    path: "/v1/product/web/category/filter",
    summary: "Product categories (by id, parentId or slug), flat or as a tree",
    tag,
    access: "public",
    body: categoryFilterBody,
    answer: z.object({ records: z.array(categoryView) }),
  }),
  filterTags: endpoint({
    method: "POST",
    path: "/v1/product/web/tag/filter",
    summary: "Product tags, optionally one by slug",
    tag,
    access: "public",
    body: tagFilterBody,
    answer: z.object({ records: z.array(tagView) }),
  }),
  checkBundles: endpoint({
    method: "GET",
    path: "/v1/product/checkBundles",
    summary: "Bundles containing a product, and whether a bundle needs the customisation modal",
    tag,
    access: "public",
    query: checkBundlesQuery,
    answer: checkBundlesAnswer,
  }),
} as const;
