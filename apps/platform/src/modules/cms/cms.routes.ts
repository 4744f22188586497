import {
  elementCreateBody,
  elementUpdateBody,
  finderDecideQuery,
  finderSearchSlugsQuery,
  getByHandlersBody,
  getUrlOnLanguageBody,
  idParams,
  navigationTreeParams,
} from "@shop/contracts";
import { endpoint } from "../../http/endpoint.ts";
import * as cms from "./cms.service.ts";
import { contentEndpoints } from "./content.routes.ts";
import * as posts from "./posts.service.ts";
import { redirectEndpoints } from "./redirects.routes.ts";

const layoutEndpoints = [
  endpoint({
    method: "GET",
    path: "/v1/navigation/tree/:id",
    summary: "Navigation tree (main, footer1–4)",
    tag: "cms",
    access: "public",
    params: navigationTreeParams,
    handle: (ctx, { params }) => cms.navigationTree(ctx, params.id),
  }),
  endpoint({
    method: "POST",
    path: "/v1/element/getByHandlers",
    summary: "Header, footer and cookie elements",
    tag: "cms",
    access: "public",
    body: getByHandlersBody,
    handle: (ctx, { body }) => cms.elementsByHandlers(ctx, body.handlers, body.variant),
  }),
  endpoint({
    method: "POST",
    path: "/v1/element/create",
    summary: "Create a header, footer or cookie element for one variant and language (options checked against the handler's schema)",
    tag: "cms",
    access: "backoffice",
    body: elementCreateBody,
    handle: (ctx, { body }) => cms.createElement(ctx, body),
  }),
  endpoint({
    method: "PATCH",
    path: "/v1/element/update/:id",
    summary: "Change an element's title and/or options (checked against its handler's schema)",
    tag: "cms",
    access: "backoffice",
    params: idParams,
    body: elementUpdateBody,
    handle: (ctx, { params, body }) => cms.updateElement(ctx, params.id, body),
  }),
];

const finderEndpoints = [
  endpoint({
    method: "GET",
    path: "/v1/finder/decide",
    summary:
      "Resolve the content route's params (`params`, comma-separated, or `slug`; none: the home page) to the published page or post: {type:'page', page} | {type:'post', post}",
    tag: "cms",
    access: "public",
    query: finderDecideQuery,
    handle(ctx, { query }) {
      const params = query.params === undefined ? [query.slug] : query.params.split(",");
      return posts.decide(
        ctx,
        params.filter((p) => p !== ""),
      );
    },
  }),
  endpoint({
    method: "GET",
    path: "/v1/finder/searchSlugs",
    summary: "Pages, posts and blog terms whose slug starts with `prefix` in one language (for editors picking a link)",
    tag: "cms",
    access: "backoffice",
    query: finderSearchSlugsQuery,
    handle: (ctx, { query }) => posts.searchSlugs(ctx, query),
  }),
  endpoint({
    method: "POST",
    path: "/v1/finder/getUrlOnLanguage",
    summary: "The URL of the same page, post or blog category in another language (the hr original's slug when untranslated)",
    tag: "cms",
    access: "public",
    body: getUrlOnLanguageBody,
    handle: (ctx, { body }) => posts.urlOnLanguage(ctx, body),
  }),
];

export const cmsEndpoints = [...layoutEndpoints, ...finderEndpoints, ...contentEndpoints, ...redirectEndpoints];
