import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import * as tools from "./tools.service.ts";

/** SPEC §7 Tools (non-production): version, release history and the domain picker of the admin. */
export const toolsEndpoints = implement(api.tools, {
  latestTag: (ctx) => tools.getLatestTag(ctx),
  latestRelease: (ctx) => tools.getReleases(ctx),
  getDomain: (ctx) => tools.getDomains(ctx),
  setDomain: (ctx, { body }) => tools.setDomain(ctx, body.domain),
});
