import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The SMTP transport the mail dispatcher delivers through. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Real SMTP (SMTP_URL), e.g. smtp://user:pass@host:587. The timeouts keep one send well inside the
 * dispatcher's lease (nodemailer would wait up to 10 minutes on a silent server); the URL's own
 * settings take precedence.
 */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
  return {
    async send(m) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
    },
  };
}
