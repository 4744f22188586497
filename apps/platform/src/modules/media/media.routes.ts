import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import { filterStandard } from "./media.service.ts";

export const mediaEndpoints = implement(api.media, {
  filterStandard: (ctx, { body }) => filterStandard(ctx, body),
});
