import type { MailMessage } from "../adapters/mail.ts";
import { deleteMailTo, mailsAbout } from "../adapters/outbox.repository.ts";
import type { RequestCtx } from "../http/context.ts";
import { withTransaction } from "../http/transaction.ts";

/**
 * Writes the mail into the outbox as part of the caller's change (ADR 12): a change that commits
 * cannot lose its mail, one rolled back sends none. After the commit the dispatcher is kicked, so
 * the mail still goes out at once; while SMTP fails it is retried from the outbox. Called outside
 * a change, the mail is written on its own, without holding up the answer.
 */
export function sendMail(ctx: RequestCtx, message: MailMessage): void {
  if (ctx.beforeCommit) {
    ctx.beforeCommit(() => ctx.mail.enqueue(ctx.db, message));
    ctx.afterCommit(() => ctx.mail.kick());
    return;
  }
  ctx.mail.enqueue(ctx.db, message).then(
    () => ctx.mail.kick(),
    (err: unknown) =>
      ctx.logger.error({ requestId: ctx.requestId, event: "mail.notWritten", subject: message.subject, error: String(err) }),
  );
}

/** A deleted account's mail: the outbox keeps no copy of what went, and sends nothing more, to its address. */
export async function forgetMailTo(ctx: RequestCtx, address: string): Promise<void> {
  await withTransaction(ctx, (tx) => deleteMailTo(tx.db, address));
}

/** What the outbox wrote to an address about something its subject names (an order's number): for staff. */
export function mailsSentAbout(ctx: RequestCtx, address: string, text: string) {
  return mailsAbout(ctx.db, address, text);
}
