import { searchQuery } from "@shop/contracts";
import type { AnyEndpoint } from "../../http/endpoint.ts";
import { endpoint } from "../../http/endpoint.ts";
import * as service from "./search.service.ts";

export const searchEndpoints: AnyEndpoint[] = [
  endpoint({
    method: "GET",
    path: "/v1/search",
    summary: "Full-text search of published pages and posts, products on sale and product categories",
    tag: "search",
    access: "public",
    query: searchQuery,
    handle: (ctx, { query }) => service.search(ctx, query),
  }),
  endpoint({
    method: "GET",
    path: "/v1/search/categories",
    summary: "The search page's categories (CMS option SearchCategories, else the default list)",
    tag: "search",
    access: "public",
    handle: (ctx) => service.searchCategories(ctx),
  }),
];
