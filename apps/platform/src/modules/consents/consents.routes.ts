import { consentAdminFilterQuery, consentCreateBody, consentFilterBody, consentLogBody } from "@shop/contracts";
import { endpoint } from "../../http/endpoint.ts";
import * as consents from "./consents.service.ts";

export const consentsEndpoints = [
  endpoint({
    method: "POST",
    path: "/v1/web/consent/filter",
    summary: "Consents shown at a place (a form id, registration, newsletter, checkout, cookies)",
    tag: "consents",
    access: "public",
    body: consentFilterBody,
    handle: (ctx, { body }) => consents.webFilter(ctx, body),
  }),
  endpoint({
    method: "POST",
    path: "/v1/web/consent/log/create",
    summary: "Log accepted or withdrawn consents with their time and user (rate-limited)",
    tag: "consents",
    access: "public",
    body: consentLogBody,
    handle: (ctx, { body }) => consents.logCreate(ctx, body),
  }),
  endpoint({
    method: "POST",
    path: "/v1/consent/create",
    summary: "Create or update consents and set the ones shown at a place (backoffice)",
    tag: "consents",
    access: "backoffice",
    body: consentCreateBody,
    handle: (ctx, { body }) => consents.create(ctx, body),
  }),
  endpoint({
    method: "GET",
    path: "/v1/consent/filter",
    summary: "Consents with their texts and places, 50 a page (backoffice)",
    tag: "consents",
    access: "backoffice",
    query: consentAdminFilterQuery,
    handle: (ctx, { query }) => consents.adminFilter(ctx, query),
  }),
];
