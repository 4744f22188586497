import { finderDecideQuery, getByHandlersBody, navigationTreeParams } from "@shop/contracts";
import { AppError } from "../../http/app-error.ts";
import { endpoint } from "../../http/endpoint.ts";
import { getOptions } from "../settings/settings.service.ts";
import * as cms from "./cms.service.ts";

export const cmsEndpoints = [
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
    method: "GET",
    path: "/v1/finder/decide",
    summary: "Resolve a content slug to its page (empty slug: the home page)",
    tag: "cms",
    access: "public",
    query: finderDecideQuery,
    async handle(ctx, { query }) {
      const slug = query.slug || (await getOptions(ctx.db, ["HomePageSlug"])).HomePageSlug || "pocetna";
      const page = await cms.decidePage(ctx, slug);
      if (!page) throw new AppError("NOT_FOUND", "error.notFound");
      return { type: "page", page };
    },
  }),
];
