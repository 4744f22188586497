import { z } from "zod";
import { ADDRESS_MAX, PASSWORD_MIN } from "./constants.ts";
import { isValidOib } from "./oib.ts";
import { V } from "./validation-messages.ts";

// Ids are bounded to a 32-bit integer: PostgreSQL refuses larger ones with an error instead of "not found".
export const MAX_ID = 2_147_483_647;
export const idField = () =>
  z.coerce.number({ error: V.invalid }).int({ error: V.invalid }).positive({ error: V.invalid }).max(MAX_ID, { error: V.invalid });

export const requiredText = () => z.string({ error: V.required }).trim().min(1, { error: V.required });

export const emailField = () =>
  requiredText()
    .max(254, { error: V.maxLength })
    .pipe(z.email({ error: V.email }));

/** A password as typed to prove who one is (login, the old one of a change): only its length is checked, never trimmed. */
export const currentPasswordField = () =>
  z
    .string({ error: V.required })
    .min(1, { error: V.required, abort: true })
    .min(PASSWORD_MIN, { error: V.minLength })
    .max(200, { error: V.maxLength });

/** Letters of any script, spaces, apostrophes and hyphens (SPEC §5 names). */
export const nameField = () =>
  requiredText()
    .max(75, { error: V.maxLength })
    .regex(/^[\p{L}\p{M}\s'’-]+$/u, { error: V.lettersOnly });

export const boundedText = (max: number) => requiredText().max(max, { error: V.maxLength });

export const oibField = () => requiredText().refine(isValidOib, { error: V.oib });

/** A KPD 2025 code at the six-digit level an e-invoice line names (BT-158, HR-BR-25), e.g. 45.20.30. */
export const KPD_CODE_PATTERN = /^\d{2}\.\d{2}\.\d{2}$/;
export const kpdCodeField = () => requiredText().regex(KPD_CODE_PATTERN, { error: V.kpd });

export const addressSchema = z.object({
  type: z.enum(["Shipping", "Main", "main", "billing", "shipping", "other"]).default("main"),
  firstName: nameField(),
  lastName: nameField(),
  contactEmail: emailField(),
  contactPhone: boundedText(40),
  country: boundedText(ADDRESS_MAX.country),
  region: z.string().trim().max(75, { error: V.maxLength }).optional(),
  city: boundedText(ADDRESS_MAX.city),
  street: boundedText(ADDRESS_MAX.street),
  houseNumber: boundedText(ADDRESS_MAX.houseNumber),
  zipCode: boundedText(ADDRESS_MAX.zipCode),
  companyName: z.string().trim().max(120, { error: V.maxLength }).optional(),
  companyOIB: z
    .string()
    .trim()
    .refine((v) => v === "" || isValidOib(v), { error: V.oib })
    .optional(),
});
export type AddressInput = z.infer<typeof addressSchema>;
