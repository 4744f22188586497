import { type Locale, RESET_TOKEN_TTL_S, VERIFY_TOKEN_TTL_S } from "@shop/contracts";
import { t } from "@shop/i18n";
import type { MailMessage } from "../../adapters/mail.ts";

interface LinkMailInput {
  to: string;
  /** The recipient's first name. */
  name: string;
  /** The shop's name, used to sign the mail. */
  site: string;
  link: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

/** One layout for every link mail: greeting, intro, the link, validity, what to do if unexpected, signature. */
function linkMail(locale: Locale, kind: "verify" | "reset", input: LinkMailInput, validity: string): MailMessage {
  const k = (key: string) => t(locale, `mail.${kind}.${key}`);
  const greeting = t(locale, "mail.greeting", { name: input.name });
  const signature = t(locale, "mail.signature");
  const text = [greeting, "", k("intro"), "", input.link, "", validity, k("ignore"), "", signature, input.site].join("\n");
  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const html = [
    p(greeting),
    p(k("intro")),
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(k("action"))}</a></p>`,
    p(validity),
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
