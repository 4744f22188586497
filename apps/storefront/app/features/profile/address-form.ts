import { ADDRESS_FIELDS } from "../checkout/address-form.ts";
import type { FieldErrors } from "../forms/form-values.ts";

/** A saved address's form fields as posted: `address.<field>`, so the platform's field paths land on them. */
export const ADDRESS_FORM_FIELDS = ADDRESS_FIELDS.map((f) => `address.${f}`);

export interface AddressActionData {
  fieldErrors: FieldErrors;
  formError: string | null;
  values: Record<string, string>;
}
