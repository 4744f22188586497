import { z } from "zod";
import { type CookieCategory, LIMITS } from "../constants.ts";
import { V } from "../validation-messages.ts";

/** Payloads of SPEC §7 Consents (answers in api/consents.ts). */

/** Where a set of consents is shown: a form's id, 'registration', 'checkout', 'newsletter' or 'cookies'. */
export const assignedToField = () =>
  z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .max(64, { error: V.maxLength })
    .regex(/^[\w-]+$/, { error: V.invalid });

/** A consent's stable name, e.g. `privacy-policy`; the log and the cookie categories refer to it. */
export const uniqueNumberField = () =>
  z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .max(64, { error: V.maxLength })
    .regex(/^[\w.-]+$/, { error: V.invalid });

/** The consent of each cookie category (assigned to 'cookies'): its choice is logged against it. */
export function cookieConsentNumber(category: CookieCategory): string {
  return `cookies-${category}`;
}

export const consentFilterBody = z.object({
  assigned_to: assignedToField(),
  limit: z.number().int().min(1).max(LIMITS.consentList).default(LIMITS.consentList),
  page: z.number().int().min(1).default(1),
});
export type ConsentFilterBody = z.infer<typeof consentFilterBody>;

/**
 * SPEC §7 web/consent/log/create. Beyond the spec: a withdrawal is logged like an acceptance
 * (GDPR Art. 7(3)). SPEC's user {userType, email} is not read: whose choice it is comes from the
 * session (the access token's user, else a guest without an e-mail), so nobody can log in another's name.
 */
export const consentLogBody = z.object({
  status: z.enum(["accepted", "withdrawn"]),
  statusTimestamp: z.iso.datetime({ offset: true }),
  sourceType: z.literal("cmsSite"),
  consents: z.array(z.number().int().positive()).min(1).max(50),
});
export type ConsentLogBody = z.infer<typeof consentLogBody>;

const consentHtml = () => z.string().trim().min(1, { error: V.required }).max(5000, { error: V.maxLength });

/**
 * SPEC §7 consent/create: the consents shown at `assigned_to`, in order, replacing the previous set.
 * A consent with a displayName is created or its texts replaced (hr required, the fallback
 * language); one without must already exist. requiredConsents names the ones that must be ticked.
 */
export const consentCreateBody = z.object({
  assigned_to: assignedToField(),
  consents: z
    .array(
      z.object({
        uniqueNumber: uniqueNumberField(),
        displayName: z.object({ hr: consentHtml(), en: consentHtml().optional(), de: consentHtml().optional() }).optional(),
      }),
    )
    .min(1)
    .max(50),
  requiredConsents: z.array(uniqueNumberField()).max(50).default([]),
});
export type ConsentCreateBody = z.infer<typeof consentCreateBody>;

export const consentAdminFilterQuery = z.object({
  assigned_to: assignedToField().optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(LIMITS.consentAssignmentList).default(LIMITS.consentAssignmentList),
});

/** A place's name in an address (`/admin/consent/registration`). */
export const consentPlaceParams = z.object({ assigned_to: assignedToField() });
