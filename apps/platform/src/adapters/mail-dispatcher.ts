import type { Executor } from "@shop/db";
import type { Logger } from "../http/logger.ts";
import type { AttachmentRecipe, AttachmentRenderers, MailAttachment, Mailer, MailMessage } from "./mail.ts";
import { type ClaimedMail, claimMail, dueMailIds, insertOutboxMail, type MailOutcome, settleMail } from "./outbox.repository.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const BATCH = 20;
const ERROR_LENGTH = 500;

/** Before retry n: 5 s, 30 s, 2 min, 10 min, then hourly. A blip costs seconds; a long outage an attempt an hour. */
export function retryDelayMs(attempt: number): number {
  return [5 * SECOND, 30 * SECOND, 2 * MINUTE, 10 * MINUTE][attempt - 1] ?? HOUR;
}

export interface MailDispatcherOptions {
  /** The database itself: each claim and outcome is a small change of its own. */
  db: Executor;
  /** SMTP; null without SMTP_URL: every mail is kept in the outbox for staff to read, none is sent. */
  mailer: Mailer | null;
  logger: Logger;
  /** How often due mail is looked for between kicks: retries, and mail of a dispatcher that stopped. */
  pollMs?: number;
  /** How long a claim holds. Well above the slowest send (SMTP timeouts), or a mail could go out twice. */
  leaseMs?: number;
  retryDelayMs?: (attempt: number) => number;
  /** A mail still failing this long after it was written is given up as failed. */
  giveUpAfterMs?: number;
  /** What makes the attachments mail names (a name without a renderer fails the send, and is retried). */
  renderers?: AttachmentRenderers;
}

/** Delivers mail from the outbox table (ADR 12). */
export interface MailDispatcher {
  /** Writes the message through `db`, the caller's transaction: committed with it, or not at all. */
  enqueue(db: Executor, message: MailMessage): Promise<void>;
  /** A written mail waits: deliver now rather than at the next poll. */
  kick(): void;
  /** Stops polling; resolves once the mail being sent is settled. No timer is left behind. */
  stop(): Promise<void>;
}

const nowIso = () => new Date().toISOString();

export function createMailDispatcher(options: MailDispatcherOptions): MailDispatcher {
  if (!options.mailer) return { enqueue: (tx, message) => insertOutboxMail(tx, message, "kept", nowIso()), kick() {}, async stop() {} };
  return smtpDispatcher(options.mailer, options);
}

function smtpDispatcher(mailer: Mailer, options: MailDispatcherOptions): MailDispatcher {
  const { db, logger } = options;
  const pollMs = options.pollMs ?? 5 * SECOND;
  const leaseMs = options.leaseMs ?? 5 * MINUTE;
  const delayOf = options.retryDelayMs ?? retryDelayMs;
  const giveUpAfterMs = options.giveUpAfterMs ?? 2 * 24 * HOUR;

  let stopped = false;
  let kicked = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;

  async function deliver(id: number): Promise<void> {
    const claimedAt = Date.now();
    const leaseUntil = new Date(claimedAt + leaseMs).toISOString();
    const mail = await claimMail(db, id, new Date(claimedAt).toISOString(), leaseUntil);
    if (!mail) return; // Another dispatcher was first.
    try {
      await mailer.send({ ...mail, attachments: await render(mail.attachments ?? []) });
    } catch (err) {
      await settleFailure(mail, leaseUntil, errorText(err));
      return;
    }
    await settle(mail, leaseUntil, { status: "sent", sent_at: nowIso() });
    if (mail.attempts > 1) logger.info({ event: "mail.sent", outboxId: mail.id, subject: mail.subject, attempt: mail.attempts });
  }

  function render(recipes: readonly AttachmentRecipe[]): Promise<MailAttachment[]> {
    return Promise.all(
      recipes.map(async ({ render: name, input, ...file }) => {
        const renderer = options.renderers?.[name];
        if (!renderer) throw new Error(`no renderer for the attachment ${name}`);
        return { ...file, content: await renderer(input) };
      }),
    );
  }

  async function settleFailure(mail: ClaimedMail, leaseUntil: string, error: string): Promise<void> {
    const line = { outboxId: mail.id, subject: mail.subject, attempt: mail.attempts, error };
    if (Date.now() - Date.parse(mail.createdAt) >= giveUpAfterMs) {
      if (await settle(mail, leaseUntil, { status: "failed", last_error: error })) logger.error({ event: "mail.failed", ...line });
      return;
    }
    const next = new Date(Date.now() + delayOf(mail.attempts)).toISOString();
    if (await settle(mail, leaseUntil, { status: "pending", next_attempt_at: next, last_error: error })) {
      logger.error({ event: "mail.retry", ...line, nextAttemptAt: next });
    }
  }

  async function settle(mail: ClaimedMail, leaseUntil: string, outcome: MailOutcome): Promise<boolean> {
    const ours = await settleMail(db, mail.id, leaseUntil, outcome);
    // The send outlasted the lease and another dispatcher took the mail over: it may go out twice.
    if (!ours) logger.error({ event: "mail.leaseLost", outboxId: mail.id, subject: mail.subject, outcome: outcome.status });
    return ours;
  }

  async function drain(): Promise<void> {
    for (;;) {
      const ids = await dueMailIds(db, nowIso(), BATCH);
      if (ids.length === 0) return;
      for (const id of ids) {
        if (stopped) return;
        await deliver(id);
      }
    }
  }

  async function run(): Promise<void> {
    // Always awaits at least once, so `running` is set before it is cleared below.
    while (kicked && !stopped) {
      kicked = false;
      try {
        await drain();
      } catch (err) {
        // The database is unreachable: the mail waits in the outbox for the next poll.
        logger.error({ event: "mail.dispatchFailed", error: errorText(err) });
      }
    }
    running = null;
    if (!stopped) timer = setTimeout(kick, pollMs).unref();
  }

  function kick(): void {
    if (stopped) return;
    kicked = true;
    if (running) return;
    clearTimeout(timer);
    running = run();
  }

  // Mail left by an earlier run (or another instance) goes out now, not at the first poll.
  kick();

  return {
    enqueue: (tx, message) => insertOutboxMail(tx, message, "pending", nowIso()),
    kick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

function errorText(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, ERROR_LENGTH);
}
