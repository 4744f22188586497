import {
  categoryFilterBody,
  categoryIdParams,
  checkBundlesQuery,
  layeredNavigationBody,
  productFilterBody,
  productGetQuery,
  tagFilterBody,
} from "@shop/contracts";
import type { AnyEndpoint } from "../../http/endpoint.ts";
import { endpoint } from "../../http/endpoint.ts";
import * as catalog from "./catalog.service.ts";

/** The public, read-only catalog endpoints of SPEC §7 Products and shop. */
export const catalogEndpoints: AnyEndpoint[] = [
  endpoint({
    method: "POST",
    path: "/v1/product/layered/navigation",
    summary: "Filter panel for the current result: every filterable attribute (and price) with counts over the other chosen filters",
    tag: "catalog",
    access: "public",
    body: layeredNavigationBody,
    handle: (ctx, { body }) => catalog.layeredNavigation(ctx, body),
  }),
  endpoint({
    method: "GET",
    path: "/v1/product/web/get",
    summary: "One product by slug (any language) or id, with variants, bundle parts, options and cross-sells",
    tag: "catalog",
    access: "public",
    query: productGetQuery,
    handle: (ctx, { query }) => catalog.getProduct(ctx, query),
  }),
  endpoint({
    method: "POST",
    path: "/v1/product/web/filter",
    summary: "A page of visible products matching filters and keywords, sorted",
    tag: "catalog",
    access: "public",
    body: productFilterBody,
    handle: (ctx, { body }) => catalog.filterProducts(ctx, body),
  }),
  endpoint({
    method: "GET",
    path: "/v1/product/web/category/get/:id",
    summary: "One product category with its sort options and product count",
    tag: "catalog",
    access: "public",
    params: categoryIdParams,
    handle: (ctx, { params }) => catalog.getCategory(ctx, params.id),
  }),
  endpoint({
    method: "POST",
    path: "/v1/product/web/category/filter",
    summary: "Product categories (by id, parentId or slug), flat or as a tree",
    tag: "catalog",
    access: "public",
    body: categoryFilterBody,
    handle: (ctx, { body }) => catalog.filterCategories(ctx, body),
  }),
  endpoint({
    method: "POST",
    path: "/v1/product/web/tag/filter",
    summary: "Product tags, optionally one by slug",
    tag: "catalog",
    access: "public",
    body: tagFilterBody,
    handle: (ctx, { body }) => catalog.filterTags(ctx, body),
  }),
  endpoint({
    method: "GET",
    path: "/v1/product/checkBundles",
    summary: "Bundles containing a product, and whether a bundle needs the customisation modal",
    tag: "catalog",
    access: "public",
    query: checkBundlesQuery,
    handle: (ctx, { query }) => catalog.checkBundles(ctx, query.productId),
  }),
];
