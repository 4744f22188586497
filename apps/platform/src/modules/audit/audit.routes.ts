import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import * as audit from "./audit.service.ts";

export const auditEndpoints = implement(api.audit, {
  filterAudit: (ctx, { query }) => audit.filterAudit(ctx, query),
});
