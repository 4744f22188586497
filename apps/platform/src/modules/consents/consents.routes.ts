import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import * as consents from "./consents.service.ts";

export const consentsEndpoints = implement(api.consents, {
  webFilter: (ctx, { body }) => consents.webFilter(ctx, body),
  logCreate: (ctx, { body }) => consents.logCreate(ctx, body),
  create: (ctx, { body }) => consents.create(ctx, body),
  adminFilter: (ctx, { query }) => consents.adminFilter(ctx, query),
  adminPlace: (ctx, { params }) => consents.adminPlace(ctx, params.assigned_to),
});
