import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import { filterStandard } from "./media.service.ts";
import { uploadMedia } from "./media.upload.ts";

export const mediaEndpoints = implement(api.media, {
  filterStandard: (ctx, { body }) => filterStandard(ctx, body),
  upload: (ctx, { body, files }) => uploadMedia(ctx, body, files),
});
