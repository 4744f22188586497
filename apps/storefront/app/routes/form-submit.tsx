import { DEFAULT_LOCALE, isValidInternalPath, type Locale, localizedPath, toLocale } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { data, redirect } from "react-router";
import { checkDefinedForm, formFieldErrors } from "../features/cms-forms/cms-form-values.ts";
import { loadEmbeddedForm } from "../features/cms-forms/cms-forms.server.ts";
import { type FormSubmitResult, NO_JS_PARAM } from "../features/cms-forms/embedded-form.ts";
import { acceptedConsentIds, logConsents } from "../features/consents/consents.server.ts";
import { failureFields, failureStatus, failureText } from "../features/errors/platform-failure.ts";
import { formText } from "../features/forms/form-values.ts";
import { platformFor } from "../platform.server.ts";
import type { Route } from "./+types/form-submit";

/** Not a form: GET /forms/captcha answers a fresh captcha challenge (form slugs must not be 'captcha'). */
const CAPTCHA_REF = "captcha";
const ANCHOR = /^[a-z][\w-]{0,63}$/i;
const NO_STORE = { "Cache-Control": "no-store" };

/**
 * GET /forms/captcha: a new ALTCHA challenge for the widget, straight from the platform (the
 * browser holds no apiKey, so it cannot call /api itself). Never cached: each is solved once.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (params.id !== CAPTCHA_REF) return Response.json({ error: "not found" }, { status: 404 });
  const result = await platformFor(context, request, DEFAULT_LOCALE).withToken(undefined).call(api.forms.captchaChallenge);
  if (!result.ok) return Response.json({ error: result.message }, { status: failureStatus(result), headers: NO_STORE });
  if (result.data.provider !== "altcha") return Response.json({ error: "not used" }, { status: 404, headers: NO_STORE });
  return Response.json(result.data.challenge, { headers: NO_STORE });
}

/** Where a script-less submit goes back to: the page the form is on, if that is one of ours. */
function backTo(form: FormData, locale: Locale, formId: string): string {
  const path = formText(form, "return");
  const anchor = formText(form, "anchor");
  const page = isValidInternalPath(path) ? path : localizedPath("content", locale);
  return `${page}?${NO_JS_PARAM}=${encodeURIComponent(formId)}${ANCHOR.test(anchor) ? `#${anchor}` : ""}`;
}

/**
 * POST /forms/:id: the form block's submit. Checked with the definition's schema and consents as in
 * the browser, then stored through the platform (a newsletter form subscribes); the accepted
 * consents are logged. Without JavaScript there is no captcha answer, so the visitor goes back to
 * the page, which explains that the anti-spam check needs scripts.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  const locale: Locale = toLocale(formText(form, "locale")) ?? DEFAULT_LOCALE;
  const t = translator(locale);
  if (formText(form, "js") !== "1") throw redirect(backTo(form, locale, params.id), 303);

  const platform = platformFor(context, request, locale);
  const embedded = await loadEmbeddedForm(platform, params.id, t);
  if (!embedded) return data<FormSubmitResult>({ ok: false, fieldErrors: {}, formError: t("error.notFound") }, { status: 404 });
  const checked = checkDefinedForm(form, embedded.form.fields, embedded.consents, t);
  if (!checked.ok) return data<FormSubmitResult>({ ok: false, fieldErrors: checked.errors, formError: null }, { status: 400 });

  const consents = acceptedConsentIds(form, embedded.consents);
  const captcha = formText(form, "captcha");
  const emailField = embedded.form.fields.find(
    (f) => f.type === "email" && typeof checked.data[f.name] === "string" && checked.data[f.name],
  );
  const email = emailField ? String(checked.data[emailField.name]) : null;
  const result =
    embedded.form.type === "newsletter" && email
      ? await platform.call(api.newsletter.subscribe, { body: { email, consents, captcha } })
      : await platform.call(api.forms.storeData, { body: { id: embedded.form.id, data: checked.data, consents, captcha } });
  if (!result.ok) {
    const { captcha: captchaError, ...fieldErrors } = formFieldErrors(failureFields(result));
    // Field errors sit at their fields under one alert; the captcha has no field to show it at.
    const formError = captchaError ?? (Object.keys(fieldErrors).length > 0 ? t("error.validation") : failureText(result, t));
    return data<FormSubmitResult>({ ok: false, fieldErrors, formError }, { status: failureStatus(result) });
  }

  // SPEC §7 consent log: what was accepted and when; who is the platform's to say (the login, else a guest).
  let logged = true;
  if (email && consents.length > 0) logged = await logConsents(platform, consents);
  const confirmationSent = result.data.confirmationSent && embedded.form.type !== "newsletter";
  const message = confirmationSent ? `${embedded.form.successMessage} ${t("forms.checkEmail")}` : embedded.form.successMessage;
  return data<FormSubmitResult>({ ok: true, message, ...(logged ? {} : { warning: t("error.failedConsentLog") }) });
}
