import type { AnyEndpoint } from "../../http/endpoint.ts";
import { endpoint } from "../../http/endpoint.ts";
import * as service from "./seo.service.ts";

export const seoEndpoints: AnyEndpoint[] = [
  endpoint({
    method: "GET",
    path: "/v1/sitemap/entries",
    summary:
      "What /sitemap.xml lists: published pages, posts and events with their paths per language (404 when AutoGenerateSiteMap is off)",
    tag: "seo",
    access: "public",
    handle: (ctx) => service.sitemapEntries(ctx),
  }),
  endpoint({
    method: "GET",
    path: "/v1/seo/localBusiness",
    summary: "The business as schema.org LocalBusiness (AutoWash) with its branches, for JSON-LD",
    tag: "seo",
    access: "public",
    handle: (ctx) => service.localBusiness(ctx),
  }),
];
