import { z } from "zod";
import { PRODUCT_FORMATS } from "../constants.ts";
import { endpoint } from "../endpoint.ts";
import { pagedSchema } from "../envelope.ts";
import { LAYERED_FILTER_TYPES } from "../layered-filters.ts";
import { LOCALES } from "../locales.ts";
import {
  adminAttributeInput,
  adminCategoryInput,
  adminCategoryMoveBody,
  adminCouponInput,
  adminCouponListBody,
  adminIdParams,
  adminMemberCardInput,
  adminMemberCardListBody,
  adminProductCreateBody,
  adminProductInput,
  adminProductListBody,
  adminStockBody,
} from "../schemas/admin-catalog.ts";

export const adminProductRow = z.object({
  id: z.number().int(),
  sku: z.string(),
  format: z.enum(PRODUCT_FORMATS),
  /** In the request's language, else Croatian. */
  name: z.string(),
  retailCents: z.number().int(),
  stock: z.number().int().nullable(),
  lowStock: z.boolean(),
  archived: z.boolean(),
  featured: z.boolean(),
  /** The configurable product a variant belongs to. */
  parentId: z.number().int().nullable(),
});
export type AdminProductRow = z.infer<typeof adminProductRow>;

/** Everything the product editor edits, in the shape it sends back (plus the figures only the server writes). */
export const adminProduct = z.object({
  id: z.number().int(),
  sku: z.string(),
  format: z.enum(PRODUCT_FORMATS),
  parentId: z.number().int().nullable(),
  translations: z.array(
    z.object({ language: z.enum(LOCALES), name: z.string(), slug: z.string(), shortDescription: z.string(), description: z.string() }),
  ),
  retailCents: z.number().int(),
  vatRate: z.number().int(),
  membershipCents: z.number().int().nullable(),
  discount: z.object({ cents: z.number().int(), from: z.string().nullable(), to: z.string().nullable() }).nullable(),
  stock: z.number().int().nullable(),
  featured: z.boolean(),
  archived: z.boolean(),
  categoryPriority: z.number().int(),
  categoryIds: z.array(z.number().int()),
  crossSellIds: z.array(z.number().int()),
  attributes: z.array(
    z.object({
      attributeId: z.number().int(),
      valueIds: z.array(z.number().int()).optional(),
      number: z.number().optional(),
      text: z.string().optional(),
    }),
  ),
  media: z.array(
    z.object({ mediaId: z.number().int().nullable(), src: z.string(), width: z.number(), height: z.number(), alt: z.string() }),
  ),
  classificationCode: z.string().nullable(),
  variantIds: z.array(z.number().int()),
  variantAttributeIds: z.array(z.number().int()),
  bundleParts: z.array(z.object({ productId: z.number().int(), qty: z.number().int() })),
  /** Whether order lines name it: then it can only be archived, never deleted. */
  ordered: z.boolean(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProduct>;

export const adminStockAnswer = z.object({ stock: z.number().int().nullable() });
export const adminDeleteAnswer = z.object({ outcome: z.enum(["deleted", "archived"]) });
export type AdminDeleteAnswer = z.infer<typeof adminDeleteAnswer>;

export const adminCategory = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  position: z.number().int(),
  imageSrc: z.string().nullable(),
  sortDefault: z.string().nullable(),
  translations: z.array(z.object({ language: z.enum(LOCALES), name: z.string(), slug: z.string(), description: z.string() })),
  /** Products linked to it directly; a category with products or subcategories cannot be deleted. */
  productCount: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategory>;

export const adminCoupon = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(["percent", "fixed"]),
  value: z.number().int(),
  active: z.boolean(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  minTotalCents: z.number().int(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  /** Orders holding a use now. */
  usedCount: z.number().int(),
});
export type AdminCoupon = z.infer<typeof adminCoupon>;

export const adminMemberCard = z.object({
  id: z.number().int(),
  barcode: z.string(),
  holderEmail: z.string(),
  holderName: z.string(),
  issuedAt: z.string(),
  validUntil: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type AdminMemberCard = z.infer<typeof adminMemberCard>;

const labelsView = z.array(z.object({ language: z.enum(LOCALES), label: z.string() }));
export const adminAttribute = z.object({
  id: z.number().int(),
  code: z.string(),
  inputType: z.enum(LAYERED_FILTER_TYPES),
  filterable: z.boolean(),
  position: z.number().int(),
  customClass: z.string().nullable(),
  translations: labelsView,
  values: z.array(z.object({ id: z.number().int(), position: z.number().int(), swatch: z.string().nullable(), translations: labelsView })),
});
export type AdminAttribute = z.infer<typeof adminAttribute>;

const tag = "admin catalog";

/** Issue 12: the products and categories of the back office. */
export const adminCatalogApi = {
  productList: endpoint({
    method: "POST",
    path: "/v1/admin/product/filter",
    summary: "Products for staff: search by name or SKU, filter by category, format, archived, featured or low stock; paged",
    tag,
    access: { staff: "shop" },
    readOnly: true,
    body: adminProductListBody,
    answer: pagedSchema(adminProductRow),
  }),
  productGet: endpoint({
    method: "GET",
    path: "/v1/admin/product/:id",
    summary: "One product with everything the editor edits",
    tag,
    access: { staff: "shop" },
    params: adminIdParams,
    answer: adminProduct,
  }),
  productCreate: endpoint({
    method: "POST",
    path: "/v1/admin/product",
    summary: "Creates a product of any of the four formats",
    tag,
    access: { staff: "shop" },
    body: adminProductCreateBody,
    answer: adminProduct,
  }),
  productUpdate: endpoint({
    method: "PUT",
    path: "/v1/admin/product/:id",
    summary: "Replaces a product's editable data (stock changes go through the stock endpoint)",
    tag,
    access: { staff: "shop" },
    params: adminIdParams,
    body: adminProductInput,
    answer: adminProduct,
  }),
  productStock: endpoint({
    method: "POST",
    path: "/v1/admin/product/:id/stock",
    summary: "Changes stock by a delta, or sets it if it is still what the editor showed",
    tag,
    access: { staff: "shop" },
    params: adminIdParams,
    body: adminStockBody,
    answer: adminStockAnswer,
  }),
  productDelete: endpoint({
    method: "DELETE",
    path: "/v1/admin/product/:id",
    summary: "Deletes a product no order names; one that was ordered is archived instead",
    tag,
    access: { staff: "shop" },
    params: adminIdParams,
    answer: adminDeleteAnswer,
  }),
  attributeList: endpoint({
    method: "GET",
    path: "/v1/admin/attribute/list",
    summary: "The attributes of the layered filters with their labels and choices",
    tag,
    access: { staff: "shop" },
    answer: z.array(adminAttribute),
  }),
  attributeCreate: endpoint({
    method: "POST",
    path: "/v1/admin/attribute",
    summary: "Creates an attribute with its choices",
    tag,
    access: { staff: "shop" },
    body: adminAttributeInput,
    answer: adminAttribute,
  }),
  attributeUpdate: endpoint({
    method: "PUT",
    path: "/v1/admin/attribute/:id",
    summary: "Replaces an attribute's labels and choices (its type stays while products have values of it)",
    tag,
    access: { staff: "shop" },
    params: adminIdParams,
    body: adminAttributeInput,
    answer: adminAttribute,
  }),
  categoryTree: endpoint({
    method: "GET",
    path: "/v1/admin/category/tree",
    summary: "Every category with its parent, position, sort default, texts and product count, in tree order",
    tag,
    access: { staff: "shop" },
    answer: z.array(adminCategory),
  }),
  categoryCreate: endpoint({
    method: "POST",
    path: "/v1/admin/category",
    summary: "Creates a category, last among its siblings",
    tag,
    access: { staff: "shop" },
    body: adminCategoryInput,
    answer: adminCategory,
  }),
  categoryUpdate: endpoint({
    method: "PUT",
    path: "/v1/admin/category/:id",
    summary: "Replaces a category's texts, image and sort default (a new parent puts it last there)",
    tag,
    access: { staff: "shop" },
    params: adminIdParams,
    body: adminCategoryInput,
    answer: adminCategory,
  }),
  categoryMove: endpoint({
    method: "POST",
    path: "/v1/admin/category/:id/move",
    summary: "Moves a category under another parent (or the top) at a position, renumbering its siblings",
    tag,
    access: { staff: "shop" },
    params: adminIdParams,
    body: adminCategoryMoveBody,
    answer: z.array(adminCategory),
  }),
  categoryDelete: endpoint({
    method: "DELETE",
    path: "/v1/admin/category/:id",
    summary: "Deletes an empty category (no products, no subcategories)",
    tag,
    access: { staff: "shop" },
    params: adminIdParams,
    answer: z.object({ outcome: z.literal("deleted") }),
  }),
} as const;

/** Issue 12: the coupons of the back office (the cart module owns them). */
export const adminCouponsApi = {
  list: endpoint({
    method: "POST",
    path: "/v1/admin/coupon/filter",
    summary: "Coupons, newest first, searchable by code, with their uses",
    tag,
    access: { staff: "shop" },
    readOnly: true,
    body: adminCouponListBody,
    answer: pagedSchema(adminCoupon),
  }),
  create: endpoint({
    method: "POST",
    path: "/v1/admin/coupon",
    summary: "Creates a coupon (percent or fixed, validity, limits per coupon and per customer)",
    tag,
    access: { staff: "shop" },
    body: adminCouponInput,
    answer: adminCoupon,
  }),
  update: endpoint({
    method: "PUT",
    path: "/v1/admin/coupon/:id",
    summary: "Replaces a coupon's terms (its uses stay)",
    tag,
    access: { staff: "shop" },
    params: adminIdParams,
    body: adminCouponInput,
    answer: adminCoupon,
  }),
  revoke: endpoint({
    method: "POST",
    path: "/v1/admin/coupon/:id/revoke",
    summary: "Switches a coupon off: carts holding it lose it at the next pricing",
    tag,
    access: { staff: "shop" },
    params: adminIdParams,
    answer: adminCoupon,
  }),
} as const;

/** Issue 12: the membership cards of the back office (the user module owns them). */
export const adminMemberCardsApi = {
  list: endpoint({
    method: "POST",
    path: "/v1/admin/member-card/filter",
    summary: "Membership cards, newest first, searchable by barcode or holder e-mail",
    tag,
    access: { staff: "shop" },
    readOnly: true,
    body: adminMemberCardListBody,
    answer: pagedSchema(adminMemberCard),
  }),
  create: endpoint({
    method: "POST",
    path: "/v1/admin/member-card",
    summary: "Issues a card with a barcode to a customer's account",
    tag,
    access: { staff: "shop" },
    body: adminMemberCardInput,
    answer: adminMemberCard,
  }),
  update: endpoint({
    method: "PUT",
    path: "/v1/admin/member-card/:id",
    summary: "Changes a card's barcode, holder or validity",
    tag,
    access: { staff: "shop" },
    params: adminIdParams,
    body: adminMemberCardInput,
    answer: adminMemberCard,
  }),
  revoke: endpoint({
    method: "POST",
    path: "/v1/admin/member-card/:id/revoke",
    summary: "Revokes a card: it gives no membership price from now on",
    tag,
    access: { staff: "shop" },
    params: adminIdParams,
    answer: adminMemberCard,
  }),
} as const;
