import type { Executor } from "@shop/db";
import type { MailMessage } from "./mail.ts";

/** Keeps a message in the outbox table (mail without SMTP_URL). */
export async function insertOutboxMail(db: Executor, m: MailMessage): Promise<void> {
  await db
    .insertInto("outbox")
    .values({ to_address: m.to, subject: m.subject, text_body: m.text, html_body: m.html ?? null, created_at: new Date().toISOString() })
    .execute();
}
