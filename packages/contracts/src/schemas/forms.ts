import { z } from "zod";
import { emailField } from "../validation.ts";
import { V } from "../validation-messages.ts";

/** Payloads of the forms, contact, newsletter and captcha endpoints (SPEC §7); answers in api/forms.ts, api/newsletter.ts. */

/** SPEC §3 form types. */
export const FORM_TYPES = ["newsletter", "contactForm", "registerForm", "checkoutForm", "addressForm", "productAvailabilityForm"] as const;
export type FormType = (typeof FORM_TYPES)[number];

export const FORM_FIELD_TYPES = ["text", "email", "tel", "textarea", "select", "checkbox"] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** SPEC §3 double opt-in goal: what the confirmation link leads to. */
export const GOAL_TYPES = ["message", "url", "file"] as const;
export type GoalType = (typeof GOAL_TYPES)[number];

/** SPEC §8: the confirmation page without its goal is a 404 with exactly this message. */
export const GOAL_NOT_DEFINED = "goal or goalType were not defined";

/** How long an e-mailed confirmation link works (single use). */
export const CONFIRM_EMAIL_TTL_S = 7 * 24 * 3600;
/** How long a captcha challenge can be solved and sent (the widget fetches a new one when it expires). */
export const CAPTCHA_CHALLENGE_TTL_S = 10 * 60;

/** Longest value per field type when the definition sets no maxLength. */
export const FIELD_MAX_DEFAULT: Record<FormFieldType, number> = {
  text: 200,
  email: 254,
  tel: 40,
  textarea: 5000,
  select: 100,
  checkbox: 5,
};
const FIELD_MAX_LIMIT = 10_000;

/** A form's reference in paths and payloads: its id or its slug. */
export const formRefField = () => z.string().regex(/^(?:\d{1,9}|[a-z0-9][a-z0-9-]{0,63})$/, { error: V.invalid });

export const formFieldDefinition = z.object({
  /** The key of the value in the submitted data. */
  name: z.string().regex(/^[a-zA-Z][\w]{0,63}$/),
  type: z.enum(FORM_FIELD_TYPES),
  label: z.string().trim().min(1).max(200),
  required: z.boolean().default(false),
  /** Choices of a select: the value is sent, the label shown. */
  options: z
    .array(z.object({ value: z.string().trim().min(1).max(100), label: z.string().trim().min(1).max(200) }))
    .max(50)
    .optional(),
  maxLength: z.number().int().positive().max(FIELD_MAX_LIMIT).optional(),
  /** HTML autocomplete token (WCAG 1.3.5: the purpose of fields about the visitor). */
  autocomplete: z
    .string()
    .regex(/^[a-z][a-z -]{0,63}$/)
    .optional(),
});
export type FormFieldDefinition = z.infer<typeof formFieldDefinition>;

export const formFieldsDefinition = z
  .array(formFieldDefinition)
  .min(1)
  .max(50)
  .refine((fields) => new Set(fields.map((f) => f.name)).size === fields.length, { error: "field names must be unique" })
  .refine((fields) => fields.every((f) => f.type !== "select" || (f.options?.length ?? 0) > 0), { error: "a select needs options" });

export const goalSchema = z.object({
  goalType: z.enum(GOAL_TYPES),
  goal: z.string().max(500),
});
export type Goal = z.infer<typeof goalSchema>;

export type FormValues = Record<string, string | boolean>;

const CHECKED = new Set(["on", "true", "1"]);

/** An optional field may be left out entirely; it then reads as ''. */
const optionalText = (schema: z.ZodType<string>) => schema.optional().transform((v) => v ?? "");

function fieldSchema(field: FormFieldDefinition): z.ZodType<string | boolean> {
  const max = field.maxLength ?? FIELD_MAX_DEFAULT[field.type];
  switch (field.type) {
    case "checkbox": {
      // Browsers send "on" for a ticked box and nothing for an empty one; JSON clients send booleans.
      const checkbox = z
        .union([z.boolean(), z.string().max(max)], { error: V.invalid })
        .optional()
        .transform((v) => v === true || (typeof v === "string" && CHECKED.has(v)));
      return field.required ? checkbox.refine((v) => v, { error: V.required }) : checkbox;
    }
    case "email": {
      if (field.required) return emailField();
      return optionalText(
        z
          .string({ error: V.invalid })
          .trim()
          .max(max, { error: V.maxLength })
          .refine((v) => v === "" || z.email().safeParse(v).success, { error: V.email }),
      );
    }
    case "select": {
      const values = new Set((field.options ?? []).map((o) => o.value));
      const chosen = z
        .string({ error: V.required })
        .trim()
        .refine((v) => v === "" || values.has(v), { error: V.invalid });
      return field.required ? chosen.refine((v) => v !== "", { error: V.required }) : optionalText(chosen);
    }
    default: {
      const base = z.string({ error: V.required }).trim();
      let text = field.required ? base.min(1, { error: V.required }) : base;
      text = text.max(max, { error: V.maxLength });
      // Digits, spaces and the usual phone punctuation; an empty optional number passes.
      if (field.type === "tel") text = text.regex(/^$|^\+?[\d\s()/.-]{5,}$/, { error: V.invalid });
      return field.required ? text : optionalText(text);
    }
  }
}

/**
 * The one schema of a form's data, built from its definition: the platform checks storeData with
 * it and the storefront checks the form in the browser with it (SPEC §5 messages). Keys not in the
 * definition are dropped.
 */
export function formDataSchema(fields: readonly FormFieldDefinition[]): z.ZodType<FormValues> {
  const shape: Record<string, z.ZodType<string | boolean>> = {};
  for (const field of fields) shape[field.name] = fieldSchema(field);
  return z.object(shape) as unknown as z.ZodType<FormValues>;
}

export const formFilterBody = z.object({
  type: z.enum(FORM_TYPES).optional(),
  limit: z.number().int().min(1).max(100).default(10),
  page: z.number().int().min(1).default(1),
});
export type FormFilterBody = z.infer<typeof formFilterBody>;

export const formRefParams = z.object({ id: formRefField() });

const submittedValue = z.union([z.string().max(FIELD_MAX_LIMIT), z.boolean()]);
/** Ids of the consents a visitor ticked. */
export const consentIds = () => z.array(z.number().int().positive().max(2_147_483_647)).max(50).default([]);
/** The captcha answer: the ALTCHA payload, or the reCAPTCHA token when reCAPTCHA is configured. */
const captchaField = () => z.string().max(20_000).optional();

export const storeDataBody = z.object({
  id: z.union([z.number().int().positive().max(2_147_483_647), formRefField()]),
  data: z.record(z.string().max(64), submittedValue).refine((d) => Object.keys(d).length <= 50, { error: V.invalid }),
  /** Ids of the consents the visitor ticked. */
  consents: consentIds(),
  captcha: captchaField(),
});
export type StoreDataBody = z.infer<typeof storeDataBody>;

/** SPEC §7 contact/contactAdmin: the contact form without a definition. */
export const contactAdminBody = z.object({
  name: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(120, { error: V.maxLength }),
  email: emailField(),
  phone: z
    .string()
    .trim()
    .max(40, { error: V.maxLength })
    .regex(/^$|^\+?[\d\s()/.-]{5,}$/, { error: V.invalid })
    .optional(),
  subject: z.string().trim().max(200, { error: V.maxLength }).optional(),
  message: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(5000, { error: V.maxLength }),
  consents: consentIds(),
  captcha: captchaField(),
});
export type ContactAdminBody = z.infer<typeof contactAdminBody>;

export const newsletterSubscribeBody = z.object({
  email: emailField(),
  consents: consentIds(),
  captcha: captchaField(),
});
export type NewsletterSubscribeBody = z.infer<typeof newsletterSubscribeBody>;

export const confirmEmailParams = z.object({ token: z.string().min(1).max(200) });
