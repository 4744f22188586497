import { createRequire } from "node:module";

/**
 * A file to attach, named by what makes it: the dispatcher renders it when the mail is sent, so the
 * change that wrote the mail does not wait on a PDF or a barcode (ADR 12). `cid` lets the HTML show
 * it inline (`<img src="cid:…">`).
 */
export interface AttachmentRecipe {
  render: string;
  input: unknown;
  filename: string;
  contentType: string;
  cid?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: AttachmentRecipe[];
}

/** Makes an attachment's bytes from its recipe's input; by name in the dispatcher's options. */
export type AttachmentRenderers = Readonly<Record<string, (input: unknown) => Promise<Buffer>>>;

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  cid?: string;
}

/** A mail as it goes out: its attachments made. */
export interface OutgoingMail extends Omit<MailMessage, "attachments"> {
  attachments: MailAttachment[];
}

/** The SMTP transport the mail dispatcher delivers through. */
export interface Mailer {
  send(message: OutgoingMail): Promise<void>;
}

/**
 * Real SMTP (SMTP_URL), e.g. smtp://user:pass@host:587. The timeouts keep one send well inside the
 * dispatcher's lease (nodemailer would wait up to 10 minutes on a silent server); the URL's own
 * settings take precedence.
 */
export function smtpMailer(url: string, from: string): Mailer {
  // Required here, not at the top: a shop without SMTP_URL never loads nodemailer (~5 MB of heap).
  const nodemailer = createRequire(import.meta.url)("nodemailer") as typeof import("nodemailer");
  const transport = nodemailer.createTransport({ url, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
  return {
    async send(m) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html, attachments: m.attachments });
    },
  };
}
