import { type ConsentView, PAYMENT_TYPES, type PaymentMethodView, type ShippingMethodView } from "@shop/contracts";
import { checkConsents } from "../consents/consent-check.ts";
import { type FieldErrors, formText, type Translate } from "../forms/form-values.ts";

/**
 * The shipping and payment steps' forms (SPEC §5 Shipping, Payment): what was chosen, checked the
 * same way in the browser and in the action.
 */

export const METHOD_FIELD = "deliveryMethodId";
export const PAYMENT_FIELD = "paymentMethodId";
/** The payment step's hidden fields: the method saved when it was shown (saved again only when another is chosen), and the cart as seen. */
export const SAVED_PAYMENT_FIELD = "savedPaymentMethodId";
export const SEEN_FIELD = "seen";

/** Each method with branches has its own branch radios, so a choice under another method never counts. */
export function branchField(methodId: number): string {
  return `branch.${methodId}`;
}

export interface ShippingChoice {
  deliveryMethodId: number;
  branchId?: number;
}

/** SPEC §5: a method chosen (error.shippingMethodUndefined), one of the list (error.shippingMethodNotFound), a branch when it has some (error.shippingBranchUndefined). */
export function readShipping(
  form: FormData,
  methods: readonly ShippingMethodView[],
  t: Translate,
): { choice: ShippingChoice; errors?: undefined } | { choice?: undefined; errors: FieldErrors } {
  const chosen = formText(form, METHOD_FIELD);
  if (!chosen) return { errors: { [METHOD_FIELD]: t("error.shippingMethodUndefined") } };
  const method = methods.find((m) => String(m.id) === chosen);
  if (!method) return { errors: { [METHOD_FIELD]: t("error.shippingMethodNotFound") } };
  if (method.options.length === 0) return { choice: { deliveryMethodId: method.id } };
  const branch = method.options.find((b) => String(b.id) === formText(form, branchField(method.id)));
  if (!branch) return { errors: { [branchField(method.id)]: t("error.shippingBranchUndefined") } };
  return { choice: { deliveryMethodId: method.id, branchId: branch.id } };
}

/** SPEC §4 skipShippingStep: the shipping step's choice made for the customer (the first method, its first branch), or null when none applies. */
export function firstShippingChoice(methods: readonly ShippingMethodView[]): ShippingChoice | null {
  const [method] = methods;
  if (!method) return null;
  const [branch] = method.options;
  return branch ? { deliveryMethodId: method.id, branchId: branch.id } : { deliveryMethodId: method.id };
}

/**
 * SPEC §5 Payment: the consents accepted and a method chosen (error.paymentMethodUndefined); whether
 * it applies to the cart is the platform's answer (the same key).
 */
export function paymentErrors(form: FormData, consents: readonly ConsentView[], t: Translate): FieldErrors {
  const errors = checkConsents(form, consents, t);
  if (!/^[1-9]\d{0,9}$/.test(formText(form, PAYMENT_FIELD))) errors[PAYMENT_FIELD] = t("error.paymentMethodUndefined");
  return errors;
}

/**
 * SPEC §4/§9: the payment completes itself when the only method is the provider's hosted form and
 * the company data (if any) is valid. It is chosen for the customer, who still confirms the order
 * with its consents: an order is never placed without that click.
 */
export function autoPaymentMethod(methods: readonly PaymentMethodView[], companyValid: boolean): PaymentMethodView | null {
  const [only, ...others] = methods;
  return only && others.length === 0 && only.paymentType === PAYMENT_TYPES.hostedForm && companyValid ? only : null;
}
