import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import * as service from "./search.service.ts";

export const searchEndpoints = implement(api.search, {
  search: (ctx, { query }) => service.search(ctx, query),
  categories: (ctx) => service.searchCategories(ctx),
});
