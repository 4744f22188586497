import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import { clearCaches, listCaches } from "./caches.service.ts";

export const cachesEndpoints = implement(api.caches, {
  list: async (ctx) => listCaches(ctx),
  clear: (ctx, { body }) => clearCaches(ctx, body.name),
});
