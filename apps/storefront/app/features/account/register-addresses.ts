import { type AddressInput, addressSchema } from "@shop/contracts";
import { ADDRESS_FIELDS } from "../checkout/address-form.ts";
import { type FieldErrors, fieldErrors, formText, readForm, type Translate } from "../forms/form-values.ts";

/**
 * Registration in the address mode of SPEC §3/§5: a box opens a delivery address and, behind a
 * second box, a different billing address; without it the billing (main) address is the delivery
 * one (SPEC §4). Shared by the browser's check and the action.
 */

export const WITH_ADDRESSES = "withAddresses";
export const BILLING_DIFFERENT = "billingDifferent";
export type RegisterSection = "delivery" | "billing";

/** Every address field as the form names it. */
export const REGISTER_ADDRESS_FIELDS = [
  ...ADDRESS_FIELDS.map((f) => `delivery.${f}`),
  ...ADDRESS_FIELDS.map((f) => `billing.${f}`),
] as const;

/** The sections the visitor opened: none, the delivery one, or both. */
export function openSections(form: FormData): RegisterSection[] {
  if (!formText(form, WITH_ADDRESSES)) return [];
  return formText(form, BILLING_DIFFERENT) ? ["delivery", "billing"] : ["delivery"];
}

function sectionValues(form: FormData, section: RegisterSection): Record<string, unknown> {
  return (readForm(form, REGISTER_ADDRESS_FIELDS)[section] ?? {}) as Record<string, unknown>;
}

/** SPEC §5 address rules on each open section, keyed by the form's own field names. */
export function checkRegisterAddresses(form: FormData, t: Translate): FieldErrors {
  const out: FieldErrors = {};
  for (const section of openSections(form)) {
    const parsed = addressSchema.safeParse(sectionValues(form, section));
    if (parsed.success) continue;
    for (const [path, message] of Object.entries(fieldErrors(parsed.error.issues, t))) out[`${section}.${path}`] ??= message;
  }
  return out;
}

/** The registration's addresses (SPEC §3: delivery, then main/billing), or none when the box is not ticked. */
export function registerAddresses(form: FormData): Partial<AddressInput>[] | undefined {
  const sections = openSections(form);
  const [delivery, billing = delivery] = sections.map((s) => sectionValues(form, s));
  if (!delivery) return undefined;
  return [
    { ...delivery, type: "shipping" },
    { ...billing, type: "main" },
  ];
}

/** A field error of the platform (`addresses.1.street`) on the form's field it is about. */
export function placeAddressErrors(errors: FieldErrors, form: FormData): FieldErrors {
  const sections = openSections(form);
  const out: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const match = /^addresses\.(\d)\.(.+)$/.exec(path);
    const section = match ? (sections[Number(match[1])] ?? sections[0]) : undefined;
    out[section && match ? `${section}.${match[2]}` : path] ??= message;
  }
  return out;
}
