import { mediaFilterBody } from "@shop/contracts";
import { type AnyEndpoint, endpoint } from "../../http/endpoint.ts";
import { filterStandard } from "./media.service.ts";

export const mediaEndpoints: AnyEndpoint[] = [
  endpoint({
    method: "POST",
    path: "/v1/media/filterStandard",
    summary: "Media library: paged, newest first, search by title",
    tag: "media",
    access: "backoffice",
    body: mediaFilterBody,
    handle: (ctx, { body }) => filterStandard(ctx, body),
  }),
];
