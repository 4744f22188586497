import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import * as service from "./seo.service.ts";

export const seoEndpoints = implement(api.seo, {
  sitemapEntries: (ctx) => service.sitemapEntries(ctx),
  localBusiness: (ctx) => service.localBusiness(ctx),
});
