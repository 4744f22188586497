import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import * as staff from "./staff.service.ts";

export const staffEndpoints = implement(api.staff, {
  filterStaff: (ctx) => staff.filterStaff(ctx),
  createStaff: (ctx, { body }) => staff.createStaff(ctx, body),
  updateStaff: (ctx, { params, body }) => staff.updateStaff(ctx, params.id, body),
});
