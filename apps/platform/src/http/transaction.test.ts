import { cartAddBody } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "../modules/cart/cart.fixtures.ts";
import { addItem, getCart, newCartSession, setInstructions } from "../modules/cart/cart.service.ts";
import { sendMail } from "../shared/mail.ts";
import { createTestPlatform, type TestPlatform } from "../test-support.ts";
import { withTransaction } from "./transaction.ts";

let p: TestPlatform;
let productId: number;

beforeAll(async () => {
  p = await createTestPlatform();
  productId = await insertProduct(p.db, { name: "Šampon za transakcije", retailCents: 1299 });
});

afterAll(async () => {
  await p.close();
});

class Abandoned extends Error {}

describe("withTransaction", () => {
  it("lets two service calls write in one transaction that rolls back as a whole", async () => {
    const ctx = p.requestCtx();
    const session = await newCartSession(ctx);
    await expect(
      withTransaction(ctx, async (tx) => {
        const added = await addItem(tx, cartAddBody.parse({ ...session, productId, qty: 2 }));
        expect(added.itemCount).toBe(2);
        await setInstructions(tx, { ...session, instructions: "Ostaviti na recepciji" });
        // Inside, both writes are visible to the transaction itself.
        expect((await getCart(tx, { ...session, currencyId: 1 })).instructions).toBe("Ostaviti na recepciji");
        throw new Abandoned("a later step failed");
      }),
    ).rejects.toBeInstanceOf(Abandoned);
    const after = await getCart(ctx, { ...session, currencyId: 1 });
    expect(after.items).toEqual([]);
    expect(after.instructions).toBe("");
  });

  it("commits both writes when nothing fails, and a service alone still commits its own", async () => {
    const ctx = p.requestCtx();
    const session = await newCartSession(ctx);
    await withTransaction(ctx, async (tx) => {
      await addItem(tx, cartAddBody.parse({ ...session, productId }));
      await setInstructions(tx, { ...session, instructions: "Zvati prije dolaska" });
    });
    await setInstructions(ctx, { ...session, instructions: "Zvati prije dolaska!" });
    const after = await getCart(ctx, { ...session, currencyId: 1 });
    expect(after.itemCount).toBe(1);
    expect(after.instructions).toBe("Zvati prije dolaska!");
  });

  it("joins an open transaction instead of opening a second one", async () => {
    const ctx = p.requestCtx();
    await withTransaction(ctx, async (outer) => {
      await withTransaction(outer, async (inner) => {
        expect(inner.db).toBe(outer.db);
      });
    });
  });

  it("sends mail registered inside only after the commit, and none after a rollback", async () => {
    const ctx = p.requestCtx();
    const to = `tx-${Date.now()}@example.test`;
    await expect(
      withTransaction(ctx, async (tx) => {
        sendMail(tx, { to, subject: "Rolled back", text: "never sent" });
        throw new Abandoned("no");
      }),
    ).rejects.toBeInstanceOf(Abandoned);
    let sentBeforeCommit = true;
    await withTransaction(ctx, async (tx) => {
      sendMail(tx, { to, subject: "Committed", text: "sent once" });
      await new Promise((resolve) => setTimeout(resolve, 50));
      sentBeforeCommit = p.mails.some((m) => m.subject === "Committed");
    });
    expect(sentBeforeCommit).toBe(false);
    const mail = await p.waitForMail((m) => m.to.includes(to));
    expect(mail.subject).toBe("Committed");
    expect(p.mails.filter((m) => m.to.includes(to)).map((m) => m.subject)).toEqual(["Committed"]);
  });

  it("rolls the change back when its mail cannot be written into the outbox", async () => {
    const ctx = p.requestCtx();
    const session = await newCartSession(ctx);
    const unwritable = { to: `tx-${Date.now()}@example.test`, subject: "No body", text: null as unknown as string };
    await expect(
      withTransaction(ctx, async (tx) => {
        await setInstructions(tx, { ...session, instructions: "Lost with its mail" });
        sendMail(tx, unwritable);
      }),
    ).rejects.toThrow(/null/i);
    expect((await getCart(ctx, { ...session, currencyId: 1 })).instructions).toBe("");
  });
});
