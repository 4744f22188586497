import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useFetcher, useLocation, useSearchParams } from "react-router";
import { useLocale, useT } from "../../ui/i18n.tsx";
import { Notice } from "../../ui/notice.tsx";
import { ConsentFields } from "../consents/consent-fields.tsx";
import { CaptchaField, type CaptchaHandle } from "./captcha-field.tsx";
import { checkDefinedForm } from "./cms-form-values.ts";
import { type EmbeddedForm, type FormSubmitResult, formActionPath, NO_JS_PARAM } from "./embedded-form.ts";
import { FormField } from "./form-field.tsx";
import "../../styles/forms.css";

/** Focuses the first control the errors name (fields and consents, by their names). */
function focusFirstInvalid(form: HTMLFormElement | null, errors: Record<string, string>) {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    if (
      (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) &&
      element.name in errors
    ) {
      element.focus();
      return;
    }
  }
}

/**
 * A form rendered from its definition (SPEC §3/§5): labelled fields with their errors, the consents,
 * the captcha and the submit button. It is checked in the browser with the schema the platform uses
 * and sent to /forms/:id; without JavaScript it still posts there, and the page says why it cannot
 * go through (the anti-spam check needs scripts).
 */
export function CmsForm({
  embedded,
  title,
  headingLevel,
  anchor,
}: {
  embedded: EmbeddedForm;
  /** Overrides the definition's title. */
  title?: string;
  headingLevel: 1 | 2;
  anchor: string;
}) {
  const { form, consents, captcha } = embedded;
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const [search] = useSearchParams();
  const idPrefix = useId();
  const fetcher = useFetcher<FormSubmitResult>({ key: `cms-form-${form.id}` });
  const formRef = useRef<HTMLFormElement>(null);
  const captchaRef = useRef<CaptchaHandle>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const [clientFormError, setClientFormError] = useState<string | null>(null);
  const [solving, setSolving] = useState(false);
  const [dismissed, setDismissed] = useState<FormSubmitResult | null>(null);

  const result = fetcher.data && fetcher.data !== dismissed ? fetcher.data : null;
  const serverErrors = result && !result.ok ? result.fieldErrors : null;
  const errors = clientErrors ?? serverErrors ?? {};
  const formError = clientFormError ?? (result && !result.ok ? result.formError : null);
  const busy = solving || fetcher.state !== "idle";

  // An answer spends the captcha: the next submit solves a new one. Errors move focus to the first field.
  useEffect(() => {
    if (!result) return;
    captchaRef.current?.reset();
    if (result.ok) doneRef.current?.focus();
    else focusFirstInvalid(formRef.current, result.fieldErrors);
  }, [result]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const element = event.currentTarget;
    const data = new FormData(element);
    const checked = checkDefinedForm(data, form.fields, consents, t);
    if (!checked.ok) {
      setClientErrors(checked.errors);
      focusFirstInvalid(element, checked.errors);
      return;
    }
    setClientErrors(null);
    setClientFormError(null);
    setSolving(true);
    const answer = await captchaRef.current?.answer().catch(() => null);
    setSolving(false);
    if (!answer) {
      setClientFormError(t("error.captchaMissing"));
      return;
    }
    data.set("captcha", answer);
    data.set("js", "1");
    fetcher.submit(data, { method: "post", action: formActionPath(form.id) });
  };

  const noJs = search.get(NO_JS_PARAM) === String(form.id);
  const titleId = `${idPrefix}-title`;
  const Heading = headingLevel === 1 ? "h1" : "h2";

  return (
    <section id={anchor} className="block cms-form container container--narrow" aria-labelledby={titleId}>
      <div className="cms-form__card">
        <Heading id={titleId}>{title || form.title}</Heading>
        {form.description ? <p className="cms-form__lead">{form.description}</p> : null}
        {result?.ok ? (
          <div ref={doneRef} tabIndex={-1} className="cms-form__done">
            <Notice kind="success">{result.message}</Notice>
            {result.warning ? <Notice kind="error">{result.warning}</Notice> : null}
            <button type="button" className="button button--ghost" onClick={() => setDismissed(result)}>
              {t("forms.sendAnother")}
            </button>
          </div>
        ) : (
          <>
            {noJs ? <Notice kind="error">{t("forms.captcha.needsJs")}</Notice> : null}
            {formError ? <Notice kind="error">{formError}</Notice> : null}
            <fetcher.Form
              method="post"
              action={formActionPath(form.id)}
              noValidate
              className="form cms-form__form"
              ref={formRef}
              onSubmit={onSubmit}
              aria-busy={busy || undefined}
            >
              <input type="hidden" name="locale" value={locale} />
              <input type="hidden" name="return" value={location.pathname} />
              <input type="hidden" name="anchor" value={anchor} />
              <p className="cms-form__legend">{t("forms.requiredLegend")}</p>
              {form.fields.map((field) => (
                <FormField key={field.name} field={field} idPrefix={idPrefix} error={errors[field.name]} />
              ))}
              <ConsentFields consents={consents} errors={errors} />
              <CaptchaField config={captcha} handle={captchaRef} />
              <button type="submit" className="button" aria-disabled={busy || undefined}>
                {busy ? t("forms.sending") : form.submitLabel}
              </button>
            </fetcher.Form>
          </>
        )}
      </div>
    </section>
  );
}
