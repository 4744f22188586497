import { z } from "zod";

/** SPEC §7 Consents. A consent is shown by its displayName (HTML) and accepted by id. */
export const consentView = z.object({
  id: z.number().int(),
  uniqueNumber: z.string(),
  displayName: z.string(),
  required: z.boolean(),
});
export type ConsentView = z.infer<typeof consentView>;

/** Where a set of consents is shown: a form's id, 'registration', 'checkout', 'newsletter' or 'cookies'. */
export const consentFilterBody = z.object({
  assigned_to: z.string().max(64).optional(),
  limit: z.number().int().min(1).max(100).default(100),
  page: z.number().int().min(1).default(1),
});

export const consentLogBody = z.object({
  status: z.literal("accepted"),
  statusTimestamp: z.iso.datetime(),
  sourceType: z.literal("cmsSite"),
  consents: z.array(z.number().int()).min(1).max(50),
  user: z.object({ userType: z.enum(["webUser", "guest"]), email: z.email().max(254) }),
});
export type ConsentLogBody = z.infer<typeof consentLogBody>;
