import { createTestDb } from "@shop/db/testing.ts";
import { describe, expect, it } from "vitest";
import { outboxMailer } from "./mail.ts";

describe("outbox mailer", () => {
  it("keeps the message in the outbox table when no SMTP server is configured", async () => {
    const handle = await createTestDb();
    try {
      await outboxMailer(handle.db).send({ to: "ana@example.hr", subject: "Potvrda", text: "Pozdrav", html: "<p>Pozdrav</p>" });
      const rows = await handle.db.selectFrom("outbox").selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        to_address: "ana@example.hr",
        subject: "Potvrda",
        text_body: "Pozdrav",
        html_body: "<p>Pozdrav</p>",
      });
    } finally {
      await handle.destroy();
    }
  });
});
