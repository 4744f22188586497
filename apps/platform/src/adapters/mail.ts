import type { Executor } from "@shop/db";
import nodemailer from "nodemailer";
import { insertOutboxMail } from "./outbox.repository.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Real SMTP (SMTP_URL), e.g. smtp://user:pass@host:587. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(m) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
    },
  };
}

/** Without SMTP the mail is kept in the outbox table, where staff (and `npm start` users) can read it. */
export function outboxMailer(db: Executor): Mailer {
  return { send: (m) => insertOutboxMail(db, m) };
}
