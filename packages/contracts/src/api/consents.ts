import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { paginationSchema } from "../envelope.ts";
import { LOCALES } from "../locales.ts";
import { consentAdminFilterQuery, consentCreateBody, consentFilterBody, consentLogBody, consentPlaceParams } from "../schemas/consents.ts";

/** Answers of SPEC §7 Consents. A consent is shown by its displayName (HTML) and accepted by id. */

export const consentView = z.object({
  id: z.number().int(),
  uniqueNumber: z.string(),
  displayName: z.string(),
  required: z.boolean(),
});
export type ConsentView = z.infer<typeof consentView>;

export const consentPage = z.object({ records: z.array(consentView), pagination: paginationSchema });
export type ConsentPage = z.infer<typeof consentPage>;

/** A consent as staff manage it: every language's text and the places it is shown. */
export const consentAdminView = z.object({
  id: z.number().int(),
  uniqueNumber: z.string(),
  displayName: z.partialRecord(z.enum(LOCALES), z.string()),
  /** Goes up whenever a text changes; the log records which version was accepted. */
  version: z.number().int(),
  assignments: z.array(z.object({ assigned_to: z.string(), required: z.boolean() })),
  updatedAt: z.string(),
});
export type ConsentAdminView = z.infer<typeof consentAdminView>;

export const consentAdminPage = z.object({ records: z.array(consentAdminView), pagination: paginationSchema });
export type ConsentAdminPage = z.infer<typeof consentAdminPage>;

/** The set now shown at a place, in order, with the ones that must be ticked. */
export const consentSetView = z.object({
  assigned_to: z.string(),
  consents: z.array(consentAdminView),
  requiredConsents: z.array(z.string()),
});
export type ConsentSetView = z.infer<typeof consentSetView>;

export const consentLogAnswer = z.object({ logged: z.number().int() });
export type ConsentLogAnswer = z.infer<typeof consentLogAnswer>;

const tag = "consents";

export const consentsApi = {
  webFilter: endpoint({
    method: "POST",
    path: "/v1/web/consent/filter",
    summary: "Consents shown at a place (a form id, registration, newsletter, checkout, cookies)",
    tag,
    access: "public",
    body: consentFilterBody,
    answer: consentPage,
  }),
  logCreate: endpoint({
    method: "POST",
    path: "/v1/web/consent/log/create",
    summary: "Log accepted or withdrawn consents with their time and user (rate-limited)",
    tag,
    access: "public",
    body: consentLogBody,
    answer: consentLogAnswer,
  }),
  create: endpoint({
    method: "POST",
    path: "/v1/consent/create",
    summary: "Create or update consents and set the ones shown at a place (backoffice)",
    tag,
    access: { staff: "content" },
    body: consentCreateBody,
    answer: consentSetView,
  }),
  adminFilter: endpoint({
    method: "GET",
    path: "/v1/consent/filter",
    summary: "Consents with their texts and places, 50 a page (backoffice)",
    tag,
    access: { staff: "content" },
    query: consentAdminFilterQuery,
    answer: consentAdminPage,
  }),
  adminPlace: endpoint({
    method: "GET",
    path: "/v1/consent/place/:assigned_to",
    summary: "The consents shown at one place, in order, with the required ones (backoffice; none yet: an empty set)",
    tag,
    access: { staff: "content" },
    params: consentPlaceParams,
    answer: consentSetView,
  }),
} as const;
