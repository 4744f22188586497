import { z } from "zod";
import { FULFILMENT_STATUS, ORDER_STATUS, PAGINATION, PAYMENT_STATUS } from "../constants.ts";
import { V } from "../validation-messages.ts";
import { orderCodeParams } from "./checkout.ts";

export const PAYMENT_KINDS = ["branch", "bank_transfer", "card", "wallet"] as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: V.invalid });

/** Issue 12's orders list: every filter optional; days are the shop's (Europe/Zagreb), both ends included. */
export const adminOrderFilters = z.object({
  status: z.enum(ORDER_STATUS, { error: V.invalid }).optional(),
  paymentStatus: z.enum(PAYMENT_STATUS, { error: V.invalid }).optional(),
  fulfilmentStatus: z.enum(FULFILMENT_STATUS, { error: V.invalid }).optional(),
  paymentKind: z.enum(PAYMENT_KINDS, { error: V.invalid }).optional(),
  branchId: z.coerce.number({ error: V.invalid }).int().positive({ error: V.invalid }).optional(),
  from: day.optional(),
  to: day.optional(),
  /** Number, code, e-mail, name, company, OIB or phone. */
  q: z.string().trim().max(100, { error: V.invalid }).optional(),
});
export type AdminOrderFilters = z.infer<typeof adminOrderFilters>;

export const adminOrderListBody = adminOrderFilters.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(PAGINATION.defaultPage),
  limit: z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(25),
});
export type AdminOrderListBody = z.infer<typeof adminOrderListBody>;

export const adminOrderParams = orderCodeParams;

/** What staff note of a transfer they saw on the account (the bank's reference), optional. */
export const markPaidBody = z.object({ reference: z.string().trim().max(35, { error: V.invalid }).optional() });

export const refundBody = z.object({
  amountCents: z.number({ error: V.invalid }).int({ error: V.invalid }).positive({ error: V.invalid }),
  reason: z.string().trim().max(200, { error: V.invalid }).optional(),
});
