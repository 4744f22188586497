import { createServer } from "node:net";
import type { Db } from "@shop/db";
import { createTestDb } from "@shop/db/testing.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../http/logger.ts";
import { startSmtpServer, TEST_MAIL_FROM, type TestSmtpServer } from "../test-support.ts";
import { smtpMailer } from "./mail.ts";
import { createMailDispatcher, type MailDispatcher, type MailDispatcherOptions, retryDelayMs } from "./mail-dispatcher.ts";
import { claimMail, insertOutboxMail } from "./outbox.repository.ts";

let handle: Db;
let logs: Record<string, unknown>[];
const cleanups: (() => Promise<void>)[] = [];

const logger = () => createLogger((line) => logs.push(JSON.parse(line) as Record<string, unknown>));

/** A dispatcher with short waits, so a test waits for outcomes instead of minutes. */
function dispatcher(smtpUrl: string | null, options: Partial<MailDispatcherOptions> = {}): MailDispatcher {
  const created = createMailDispatcher({
    db: handle.db,
    mailer: smtpUrl ? smtpMailer(smtpUrl, TEST_MAIL_FROM) : null,
    logger: logger(),
    pollMs: 10,
    retryDelayMs: () => 20,
    ...options,
  });
  cleanups.push(() => created.stop());
  return created;
}

async function smtpServer(options: Parameters<typeof startSmtpServer>[0] = {}): Promise<TestSmtpServer> {
  const server = await startSmtpServer(options);
  cleanups.unshift(() => server.close());
  return server;
}

/** A loopback port with nothing listening on it (yet). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function until(condition: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const message = (subject: string) => ({ to: "ana@example.hr", subject, text: `Pozdrav (${subject})`, html: `<p>${subject}</p>` });
const rowOf = (subject: string) => handle.db.selectFrom("outbox").selectAll().where("subject", "=", subject).executeTakeFirstOrThrow();
const received = (smtp: TestSmtpServer, subject: string) => smtp.mails.filter((m) => m.subject === subject).length;
const logged = (event: string) => logs.filter((l) => l.event === event);

/** The caller's change: the mail is written in its transaction. */
async function commitMail(d: MailDispatcher, subject: string): Promise<void> {
  await handle.db.transaction().execute((trx) => d.enqueue(trx, message(subject)));
  d.kick();
}

describe("retry delays", () => {
  it("are 5 s, 30 s, 2 min and 10 min before the first retries, then an hour each", () => {
    expect([1, 2, 3, 4, 5, 6, 30].map(retryDelayMs)).toEqual([5_000, 30_000, 120_000, 600_000, 3_600_000, 3_600_000, 3_600_000]);
  });
});

describe("mail dispatcher", () => {
  beforeEach(async () => {
    handle = await createTestDb();
    logs = [];
  });

  afterEach(async () => {
    // Dispatchers first, then the SMTP servers they talk to, then the database.
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await handle.destroy();
  });

  it("sends nothing for a change that rolled back: its mail was never written", async () => {
    const smtp = await smtpServer();
    const d = dispatcher(smtp.url);
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await d.enqueue(trx, message("Rolled back"));
        throw new Error("a later step failed");
      }),
    ).rejects.toThrow("a later step failed");
    await commitMail(d, "Committed");
    await until(() => received(smtp, "Committed") === 1, "the committed mail");
    await d.stop();
    expect(smtp.mails.map((m) => m.subject)).toEqual(["Committed"]);
    expect(await handle.db.selectFrom("outbox").select("subject").execute()).toEqual([{ subject: "Committed" }]);
  });

  it("delivers once, later, a mail written while nothing listened on the SMTP port", async () => {
    const port = await closedPort();
    const d = dispatcher(`smtp://127.0.0.1:${port}`);
    await commitMail(d, "Potvrda narudžbe");
    await until(async () => (await rowOf("Potvrda narudžbe")).attempts >= 2, "two failed attempts");
    expect((await rowOf("Potvrda narudžbe")).last_error).toContain("ECONNREFUSED");

    const smtp = await smtpServer({ port });
    await until(async () => (await rowOf("Potvrda narudžbe")).status === "sent", "the mail sent");
    await d.stop();
    expect(received(smtp, "Potvrda narudžbe")).toBe(1);
    const row = await rowOf("Potvrda narudžbe");
    expect(row.sent_at).not.toBeNull();
    expect(row.claimed_until).toBeNull();
    // One line for each failed attempt, naming the mail and the next try.
    expect(logged("mail.retry")).toHaveLength(row.attempts - 1);
    expect(logged("mail.retry")[0]).toMatchObject({ level: "error", outboxId: row.id, subject: "Potvrda narudžbe", attempt: 1 });
    expect(logged("mail.retry")[0]?.nextAttemptAt).toEqual(expect.any(String));
    expect(logged("mail.sent")).toEqual([expect.objectContaining({ outboxId: row.id, attempt: row.attempts })]);
  });

  it("retries a mail the SMTP server refused with a temporary error until it takes it, and sends it once", async () => {
    let refusing = true;
    const smtp = await smtpServer({ refuse: () => (refusing ? "Greylisted, try again later" : null) });
    const d = dispatcher(smtp.url);
    await commitMail(d, "Nova lozinka");
    await until(() => logged("mail.retry").length >= 2, "two refusals");
    expect((await rowOf("Nova lozinka")).last_error).toContain("451");
    refusing = false;
    await until(async () => (await rowOf("Nova lozinka")).status === "sent", "the mail sent");
    await d.stop();
    expect(received(smtp, "Nova lozinka")).toBe(1);
    expect(smtp.mails[0]).toMatchObject({ to: ["ana@example.hr"], text: "Pozdrav (Nova lozinka)" });
  });

  it("delivers each mail exactly once when two dispatchers share the database", async () => {
    const smtp = await smtpServer();
    const subjects = Array.from({ length: 30 }, (_, i) => `Narudžba ${i + 1}`);
    for (const subject of subjects) await insertOutboxMail(handle.db, message(subject), "pending", new Date().toISOString());
    // Each starts on the due mail at once: they race for the same rows.
    const first = dispatcher(smtp.url);
    const second = dispatcher(smtp.url);
    await until(
      async () => (await handle.db.selectFrom("outbox").select("id").where("status", "!=", "sent").execute()).length === 0,
      "all sent",
    );
    await Promise.all([first.stop(), second.stop()]);
    expect(smtp.mails.map((m) => m.subject).sort()).toEqual([...subjects].sort());
  });

  it("sends a mail whose dispatcher stopped between claiming and sending once its lease runs out, and not before", async () => {
    const smtp = await smtpServer();
    await insertOutboxMail(handle.db, message("Lease ran out"), "pending", new Date().toISOString());
    await insertOutboxMail(handle.db, message("Lease holds"), "pending", new Date().toISOString());
    // A dispatcher claimed both and its process stopped before sending either.
    const now = new Date();
    const shortLease = new Date(now.getTime() + 20).toISOString();
    const longLease = new Date(now.getTime() + 3_600_000).toISOString();
    expect(await claimMail(handle.db, (await rowOf("Lease ran out")).id, now.toISOString(), shortLease)).toBeDefined();
    expect(await claimMail(handle.db, (await rowOf("Lease holds")).id, now.toISOString(), longLease)).toBeDefined();
    await until(() => Date.now() > Date.parse(shortLease), "the short lease over");

    const other = dispatcher(smtp.url);
    await until(async () => (await rowOf("Lease ran out")).status === "sent", "the mail sent by the other dispatcher");
    await other.stop();
    expect(received(smtp, "Lease ran out")).toBe(1);
    expect((await rowOf("Lease ran out")).attempts).toBe(2);
    expect(received(smtp, "Lease holds")).toBe(0);
    expect(await rowOf("Lease holds")).toMatchObject({ status: "sending", claimed_until: longLease });
  });

  it("gives a mail up as failed once it is too old, with one clear line", async () => {
    const smtp = await smtpServer({ refuse: () => "Mailbox busy" });
    const d = dispatcher(smtp.url, { giveUpAfterMs: 0 });
    await commitMail(d, "Predugo");
    await until(async () => (await rowOf("Predugo")).status === "failed", "the mail given up");
    await d.stop();
    const row = await rowOf("Predugo");
    expect(row).toMatchObject({ attempts: 1, claimed_until: null, sent_at: null, last_error: expect.stringContaining("Mailbox busy") });
    expect(logged("mail.retry")).toEqual([]);
    expect(logged("mail.failed")).toEqual([
      expect.objectContaining({ level: "error", outboxId: row.id, subject: "Predugo", error: expect.stringContaining("451") }),
    ]);
  });

  it("makes the attachments a mail names when it sends it, and retries while it has no renderer for one", async () => {
    const smtp = await smtpServer();
    const attachment = { render: "greeting", input: { name: "Ana" }, filename: "pozdrav.txt", contentType: "text/plain" };
    const first = dispatcher(smtp.url);
    await handle.db.transaction().execute((trx) => first.enqueue(trx, { ...message("privitak"), attachments: [attachment] }));
    first.kick();
    await until(async () => (await rowOf("privitak")).attempts >= 1 && (await rowOf("privitak")).status === "pending", "a failed try");
    expect((await rowOf("privitak")).last_error).toBe("no renderer for the attachment greeting");
    expect(received(smtp, "privitak")).toBe(0);
    await first.stop();

    const renderers = { greeting: async (input: unknown) => Buffer.from(`Bok, ${(input as { name: string }).name}!`) };
    dispatcher(smtp.url, { renderers }).kick();
    await until(() => received(smtp, "privitak") === 1, "the mail with its attachment");
    const [mail] = smtp.mails.filter((m) => m.subject === "privitak");
    expect(mail?.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([["pozdrav.txt", "Bok, Ana!"]]);
  });

  it("keeps the mail without SMTP, and a dispatcher with SMTP never sends kept mail", async () => {
    const keeping = dispatcher(null);
    await commitMail(keeping, "Potvrda");
    await keeping.stop();
    expect(await rowOf("Potvrda")).toMatchObject({
      to_address: "ana@example.hr",
      text_body: "Pozdrav (Potvrda)",
      html_body: "<p>Potvrda</p>",
      status: "kept",
      attempts: 0,
      next_attempt_at: null,
    });

    const smtp = await smtpServer();
    const sending = dispatcher(smtp.url);
    // Stopping waits for the pass it started with: it found nothing to send.
    await sending.stop();
    expect(smtp.mails).toEqual([]);
    expect((await rowOf("Potvrda")).status).toBe("kept");
  });
});
