import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { pagedSchema } from "../envelope.ts";
import { DOCUMENT_KINDS, documentFilterBody, documentIdParams, orderTokenHeaders } from "../schemas/documents.ts";

export const documentView = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  filename: z.string(),
  contentType: z.literal("application/pdf"),
});
export type DocumentView = z.infer<typeof documentView>;

export const documentList = pagedSchema(documentView);
export type DocumentList = z.infer<typeof documentList>;

/** A document's file for download: a PDF, base64 in the JSON envelope. */
export const documentFile = z.object({ filename: z.string(), contentType: z.literal("application/pdf"), base64: z.string() });
export type DocumentFile = z.infer<typeof documentFile>;

const tag = "documents";

/**
 * SPEC §7 Documents, for the order's owner (logged in) or the holder of its access token (header
 * orderToken). Another's order, or a document the order does not have, answers exactly like a
 * missing one (404).
 */
export const documentsApi = {
  filter: endpoint({
    method: "POST",
    path: "/v2/document/filter/web",
    summary: "The documents of an order (its fiscalised receipt, the HUB-3 slip of a bank transfer)",
    tag,
    access: "public",
    body: documentFilterBody,
    headers: orderTokenHeaders,
    answer: documentList,
  }),
  get: endpoint({
    method: "GET",
    path: "/v2/document/get/web/:id",
    summary: "One document of an order as a PDF (base64)",
    tag,
    access: "public",
    params: documentIdParams,
    headers: orderTokenHeaders,
    answer: documentFile,
  }),
} as const;
