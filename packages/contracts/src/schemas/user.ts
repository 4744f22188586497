import { z } from "zod";
import { LOCALES } from "../locales.ts";
import { passwordField } from "../passwords.ts";
import { addressSchema, currentPasswordField, emailField, idField, nameField, requiredText } from "../validation.ts";
import { V } from "../validation-messages.ts";

export const detailsSchema = z.object({ firstName: nameField(), lastName: nameField() });

export const barcodeField = () => z.string().trim().max(64, { error: V.maxLength });

export const registerBody = z
  .object({
    details: detailsSchema,
    email: emailField(),
    password: passwordField(),
    passwordConfirmation: z.string().optional(),
    username: z.string().trim().max(254).optional(),
    memberCardBarcode: barcodeField().optional(),
    company: z.object({ name: z.string().trim().max(120) }).optional(),
    addresses: z.array(addressSchema).max(2).optional(),
    /** Consents ticked on the registration form: recorded for the new account in its registration. */
    consents: z.array(idField()).max(50).optional(),
  })
  .refine((b) => b.passwordConfirmation === undefined || b.passwordConfirmation === b.password, {
    error: V.repeatPassword,
    path: ["passwordConfirmation"],
  });
export type RegisterBody = z.infer<typeof registerBody>;

export const updateBody = z.object({
  details: detailsSchema.optional(),
  email: emailField().optional(),
  /** The current password: needed when `email` changes. */
  password: currentPasswordField().optional(),
  username: z.string().trim().max(254).optional(),
  memberCardBarcode: barcodeField().optional(),
  /** The user's own language (SPEC §6: the admin's language comes from it). */
  language: z.enum(LOCALES, { error: V.invalid }).optional(),
});
export type UpdateBody = z.infer<typeof updateBody>;

/** SPEC §5 Profile: the profile form sends first name, last name and a valid e-mail always. */
export const profileFormBody = updateBody.required({ details: true, email: true });

export const addressBody = z.object({ address: addressSchema });
/** Which default a saved address becomes: where orders go, or whom they are billed to. */
export const ADDRESS_DEFAULT_KINDS = ["delivery", "billing"] as const;
export type AddressDefaultKind = (typeof ADDRESS_DEFAULT_KINDS)[number];
export const addressDefaultBody = z.object({ kind: z.enum(ADDRESS_DEFAULT_KINDS, { error: V.invalid }) });

export const passwordResetBody = z
  .object({ oldPassword: currentPasswordField(), newPassword: passwordField() })
  .refine((b) => b.oldPassword !== b.newPassword, { error: V.differentPassword, path: ["newPassword"] });

export const passwordForgotBody = z.object({ email: emailField() });
export const passwordSetBody = z.object({ token: requiredText().max(200), password: passwordField() });
export const barcodeBody = z.object({ barcode: requiredText().max(64) });
export const verifyTokenParams = z.object({ token: z.string().min(1).max(200) });
// Bounded to a 32-bit integer: PostgreSQL refuses larger ids with an error instead of "not found".
export const addressIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const generalUserQuery = z.object({ group: z.string().max(64).optional(), key: z.string().max(64).optional() });

/** Deleting the account: the current password, and the box that says the customer means it. */
export const accountDeleteBody = z.object({
  password: currentPasswordField(),
  confirm: z.literal(true, { error: V.required }),
});
export type AccountDeleteBody = z.infer<typeof accountDeleteBody>;
