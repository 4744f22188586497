import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import * as newsletter from "./newsletter.service.ts";

export const newsletterEndpoints = implement(api.newsletter, {
  subscribe: (ctx, { body }) => newsletter.subscribe(ctx, body),
});
