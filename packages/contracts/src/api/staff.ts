import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { staffCreateBody, staffIdParams, staffUpdateBody } from "../schemas/staff.ts";
import { STAFF_ROLES, STAFF_SCOPES } from "../staff.ts";

/** A staff account as the administrator's staff page shows it. */
export const staffView = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  language: z.string(),
  role: z.enum(STAFF_ROLES),
  scopes: z.array(z.enum(STAFF_SCOPES)),
  createdAt: z.string(),
});
export type StaffView = z.infer<typeof staffView>;

export const staffList = z.object({ records: z.array(staffView) });
export type StaffList = z.infer<typeof staffList>;

/** Issue 12: staff accounts, managed by an administrator only. */
export const staffApi = {
  filterStaff: endpoint({
    method: "GET",
    path: "/v1/staff/filter",
    summary: "Every staff account with its role and scopes (administrator)",
    tag: "Staff",
    access: { staff: "administrator" },
    answer: staffList,
  }),
  createStaff: endpoint({
    method: "POST",
    path: "/v1/staff/create",
    summary: "Create a staff account with a role and scopes; it gets an e-mail with a link to set its password (administrator)",
    tag: "Staff",
    access: { staff: "administrator" },
    body: staffCreateBody,
    answer: staffView,
  }),
  updateStaff: endpoint({
    method: "PATCH",
    path: "/v1/staff/update/:id",
    summary: "Change a staff account's role and scopes; the last administrator stays one (administrator)",
    tag: "Staff",
    access: { staff: "administrator" },
    params: staffIdParams,
    body: staffUpdateBody,
    answer: staffView,
  }),
} as const;
