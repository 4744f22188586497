/** The profile's form fields, shared by the browser's check and the action (one list each). */

export const PASSWORD_FIELDS = ["oldPassword", "newPassword", "passwordConfirmation"] as const;

/** What the details form shows again after a refusal (never the password). */
export const DETAILS_SHOWN = ["details.firstName", "details.lastName", "email", "memberCardBarcode"] as const;
export const DETAILS_FIELDS = [...DETAILS_SHOWN, "password"] as const;

/** The form's values as the contract's profile body: the password only when typed (it is needed for a new e-mail). */
export function detailsPayload(values: Record<string, unknown>): Record<string, unknown> {
  const { password, ...rest } = values;
  return password ? values : rest;
}
