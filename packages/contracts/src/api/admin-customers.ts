import { z } from "zod";
import { PAGINATION } from "../constants.ts";
import { endpoint } from "../endpoint.ts";
import { pagedSchema } from "../envelope.ts";
import { V } from "../validation-messages.ts";
import { accountExport } from "./user.ts";

export const customerRow = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  language: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type CustomerRow = z.infer<typeof customerRow>;

const customerFilterBody = z.object({
  q: z.string().trim().max(100, { error: V.invalid }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(PAGINATION.defaultPage),
  limit: z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(25),
});
const customerIdParams = z.object({ id: z.coerce.number({ error: V.invalid }).int({ error: V.invalid }).positive({ error: V.invalid }) });
const eraseBody = z.object({ confirm: z.literal(true, { error: V.required }) });

const tag = "admin customers";

/**
 * Issue 12: customers for staff. A customer's page is everything the shop holds about them (the
 * same document as their own data download: account, addresses, orders, consents given and
 * withdrawn, newsletter); erasing follows the same rules as their own account deletion. A staff
 * account's id answers like a missing one.
 */
export const adminCustomersApi = {
  list: endpoint({
    method: "POST",
    path: "/v1/admin/customer/filter",
    summary: "Customers, newest first, found by e-mail, name or company OIB",
    tag,
    access: { staff: "orders" },
    readOnly: true,
    body: customerFilterBody,
    answer: pagedSchema(customerRow),
  }),
  get: endpoint({
    method: "GET",
    path: "/v1/admin/customer/:id",
    summary: "Everything held about a customer (as their own data download)",
    tag,
    access: { staff: "orders" },
    params: customerIdParams,
    answer: accountExport,
  }),
  erase: endpoint({
    method: "POST",
    path: "/v1/admin/customer/:id/erase",
    summary: "Erase a customer's account (orders kept anonymised), as a GDPR request asks",
    tag,
    access: { staff: "administrator" },
    params: customerIdParams,
    body: eraseBody,
    answer: z.null(),
  }),
} as const;
