import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { pagedSchema } from "../envelope.ts";
import { auditFilterQuery } from "../schemas/staff.ts";

/** One back-office change: who, what, before and after, when. */
export const auditEntryView = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  userEmail: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string(),
  createdAt: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntryView>;

export const auditPage = pagedSchema(auditEntryView);
export type AuditPage = z.infer<typeof auditPage>;

export const auditApi = {
  filterAudit: endpoint({
    method: "GET",
    path: "/v1/audit/filter",
    summary: "The audit log of back-office changes, newest first, by entity, user and days (administrator)",
    tag: "Staff",
    access: { staff: "administrator" },
    query: auditFilterQuery,
    answer: auditPage,
  }),
} as const;
