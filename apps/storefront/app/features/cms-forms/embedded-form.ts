import type { ConsentView, FormView } from "@shop/contracts";

/** Which captcha the browser shows: the self-hosted ALTCHA widget, or reCAPTCHA v2 invisible. */
export type CaptchaConfig = { provider: "altcha" } | { provider: "recaptcha"; siteKey: string };

/** Everything a form block needs to render: the definition, its consents and the captcha kind. */
export interface EmbeddedForm {
  form: FormView;
  consents: ConsentView[];
  captcha: CaptchaConfig;
}

/** The storefront URLs of the forms feature (resource route /forms/:id). */
export const FORMS_PATH = "/forms";
/** GET: a fresh ALTCHA challenge for the widget (the browser holds no apiKey, so it cannot call /api). */
export const CAPTCHA_CHALLENGE_PATH = `${FORMS_PATH}/captcha`;

export function formActionPath(ref: string | number): string {
  return `${FORMS_PATH}/${encodeURIComponent(String(ref))}`;
}

/** Query parameter the action sets when a form was sent without JavaScript (its value: the form's id). */
export const NO_JS_PARAM = "formNoJs";

/** What the form action answers a script-driven submit. */
export type FormSubmitResult =
  | { ok: true; message: string /** Sent, but the consent log failed (SPEC §8 error.failedConsentLog). */; warning?: string }
  | { ok: false; fieldErrors: Record<string, string>; formError: string | null };
