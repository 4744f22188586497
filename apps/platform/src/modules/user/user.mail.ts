import { type Locale, RESET_TOKEN_TTL_S, VERIFY_TOKEN_TTL_S } from "@shop/contracts";
import { t } from "@shop/i18n";
import type { MailMessage } from "../../adapters/mail.ts";
import { escapeHtml } from "../../shared/escape-html.ts";

interface LinkMailInput {
  to: string;
  /** The recipient's first name. */
  name: string;
  /** The shop's name, used to sign the mail. */
  site: string;
  link: string;
}

type LinkMailKind = "verify" | "reset" | "exists" | "emailChange" | "emailNotice";

/**
 * One layout for every link mail: greeting, intro, the link, validity (for links that expire), what
 * to do if unexpected, signature. `params` fill the intro's placeholders.
 */
function linkMail(
  locale: Locale,
  kind: LinkMailKind,
  input: LinkMailInput,
  validity: string | null,
  params?: Record<string, string>,
): MailMessage {
  const k = (key: string) => t(locale, `mail.${kind}.${key}`, params);
  const greeting = t(locale, "mail.greeting", { name: input.name });
  const signature = t(locale, "mail.signature");
  const note = validity === null ? [] : [validity];
  const text = [greeting, "", k("intro"), "", input.link, "", ...note, k("ignore"), "", signature, input.site].join("\n");
  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const html = [
    p(greeting),
    p(k("intro")),
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(k("action"))}</a></p>`,
    ...note.map(p),
    p(k("ignore")),
    `<p>${escapeHtml(signature)}<br>${escapeHtml(input.site)}</p>`,
  ].join("\n");
  return { to: input.to, subject: `${k("subject")} – ${input.site}`, text, html };
}

export function verificationMail(locale: Locale, input: LinkMailInput): MailMessage {
  const validity = t(locale, "mail.verify.validity", { days: Math.round(VERIFY_TOKEN_TTL_S / 86_400) });
  return linkMail(locale, "verify", input, validity);
}

export function passwordResetMail(locale: Locale, input: LinkMailInput): MailMessage {
  const validity = t(locale, "mail.reset.validity", { minutes: Math.round(RESET_TOKEN_TTL_S / 60) });
  return linkMail(locale, "reset", input, validity);
}

/** To the owner of an address someone tried to register again: no new account, a way to reset the password. */
export function accountExistsMail(locale: Locale, input: LinkMailInput): MailMessage {
  return linkMail(locale, "exists", input, null);
}

/** To the new address of an e-mail change: the change takes effect with this link. */
export function emailChangeMail(locale: Locale, input: LinkMailInput, ttlS: number): MailMessage {
  const validity = t(locale, "mail.emailChange.validity", { hours: Math.round(ttlS / 3600) });
  return linkMail(locale, "emailChange", input, validity);
}

/** To the old address of an e-mail change: what was asked, and how to take the account back if it was not the owner. */
export function emailChangeNoticeMail(locale: Locale, input: LinkMailInput, newEmail: string): MailMessage {
  return linkMail(locale, "emailNotice", input, null, { email: newEmail });
}
