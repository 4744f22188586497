import { CONFIRM_EMAIL_TTL_S, type Locale } from "@shop/contracts";
import { t } from "@shop/i18n";
import type { MailMessage } from "../../adapters/mail.ts";
import { escapeHtml } from "../../shared/escape-html.ts";

export interface SubmittedField {
  label: string;
  value: string | boolean;
}

export interface SubmissionMailInput {
  to: string;
  site: string;
  formTitle: string;
  fields: SubmittedField[];
  /** The submitter's address, so staff can answer. */
  replyTo: string | null;
  /** The language the visitor used (hr, en, de). */
  language: string;
}

/**
 * The staff's copy of a submission: every field with its label, in the site's language. Everything
 * a visitor typed is escaped before it goes into HTML (stored XSS into the staff's mailbox).
 */
export function submissionMail(locale: Locale, input: SubmissionMailInput): MailMessage {
  const shown = (v: string | boolean) => (typeof v === "boolean" ? t(locale, v ? "mail.form.yes" : "mail.form.no") : v || "–");
  const intro = t(locale, "mail.form.intro", { form: input.formTitle });
  const language = t(locale, "mail.form.language", { language: input.language });
  const reply = input.replyTo ? t(locale, "mail.form.replyTo", { email: input.replyTo }) : null;
  const text = [
    intro,
    "",
    ...input.fields.map((f) => `${f.label}:\n${shown(f.value)}\n`),
    language,
    ...(reply ? [reply] : []),
    "",
    input.site,
  ].join("\n");
  const rows = input.fields
    .map(
      (f) =>
        `<tr><th style="text-align:left;vertical-align:top;padding:4px 12px 4px 0">${escapeHtml(f.label)}</th>` +
        `<td style="white-space:pre-wrap;padding:4px 0">${escapeHtml(shown(f.value))}</td></tr>`,
    )
    .join("\n");
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<table>${rows}</table>`,
    `<p>${escapeHtml(language)}${reply ? `<br>${escapeHtml(reply)}` : ""}</p>`,
    `<p>${escapeHtml(input.site)}</p>`,
  ].join("\n");
  return { to: input.to, subject: `${t(locale, "mail.form.subject", { form: input.formTitle })} – ${input.site}`, text, html };
}

export interface ConfirmationMailInput {
  to: string;
  site: string;
  link: string;
  /** The form's title; absent for the newsletter. */
  formTitle?: string;
}

/** The double opt-in mail: one link, how long it works, and what to do if it was not you. */
export function confirmationMail(locale: Locale, kind: "form" | "newsletter", input: ConfirmationMailInput): MailMessage {
  const k = (key: string, params?: Record<string, string | number>) =>
    t(locale, `mail.${kind === "form" ? "confirm" : "newsletter"}.${key}`, params);
  const intro = k("intro", { form: input.formTitle ?? "" });
  const action = t(locale, "mail.confirm.action");
  const validity = t(locale, "mail.confirm.validity", { days: Math.round(CONFIRM_EMAIL_TTL_S / 86_400) });
  const signature = t(locale, "mail.signature");
  const text = [intro, "", input.link, "", validity, k("ignore"), "", signature, input.site].join("\n");
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(action)}</a></p>`,
    `<p>${escapeHtml(validity)}</p>`,
    `<p>${escapeHtml(k("ignore"))}</p>`,
    `<p>${escapeHtml(signature)}<br>${escapeHtml(input.site)}</p>`,
  ].join("\n");
  return { to: input.to, subject: `${k("subject")} – ${input.site}`, text, html };
}
