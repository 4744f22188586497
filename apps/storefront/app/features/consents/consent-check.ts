import type { ConsentView } from "@shop/contracts";
import type { FieldErrors, Translate } from "../forms/form-values.ts";

/** The form field of a consent's checkbox. */
export function consentFieldName(consent: Pick<ConsentView, "id">): string {
  return `consent.${consent.id}`;
}

/** A checkbox counts as ticked when the form carries its field at all (browsers send "on"). */
function ticked(form: FormData, consent: ConsentView): boolean {
  return form.has(consentFieldName(consent));
}

/**
 * SPEC §5: every required consent must be accepted, else core.notifications.consentRequired on
 * its field. Shared by the browser check and the action, like the Zod schemas.
 */
export function checkConsents(form: FormData, consents: readonly ConsentView[], t: Translate): FieldErrors {
  const errors: FieldErrors = {};
  for (const consent of consents) {
    if (consent.required && !ticked(form, consent)) errors[consentFieldName(consent)] = t("core.notifications.consentRequired");
  }
  return errors;
}

/** Ids of the consents the visitor ticked, only among those shown (a forged field counts for nothing). */
export function acceptedConsentIds(form: FormData, consents: readonly ConsentView[]): number[] {
  return consents.filter((consent) => ticked(form, consent)).map((consent) => consent.id);
}
