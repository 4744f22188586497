import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTransaction } from "../http/transaction.ts";
import { createTestPlatform, type TestPlatform } from "../test-support.ts";
import { sendMail } from "./mail.ts";

let p: TestPlatform;

beforeAll(async () => {
  p = await createTestPlatform();
});

afterAll(async () => {
  await p.close();
});

class Abandoned extends Error {}

const outboxRows = (to: string) => p.db.selectFrom("outbox").select(["subject", "status"]).where("to_address", "=", to).execute();

describe("sendMail", () => {
  it("writes the mail in the caller's change: none for a change rolled back, sent after one committed", async () => {
    const ctx = p.requestCtx();
    const to = `outbox-${Date.now()}@example.test`;
    await expect(
      withTransaction(ctx, async (tx) => {
        sendMail(tx, { to, subject: "Rolled back", text: "never written" });
        throw new Abandoned("a later step failed");
      }),
    ).rejects.toBeInstanceOf(Abandoned);
    await withTransaction(ctx, async (tx) => {
      sendMail(tx, { to, subject: "Committed", text: "written with the change" });
    });
    await p.waitForMail((m) => m.to.includes(to));
    await expect.poll(() => outboxRows(to)).toEqual([{ subject: "Committed", status: "sent" }]);
    expect(p.mails.filter((m) => m.to.includes(to)).map((m) => m.subject)).toEqual(["Committed"]);
  });

  it("writes and sends a mail of no change on its own", async () => {
    const to = `alone-${Date.now()}@example.test`;
    sendMail(p.requestCtx(), { to, subject: "Alone", text: "no transaction" });
    await p.waitForMail((m) => m.to.includes(to));
    await expect.poll(() => outboxRows(to)).toEqual([{ subject: "Alone", status: "sent" }]);
  });
});
