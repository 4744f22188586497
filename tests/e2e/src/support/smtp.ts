import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";

export interface Mail {
  to: string[];
  raw: string;
}

/** Decodes the quoted-printable parts nodemailer writes, enough to read texts and links. */
function readable(raw: string): string {
  const bytes = raw.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/**
 * A real SMTP server on loopback for one test file. Call it before useJourney: its beforeAll runs
 * first, so the shop starts with SMTP_URL (in `env`) pointing here.
 */
export function useSmtpInbox() {
  const mails: Mail[] = [];
  const env: Record<string, string> = {};
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: readable(Buffer.concat(chunks).toString("latin1")) });
        callback();
      });
    },
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  async function waitForMail(test: (mail: Mail) => boolean, timeoutMs = 15_000): Promise<Mail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mails.find(test);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching mail within ${timeoutMs} ms (got ${mails.length})`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  return { env, waitForMail };
}
