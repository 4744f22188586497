import { type ConsentView, type FormFieldDefinition, type FormValues, formDataSchema } from "@shop/contracts";
import { checkConsents, consentFieldName } from "../consents/consent-check.ts";
import { type FieldErrors, fieldErrors, formText, type Translate } from "../forms/form-values.ts";

/** The definition's fields as the browser sent them: text as typed, a checkbox 'on' only when ticked. */
export function readDefinedFields(form: FormData, fields: readonly FormFieldDefinition[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    if (field.type === "checkbox") {
      if (form.has(field.name)) values[field.name] = "on";
    } else values[field.name] = formText(form, field.name);
  }
  return values;
}

export type CheckedForm = { ok: true; data: FormValues } | { ok: false; errors: FieldErrors };

/**
 * The same check in the browser and in the action: the definition's Zod schema (which the platform
 * uses too) and the required consents (SPEC §5).
 */
export function checkDefinedForm(
  form: FormData,
  fields: readonly FormFieldDefinition[],
  consents: readonly ConsentView[],
  t: Translate,
): CheckedForm {
  const parsed = formDataSchema(fields).safeParse(readDefinedFields(form, fields));
  const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error.issues, t);
  Object.assign(errors, checkConsents(form, consents, t));
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, data: parsed.data };
}

/** The platform's field paths as the form names its controls: `data.email` → `email`, `consents.7` → `consent.7`. */
export function formFieldErrors(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const consent = /^consents\.(\d+)$/.exec(path);
    const name = consent ? consentFieldName({ id: Number(consent[1]) }) : path.replace(/^data\./, "");
    out[name] ??= message;
  }
  return out;
}
