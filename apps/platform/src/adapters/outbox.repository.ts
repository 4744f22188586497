import type { Database, Executor } from "@shop/db";
import type { ExpressionBuilder } from "kysely";
import type { AttachmentRecipe, MailMessage } from "./mail.ts";

/** A mail a dispatcher has claimed: its message, and what decides its retry. */
export interface ClaimedMail extends MailMessage {
  id: number;
  attempts: number;
  createdAt: string;
}

/** Writes a message through `db` (the caller's transaction): pending and due at once, or kept for staff to read. */
export async function insertOutboxMail(db: Executor, m: MailMessage, status: "pending" | "kept", now: string): Promise<void> {
  await db
    .insertInto("outbox")
    .values({
      to_address: m.to,
      subject: m.subject,
      text_body: m.text,
      html_body: m.html ?? null,
      attachments: m.attachments?.length ? JSON.stringify(m.attachments) : null,
      created_at: now,
      status,
      next_attempt_at: status === "pending" ? now : null,
    })
    .execute();
}

/** Due: pending and its time has come, or claimed by a dispatcher whose lease ran out (it stopped mid-send). */
const due = (now: string) => (eb: ExpressionBuilder<Database, "outbox">) =>
  eb.or([
    eb.and([eb("status", "=", "pending"), eb("next_attempt_at", "<=", now)]),
    eb.and([eb("status", "=", "sending"), eb("claimed_until", "<=", now)]),
  ]);

/** The oldest due mail, a batch at a time. */
export async function dueMailIds(db: Executor, now: string, limit: number): Promise<number[]> {
  const rows = await db.selectFrom("outbox").select("id").where(due(now)).orderBy("next_attempt_at").orderBy("id").limit(limit).execute();
  return rows.map((r) => r.id);
}

/**
 * Claims one mail until `leaseUntil` and counts the attempt. The condition is checked again by the
 * update itself, so of two dispatchers that saw the same due mail only one gets it; undefined for
 * the other.
 */
export async function claimMail(db: Executor, id: number, now: string, leaseUntil: string): Promise<ClaimedMail | undefined> {
  const row = await db
    .updateTable("outbox")
    .set((eb) => ({ status: "sending", claimed_until: leaseUntil, attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .where(due(now))
    .returning(["id", "to_address", "subject", "text_body", "html_body", "attachments", "attempts", "created_at"])
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    ...(row.html_body === null ? {} : { html: row.html_body }),
    ...(row.attachments === null ? {} : { attachments: JSON.parse(row.attachments) as AttachmentRecipe[] }),
    attempts: row.attempts,
    createdAt: row.created_at,
  };
}

/** What became of a claimed mail: sent, due again later, or given up. */
export type MailOutcome =
  | { status: "sent"; sent_at: string }
  | { status: "pending"; next_attempt_at: string; last_error: string }
  | { status: "failed"; last_error: string };

/**
 * Records what became of a claimed mail, only while the claim is still ours (its lease unchanged):
 * false when the lease ran out and another dispatcher claimed the mail again.
 */
export async function settleMail(db: Executor, id: number, leaseUntil: string, outcome: MailOutcome): Promise<boolean> {
  const result = await db
    .updateTable("outbox")
    .set({ ...outcome, claimed_until: null })
    .where("id", "=", id)
    .where("status", "=", "sending")
    .where("claimed_until", "=", leaseUntil)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Every mail to the address, sent or waiting: the copies name the person and tell what they did.
 * One a dispatcher is sending this moment stays (it is on its way, and its dispatcher settles it).
 */
export async function deleteMailTo(db: Executor, address: string): Promise<void> {
  await db
    .deleteFrom("outbox")
    .where((eb) => eb(eb.fn("lower", ["to_address"]), "=", address.toLowerCase()))
    .where("status", "!=", "sending")
    .execute();
}

/** The mails written to an address whose subject names `text` (an order's number), oldest first. */
export function mailsAbout(db: Executor, address: string, text: string) {
  return db
    .selectFrom("outbox")
    .select(["subject", "status", "created_at", "sent_at"])
    .where("to_address", "=", address)
    .where("subject", "like", `%${text}%`)
    .orderBy("id")
    .execute();
}

/** The newest mails first, for a person reading the outbox (`npm run outbox`). */
export function latestMails(db: Executor, limit: number) {
  return db
    .selectFrom("outbox")
    .select(["id", "created_at", "status", "to_address", "subject"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** One mail whole, with what became of it. */
export function mailById(db: Executor, id: number) {
  return db
    .selectFrom("outbox")
    .select(["id", "created_at", "status", "to_address", "subject", "text_body", "attachments", "attempts", "last_error", "sent_at"])
    .where("id", "=", id)
    .executeTakeFirst();
}
