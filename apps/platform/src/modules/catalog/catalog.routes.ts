import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import * as catalog from "./catalog.service.ts";

export const catalogEndpoints = implement(api.catalog, {
  layeredNavigation: (ctx, { body }) => catalog.layeredNavigation(ctx, body),
  getProduct: (ctx, { query }) => catalog.getProduct(ctx, query),
  filterProducts: (ctx, { body }) => catalog.filterProducts(ctx, body),
  getCategory: (ctx, { params }) => catalog.getCategory(ctx, params.id),
  filterCategories: (ctx, { body }) => catalog.filterCategories(ctx, body),
  filterTags: (ctx, { body }) => catalog.filterTags(ctx, body),
  checkBundles: (ctx, { query }) => catalog.checkBundles(ctx, query.productId),
});
