import type { RefObject } from "react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import type { z } from "zod";
import { useT } from "../../ui/i18n.tsx";
import { type FieldErrors, fieldErrors, readForm, type Translate } from "./form-values.ts";

export interface FormValidation {
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  /** Errors to show: the browser's check of this submit, else the server's answer. */
  errors: FieldErrors;
  busy: boolean;
  formRef: RefObject<HTMLFormElement | null>;
}

/**
 * The same Zod schema that checks the request on the server checks the form in the browser first
 * (no round trip for an empty field). A second submit while one runs is ignored (SPEC §4 form guard).
 */
export function useFormValidation(options: {
  /** None when the `extra` checks are the whole of it (a choice among radios). */
  schema?: z.ZodType;
  /** Field names as in the form (dotted names nest). */
  fields: readonly string[];
  /** Builds the payload the schema checks from the form's values. */
  toPayload?: (values: Record<string, unknown>) => unknown;
  /** Checks the schema cannot express (e.g. the repeated password). */
  extra?: (form: FormData, t: Translate) => FieldErrors;
  serverErrors?: FieldErrors;
}): FormValidation {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { serverErrors } = options;

  // After the server answered with errors, move focus to the first invalid field.
  useEffect(() => {
    if (!serverErrors) return;
    setClientErrors(null);
    focusFirstInvalid(formRef.current, serverErrors);
  }, [serverErrors]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    const form = new FormData(event.currentTarget);
    const values = readForm(form, options.fields);
    const parsed = options.schema?.safeParse(options.toPayload ? options.toPayload(values) : values);
    const errors: FieldErrors = { ...(options.extra?.(form, t) ?? {}) };
    if (parsed && !parsed.success)
      for (const [path, message] of Object.entries(fieldErrors(parsed.error.issues, t))) errors[path] ??= message;
    if (Object.keys(errors).length > 0) {
      event.preventDefault();
      setClientErrors(errors);
      focusFirstInvalid(event.currentTarget, errors);
    } else {
      setClientErrors(null);
    }
  };

  return { onSubmit, errors: clientErrors ?? serverErrors ?? {}, busy, formRef };
}

function focusFirstInvalid(form: HTMLFormElement | null, errors: FieldErrors) {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    const control = element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
    // A hidden section's fields (an unticked billing form) cannot take focus.
    if (control && element.name in errors && element.offsetParent !== null) {
      element.focus();
      return;
    }
  }
}
