import type { AddressInput, CheckoutState, UserView } from "@shop/contracts";
import { checkoutAddressBody } from "@shop/contracts/schemas/checkout.ts";
import type { z } from "zod";
import type { FieldErrors } from "../forms/form-values.ts";

/**
 * The address step's form (SPEC §2 Checkout address step, §3 Guest update payload, §5 delivery
 * and billing forms, company OIB): its field names, how its values become the contract's body, and
 * whether that body differs from what the cart holds. Shared by the browser's check and the action.
 */

/** The fields of a delivery or billing address, in the order the form shows them. */
export const ADDRESS_FIELDS = [
  "firstName",
  "lastName",
  "contactEmail",
  "contactPhone",
  "street",
  "houseNumber",
  "zipCode",
  "city",
  "country",
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** The radio that picks a registered customer's saved address; this value means 'type a new one'. */
export const SAVED_ADDRESS = "deliveryAddress";
export const NEW_ADDRESS = "new";
export const COMPANY_TOGGLE = "companyPurchase";
export const BILLING_TOGGLE = "billingDifferent";
export const DEFAULT_COUNTRY = "HR";

/** Every field name of the form; dotted names are the body's paths, so the platform's field errors land on them. */
export const ADDRESS_FORM_FIELDS = [
  SAVED_ADDRESS,
  COMPANY_TOGGLE,
  BILLING_TOGGLE,
  ...ADDRESS_FIELDS.map((f) => `delivery.${f}`),
  ...ADDRESS_FIELDS.map((f) => `billing.${f}`),
  "company.companyName",
  "company.oib",
] as const;

/** The address step's body without the cart session (the contract's own schema: one set of rules). */
export const addressStepBody = checkoutAddressBody.omit({ cartId: true, protectCode: true, userId: true });
export type AddressStepBody = z.infer<typeof addressStepBody>;

type Section = Partial<Record<string, string>>;
interface FormValues {
  [SAVED_ADDRESS]?: string;
  [COMPANY_TOGGLE]?: string;
  [BILLING_TOGGLE]?: string;
  delivery?: Section;
  billing?: Section;
  company?: Section;
}

/**
 * The body the form's values make: a guest's e-mail is the delivery e-mail; a saved address goes by
 * its id; billing and company only when their boxes are ticked (SPEC §4: no billing means billed to
 * the delivery address).
 */
export function toAddressBody(values: Record<string, unknown>, guest: boolean): Record<string, unknown> {
  const v = values as FormValues;
  const savedId = v[SAVED_ADDRESS] && v[SAVED_ADDRESS] !== NEW_ADDRESS ? v[SAVED_ADDRESS] : undefined;
  return {
    ...(guest ? { email: v.delivery?.contactEmail } : {}),
    ...(savedId ? { deliveryAddressId: savedId } : { delivery: { ...v.delivery, type: "shipping" } }),
    ...(v[BILLING_TOGGLE] ? { billing: { ...v.billing, type: "billing" } } : {}),
    ...(v[COMPANY_TOGGLE] ? { company: v.company } : {}),
  };
}

/** A guest's e-mail is typed once, in the delivery form: an error on `email` belongs there. */
export function placeEmailError(errors: FieldErrors): FieldErrors {
  const { email, ...rest } = errors;
  if (email) rest["delivery.contactEmail"] ??= email;
  return rest;
}

function sameAddress(a: AddressInput | null, b: AddressInput | null): boolean {
  if (a === null || b === null) return a === b;
  return ADDRESS_FIELDS.every((f) => a[f] === b[f]);
}

/** SPEC §4: the step saves only when something changed; the body is the parsed one, the state what the cart holds. */
export function addressesUnchanged(body: AddressStepBody, state: CheckoutState, user: UserView | null): boolean {
  const delivery = body.delivery ?? user?.addresses.find((a) => a.id === body.deliveryAddressId) ?? null;
  const company = body.company ?? null;
  return (
    (user !== null || body.email === state.email) &&
    sameAddress(delivery, state.delivery) &&
    sameAddress(body.billing ?? null, state.billing) &&
    company?.companyName === state.company?.companyName &&
    company?.oib === state.company?.oib
  );
}

/** One line naming a saved address ('Ivana Babić, Ilica 1, 10000 Zagreb'). */
export function addressLine(a: Pick<AddressInput, "firstName" | "lastName" | "street" | "houseNumber" | "zipCode" | "city">): string {
  return `${a.firstName} ${a.lastName}, ${a.street} ${a.houseNumber}, ${a.zipCode} ${a.city}`;
}

function sectionValues(prefix: "delivery" | "billing", address: Partial<AddressInput> | null): Record<string, string> {
  return Object.fromEntries(ADDRESS_FIELDS.map((f) => [`${prefix}.${f}`, address?.[f] ?? (f === "country" ? DEFAULT_COUNTRY : "")]));
}

/**
 * What the form starts from: what the cart holds (SPEC §3 CartView.checkout), else for a customer
 * their name, e-mail and default delivery address (else the first saved one). Flat, by field name.
 */
export function addressDefaults(state: CheckoutState, user: UserView | null): Record<string, string> {
  const preferred = user?.addresses.find((a) => a.id === user.defaultDeliveryAddressId) ?? user?.addresses[0];
  const saved = state.delivery ? user?.addresses.find((a) => sameAddress(a, state.delivery)) : preferred;
  const fromUser = user ? { firstName: user.details.firstName, lastName: user.details.lastName, contactEmail: user.email } : null;
  return {
    [SAVED_ADDRESS]: saved ? String(saved.id) : NEW_ADDRESS,
    [COMPANY_TOGGLE]: state.company ? "1" : "",
    [BILLING_TOGGLE]: state.billing ? "1" : "",
    ...sectionValues("delivery", state.delivery ?? fromUser),
    ...sectionValues("billing", state.billing),
    "company.companyName": state.company?.companyName ?? user?.company?.name ?? "",
    "company.oib": state.company?.oib ?? "",
  };
}
