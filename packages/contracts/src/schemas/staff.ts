import { z } from "zod";
import { LOCALES } from "../locales.ts";
import { STAFF_ROLES, STAFF_SCOPES } from "../staff.ts";
import { emailField, idField, nameField } from "../validation.ts";
import { V } from "../validation-messages.ts";

/** A role and its scopes as an administrator sets them (an administrator's scopes are all of them, whatever is sent). */
export const staffRightsInput = z.object({
  role: z.enum(STAFF_ROLES, { error: V.invalid }),
  scopes: z
    .array(z.enum(STAFF_SCOPES, { error: V.invalid }))
    .max(STAFF_SCOPES.length)
    .default([]),
});

/** A new staff account: it gets an e-mail with a link to set its password. */
export const staffCreateBody = staffRightsInput.extend({
  email: emailField(),
  firstName: nameField(),
  lastName: nameField(),
  language: z.enum(LOCALES, { error: V.invalid }).default("hr"),
});
export type StaffCreateBody = z.input<typeof staffCreateBody>;

export const staffUpdateBody = staffRightsInput;
export type StaffUpdateBody = z.input<typeof staffUpdateBody>;

export const staffIdParams = z.object({ id: idField() });

const dateField = () => z.iso.date({ error: V.invalid });

/** The audit log's filters (all optional) and page. */
export const auditFilterQuery = z.object({
  entity: z.string().trim().max(60).optional(),
  userId: idField().optional(),
  /** Days in UTC, both included. */
  from: dateField().optional(),
  to: dateField().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditFilterQuery = z.input<typeof auditFilterQuery>;
