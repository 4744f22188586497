import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import { deleteMedia, filterStandard, getMedia, mediaOptionsOf, updateMedia, usageOf } from "./media.service.ts";
import { replaceMedia, uploadMedia } from "./media.upload.ts";

export const mediaEndpoints = implement(api.media, {
  filterStandard: (ctx, { body }) => filterStandard(ctx, body),
  upload: (ctx, { body, files }) => uploadMedia(ctx, body, files),
  get: (ctx, { params }) => getMedia(ctx, params.id),
  update: (ctx, { params, body }) => updateMedia(ctx, params.id, body),
  usage: (ctx, { params }) => usageOf(ctx, params.id),
  delete: (ctx, { params, query }) => deleteMedia(ctx, params.id, query.force),
  replace: (ctx, { params, files }) => replaceMedia(ctx, params.id, files),
  options: (ctx, { query }) => mediaOptionsOf(ctx, query.autoResizeOnly === "true"),
});
