import { api } from "@shop/contracts/api";
import type { Platform } from "../../platform.server.ts";
import { loadConsents } from "../consents/consents.server.ts";
import { isMissing } from "../errors/platform-failure.ts";
import type { Translate } from "../forms/form-values.ts";
import type { CaptchaConfig, EmbeddedForm } from "./embedded-form.ts";

/**
 * Which captcha the forms show. Only the kind matters here (the widget fetches its own challenges),
 * so the shared public-data cache answers it after the first page.
 */
export async function loadCaptchaConfig(platform: Platform): Promise<CaptchaConfig> {
  const result = await platform.callPublic(api.forms.captchaChallenge);
  if (result.ok && result.data.provider === "recaptcha") return { provider: "recaptcha", siteKey: result.data.siteKey };
  // ALTCHA needs nothing from the server up front; it is also what the platform answers by default.
  return { provider: "altcha" };
}

/** A published form by id or slug, with its consents and captcha; null when there is no such form. */
export async function loadEmbeddedForm(platform: Platform, ref: string | number, t?: Translate): Promise<EmbeddedForm | null> {
  const result = await platform.callPublic(api.forms.getForm, { params: { id: String(ref) } });
  if (!result.ok) {
    if (!isMissing(result)) console.warn(`[forms] form ${ref} could not be loaded: ${result.status} ${result.message}`);
    return null;
  }
  const [consents, captcha] = await Promise.all([loadConsents(platform, result.data.consentPlace, t), loadCaptchaConfig(platform)]);
  return { form: result.data, consents, captcha };
}
