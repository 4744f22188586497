import { emailField, localeFromPath } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { data, Form, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import { CaptchaField, type CaptchaHandle } from "../features/cms-forms/captcha-field.tsx";
import { formFieldErrors } from "../features/cms-forms/cms-form-values.ts";
import { loadCaptchaConfig } from "../features/cms-forms/cms-forms.server.ts";
import { checkConsents } from "../features/consents/consent-check.ts";
import { ConsentFields } from "../features/consents/consent-fields.tsx";
import { acceptedConsentIds, loadConsents, logConsents } from "../features/consents/consents.server.ts";
import { failureFields, failureStatus, failureText } from "../features/errors/platform-failure.ts";
import { type FieldErrors, fieldErrors, formText, type Translate } from "../features/forms/form-values.ts";
import { platformFor } from "../platform.server.ts";
import { Field } from "../ui/field.tsx";
import { useT } from "../ui/i18n.tsx";
import { Notice } from "../ui/notice.tsx";
import type { Route } from "./+types/newsletter";
import "../styles/forms.css";

/** Where the newsletter's consents are assigned. */
const PLACE = "newsletter";
const emailSchema = z.object({ email: emailField() });

/** SPEC §5 on this form: a valid e-mail and every required consent. Same check in browser and action. */
function check(form: FormData, consents: Parameters<typeof checkConsents>[1], t: Translate): FieldErrors {
  const parsed = emailSchema.safeParse({ email: formText(form, "email") });
  return { ...(parsed.success ? {} : fieldErrors(parsed.error.issues, t)), ...checkConsents(form, consents, t) };
}

/** The page's texts come from the newsletter form definition (staff edit them there); these are the fallbacks. */
interface NewsletterTexts {
  title: string;
  description: string;
  submitLabel: string;
  successMessage: string;
}

async function newsletterTexts(platform: ReturnType<typeof platformFor>, t: Translate): Promise<NewsletterTexts> {
  const result = await platform.callPublic(api.forms.filterForms, { body: { type: "newsletter", limit: 1 } });
  const form = result.ok ? result.data.records[0] : undefined;
  return {
    title: form?.title ?? t("forms.newsletter.title"),
    description: form?.description ?? t("forms.newsletter.lead"),
    submitLabel: form?.submitLabel ?? t("forms.newsletter.submit"),
    successMessage: form?.successMessage ?? t("forms.newsletter.success"),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const t = translator(locale);
  const platform = platformFor(context, request, locale).withToken(undefined);
  const [texts, consents, captcha] = await Promise.all([
    newsletterTexts(platform, t),
    loadConsents(platform, PLACE, t),
    loadCaptchaConfig(platform),
  ]);
  // The footer's signup sends the address here; it fills the field (React escapes it).
  const email = (url.searchParams.get("email") ?? "").slice(0, 254);
  return { texts, consents, captcha, email };
}

type NewsletterActionData =
  | { ok: true; message: string; warning?: string }
  | { ok: false; fieldErrors: FieldErrors; formError: string | null; email: string; accepted: number[] };

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const t = translator(locale);
  const form = await request.formData();
  const platform = platformFor(context, request, locale);
  const [consents, texts] = await Promise.all([loadConsents(platform, PLACE, t), newsletterTexts(platform.withToken(undefined), t)]);
  const email = formText(form, "email").trim();
  const accepted = acceptedConsentIds(form, consents);
  const errors = check(form, consents, t);
  if (Object.keys(errors).length > 0) {
    return data<NewsletterActionData>(
      { ok: false, fieldErrors: errors, formError: t("error.validation"), email, accepted },
      { status: 400 },
    );
  }
  const result = await platform.call(api.newsletter.subscribe, {
    body: { email, consents: accepted, captcha: formText(form, "captcha") || undefined },
  });
  if (!result.ok) {
    // The captcha has no field here: its message is the one above the form.
    const { captcha: _captcha, ...fieldErrors } = formFieldErrors(failureFields(result));
    return data<NewsletterActionData>(
      { ok: false, fieldErrors, formError: failureText(result, t), email, accepted },
      { status: failureStatus(result) },
    );
  }
  const logged = await logConsents(platform, accepted);
  return data<NewsletterActionData>({
    ok: true,
    message: texts.successMessage,
    ...(logged ? {} : { warning: t("error.failedConsentLog") }),
  });
}

/**
 * SPEC §7 newsletter/subscribe as a page: e-mail, the newsletter's consents and the captcha. With
 * JavaScript the captcha is answered before the form goes; without it the form still posts and
 * the platform's 'captcha missing' comes back with the note that scripts are needed.
 */
export default function NewsletterPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { texts, consents, captcha } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const captchaRef = useRef<CaptchaHandle>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [clientFormError, setClientFormError] = useState<string | null>(null);
  const [solving, setSolving] = useState(false);
  const busy = solving || navigation.state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : null;
  const errors = clientErrors ?? failed?.fieldErrors ?? {};
  const formError = clientFormError ?? failed?.formError ?? null;

  useEffect(() => {
    if (!actionData) return;
    captchaRef.current?.reset();
    if (actionData.ok) doneRef.current?.focus();
    else formRef.current?.querySelector<HTMLInputElement>("[aria-invalid=true]")?.focus();
  }, [actionData]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const found = check(form, consents, t);
    if (Object.keys(found).length > 0) {
      setClientErrors(found);
      setClientFormError(null);
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${Object.keys(found)[0]}"]`)?.focus();
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
    form.set("captcha", answer);
    submit(form, { method: "post" });
  };

  return (
    <section className="newsletter-page container container--narrow" aria-labelledby="newsletter-title">
      <title>{texts.title}</title>
      <div className="cms-form__card">
        <h1 id="newsletter-title">{texts.title}</h1>
        <p className="cms-form__lead">{texts.description}</p>
        {actionData?.ok ? (
          <div ref={doneRef} tabIndex={-1}>
            <Notice kind="success">{actionData.message}</Notice>
            {actionData.warning ? <Notice kind="error">{actionData.warning}</Notice> : null}
          </div>
        ) : (
          <>
            {formError ? <Notice kind="error">{formError}</Notice> : null}
            <Form method="post" noValidate className="form" ref={formRef} onSubmit={onSubmit} aria-busy={busy || undefined}>
              <Field
                name="email"
                label={t("forms.newsletter.email")}
                type="email"
                inputMode="email"
                autoComplete="email"
                required
                defaultValue={failed?.email ?? loaderData.email}
                error={errors.email}
              />
              <ConsentFields consents={consents} errors={errors} accepted={failed?.accepted} />
              <CaptchaField config={captcha} handle={captchaRef} />
              <button type="submit" className="button" aria-disabled={busy || undefined}>
                {busy ? t("forms.sending") : texts.submitLabel}
              </button>
            </Form>
          </>
        )}
      </div>
    </section>
  );
}
