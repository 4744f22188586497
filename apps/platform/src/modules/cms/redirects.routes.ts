import { failedRequestBody, failedRequestFilterBody, redirectCreateBody, redirectResolveQuery } from "@shop/contracts";
import { endpoint } from "../../http/endpoint.ts";
import * as redirects from "./redirects.service.ts";

export const redirectEndpoints = [
  endpoint({
    method: "POST",
    path: "/v1/redirect/addFailedRequest",
    summary: "Record a path that ended in a 404 (counted per path; rate-limited per client)",
    tag: "cms",
    access: "public",
    body: failedRequestBody,
    handle: (ctx, { body }) => redirects.addFailedRequest(ctx, body.path),
  }),
  endpoint({
    method: "GET",
    path: "/v1/redirect/resolve",
    summary: "The configured redirect of a path ({toPath, status 301|302}), or 404",
    tag: "cms",
    access: "public",
    query: redirectResolveQuery,
    handle: (ctx, { query }) => redirects.resolveRedirect(ctx, query.path),
  }),
  endpoint({
    method: "POST",
    path: "/v1/redirect/create",
    summary: "Configure a redirect from an old path to an internal one (301 permanent or 302 temporary)",
    tag: "cms",
    access: "backoffice",
    body: redirectCreateBody,
    handle: (ctx, { body }) => redirects.createRedirect(ctx, body),
  }),
  endpoint({
    method: "POST",
    path: "/v1/redirect/failedRequests",
    summary: "Recorded 404 paths with their counts, most frequent first",
    tag: "cms",
    access: "backoffice",
    body: failedRequestFilterBody,
    handle: (ctx, { body }) => redirects.filterFailedRequests(ctx, body),
  }),
];
