import { type FormEvent, useEffect, useRef, useState } from "react";
import { type FormValidation, useFormValidation } from "../forms/use-form-validation.ts";

type Options = Parameters<typeof useFormValidation>[0] & {
  /** The form posts as a page load (the payment step), which the router's navigation state does not see. */
  document?: boolean;
};

/**
 * A checkout step's form: the shared browser check, and SPEC §4 'each step has a guard against
 * repeated submits': a page-load post is sent once, until the page comes back from the history.
 */
export function useStepForm(options: Options): FormValidation {
  const validation = useFormValidation(options);
  const sent = useRef(false);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      sent.current = false;
      setSending(false);
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (sent.current) {
      event.preventDefault();
      return;
    }
    validation.onSubmit(event);
    if (options.document && !event.defaultPrevented) {
      sent.current = true;
      setSending(true);
    }
  };

  return { ...validation, onSubmit, busy: validation.busy || sending };
}
