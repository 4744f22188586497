import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import { filterDocuments, getDocument } from "./documents.service.ts";

export const documentsEndpoints = implement(api.documents, {
  filter: (ctx, { body, headers }) => filterDocuments(ctx, body, headers.orderToken),
  get: (ctx, { params, headers }) => getDocument(ctx, params.id, headers.orderToken),
});
