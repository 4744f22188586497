import type { ColumnType, Generated } from "kysely";

type Id = Generated<number>;
type Created = ColumnType<string, string | undefined, never>;

/** A form definition (SPEC §3 form types); its texts and fields live per language in form_translations. */
export interface FormsTable {
  id: Id;
  /** Stable, language-neutral name, e.g. `contact`; consents are assigned to it. */
  slug: string;
  type: string;
  status: "draft" | "published";
  /** Where submissions are mailed; null means the CMS option SendEmailTo. */
  send_email_to: string | null;
  /** Double opt-in: 'message' | 'url' | 'file', or null when submissions need no confirmation. */
  goal_type: string | null;
  created_at: Created;
  updated_at: string;
}

export interface FormTranslationsTable {
  id: Id;
  form_id: number;
  language_code: string;
  title: string;
  description: string | null;
  submit_label: string;
  success_message: string;
  /** The double opt-in goal in this language (a message, or an internal URL or file path). */
  goal: string | null;
  /** JSON array of field definitions (contracts formFieldDefinition). */
  fields: string;
}

/** One submitted form; data is the JSON of the values the definition allowed. */
export interface FormSubmissionsTable {
  id: Id;
  /** Null for contact/contactAdmin messages when no contact form is defined. */
  form_id: number | null;
  language_code: string;
  data: string;
  /** The submitter's address when the form asked for one. */
  email: string | null;
  /** JSON array of the consent ids the submitter ticked. */
  consent_ids: string;
  confirmed_at: string | null;
  created_at: Created;
}

export interface NewsletterSubscriptionsTable {
  id: Id;
  /** Lower-cased; one row per address. */
  email: string;
  language_code: string;
  consent_ids: string;
  /** Null until the address is confirmed by its link (double opt-in). */
  confirmed_at: string | null;
  created_at: Created;
  updated_at: string;
}

/** Single-use e-mailed confirmation links of forms and the newsletter; only the token's hash is kept. */
export interface EmailConfirmationsTable {
  id: Id;
  token_hash: string;
  email: string;
  language_code: string;
  goal_type: string;
  goal: string;
  submission_id: number | null;
  subscription_id: number | null;
  expires_at: string;
  used_at: string | null;
  created_at: Created;
}

/** Solved captcha challenges, so one solution is accepted once (kept until the challenge expires). */
export interface CaptchaSolutionsTable {
  id: Id;
  challenge_id: string;
  expires_at: string;
}

/** Tables of forms, submissions, newsletter subscriptions, e-mail confirmations and used captchas. */
export interface FormsTables {
  forms: FormsTable;
  form_translations: FormTranslationsTable;
  form_submissions: FormSubmissionsTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  email_confirmations: EmailConfirmationsTable;
  captcha_solutions: CaptchaSolutionsTable;
}
