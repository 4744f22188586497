import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import * as templates from "./page-templates.service.ts";

/** Issue 12's page templates (/admin/templates): what a new page starts from. */
export const pageTemplatesEndpoints = implement(api.pageTemplates, {
  list: (ctx) => templates.listTemplates(ctx),
  create: (ctx, { body }) => templates.createTemplate(ctx, body),
  update: (ctx, { params, body }) => templates.updateTemplate(ctx, params.id, body),
  reorder: (ctx, { params, body }) => templates.reorderBlocks(ctx, params.id, body.order),
  delete: (ctx, { params }) => templates.deleteTemplate(ctx, params.id),
});
