import type { Executor } from "@shop/db";
import type { AttachmentRecipe } from "@shop/platform/adapters/mail.ts";
import { latestMails, mailById } from "@shop/platform/adapters/outbox.repository.ts";

export const OUTBOX_LIMIT_DEFAULT = 50;

/** The outbox's newest mails as a table: id, time, status, to, subject. */
export async function listOutbox(db: Executor, limit: number): Promise<string> {
  const mails = await latestMails(db, limit);
  if (mails.length === 0) return "The outbox holds no mail.\n";
  const rows = mails.map((m) => [String(m.id), m.created_at, m.status, m.to_address, m.subject]);
  const header = ["id", "time", "status", "to", "subject"];
  // Every column but the last (the subject) padded to its widest cell.
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  const more = mails.length === limit ? `(the newest ${limit}; --limit <n> for more, --show <id> for one mail's text)\n` : "";
  return `${[line(header), ...rows.map(line)].join("\n")}\n${more}`;
}

/** One mail as a person reads it: its headers, what became of it, and its text; undefined when there is none with the id. */
export async function showMail(db: Executor, id: number): Promise<string | undefined> {
  const mail = await mailById(db, id);
  if (!mail) return undefined;
  const attachments = mail.attachments === null ? [] : (JSON.parse(mail.attachments) as AttachmentRecipe[]).map((a) => a.filename);
  const headers = [
    `Mail ${mail.id}`,
    `Time:     ${mail.created_at}`,
    `Status:   ${mail.status}${mail.sent_at ? ` (sent ${mail.sent_at})` : ""}, ${mail.attempts} attempt(s)`,
    ...(mail.last_error ? [`Error:    ${mail.last_error}`] : []),
    `To:       ${mail.to_address}`,
    `Subject:  ${mail.subject}`,
    ...(attachments.length ? [`Attached: ${attachments.join(", ")}`] : []),
  ];
  return `${headers.join("\n")}\n\n${mail.text_body.trimEnd()}\n`;
}
