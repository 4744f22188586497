import type { MailMessage } from "../adapters/mail.ts";
import type { RequestCtx } from "../http/context.ts";

/**
 * Sends through the mail adapter once the change commits (never for one rolled back), after the
 * answer: a slow or failing SMTP server neither delays nor fails the request; a failure is logged.
 */
export function sendMail(ctx: RequestCtx, message: MailMessage): void {
  ctx.afterCommit(() => {
    ctx.mailer.send(message).catch((err: unknown) => {
      ctx.logger.error({ requestId: ctx.requestId, event: "mail.failed", subject: message.subject, error: String(err) });
    });
  });
}
