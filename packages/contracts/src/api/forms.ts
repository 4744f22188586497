import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { paginationSchema } from "../envelope.ts";
import {
  confirmEmailParams,
  contactAdminBody,
  FORM_TYPES,
  formFieldDefinition,
  formFilterBody,
  formRefParams,
  goalSchema,
  storeDataBody,
} from "../schemas/forms.ts";

/** Answers of the forms, contact and captcha endpoints (SPEC §3 Form, §4 double opt-in, §7 Forms). */

/** A form definition as visitors get it, in one language. Where mail goes and the goal stay on the server. */
export const formView = z.object({
  id: z.number().int(),
  slug: z.string(),
  type: z.enum(FORM_TYPES),
  language: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  submitLabel: z.string(),
  successMessage: z.string(),
  fields: z.array(formFieldDefinition),
  /** The consents the form shows are those assigned to this place (consent assigned_to). */
  consentPlace: z.string(),
  /** A confirmation link goes to the submitter's e-mail before the goal is reached. */
  doubleOptIn: z.boolean(),
});
export type FormView = z.infer<typeof formView>;

export const formPage = z.object({ records: z.array(formView), pagination: paginationSchema });
export type FormPage = z.infer<typeof formPage>;

/** What a confirmation link leads to (SPEC §3/§4), with the address it confirmed. */
export const confirmEmailView = goalSchema.extend({ confirmedEmail: z.string() });
export type ConfirmEmailView = z.infer<typeof confirmEmailView>;

export const storeDataView = z.object({
  submitted: z.literal(true),
  /** A confirmation link went to the submitter (double opt-in). */
  confirmationSent: z.boolean(),
});
export type StoreDataView = z.infer<typeof storeDataView>;

/** What the captcha widget needs: the self-hosted proof-of-work challenge, or the reCAPTCHA site key. */
export const captchaChallengeView = z.discriminatedUnion("provider", [
  z.object({ provider: z.literal("altcha"), challenge: z.unknown() }),
  z.object({ provider: z.literal("recaptcha"), siteKey: z.string() }),
]);
export type CaptchaChallengeView = z.infer<typeof captchaChallengeView>;

const tag = "forms";

export const formsApi = {
  filterForms: endpoint({
    method: "POST",
    path: "/v1/form/filter",
    summary: "Published form definitions in the request language (hr as fallback), optionally of one type",
    tag,
    access: "public",
    body: formFilterBody,
    answer: formPage,
  }),
  getForm: endpoint({
    method: "GET",
    path: "/v1/form/get/:id",
    summary: "One published form definition by id or slug",
    tag,
    access: "public",
    params: formRefParams,
    answer: formView,
  }),
  storeData: endpoint({
    method: "POST",
    path: "/v1/form/storeData",
    summary: "Submit a form: validated against its definition, stored, mailed to SendEmailTo; double opt-in forms mail a confirmation link",
    tag,
    access: "public",
    body: storeDataBody,
    answer: storeDataView,
  }),
  confirmEmail: endpoint({
    method: "GET",
    path: "/v1/form/confirmEmail/:token",
    summary: "Confirm an e-mail address with the single-use token of a confirmation link; answers the goal",
    tag,
    access: "public",
    params: confirmEmailParams,
    answer: confirmEmailView,
  }),
  contactAdmin: endpoint({
    method: "POST",
    path: "/v1/contact/contactAdmin",
    summary: "Send a message to the shop (the contact form shortcut); mailed to SendEmailTo",
    tag,
    access: "public",
    body: contactAdminBody,
    answer: storeDataView,
  }),
  captchaChallenge: endpoint({
    method: "GET",
    path: "/v1/captcha/challenge",
    summary: "A fresh captcha challenge for the form widget (ALTCHA), or the reCAPTCHA site key when configured",
    tag,
    access: "public",
    answer: captchaChallengeView,
  }),
} as const;
