import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttachmentRecipe } from "../../adapters/mail.ts";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { pdfTextLines } from "../bank-transfer/bank-transfer.test-support.ts";
import { insertProduct } from "../cart/cart.fixtures.ts";
import { deliverDueReceipts } from "../receipts/index.ts";
import { orderMailAttachments, settle } from "./index.ts";
import { insertCheckoutSetup, paidEvidence, placeTestOrder } from "./orders.fixtures.ts";

/**
 * The fiscalised receipt reaches the customer as a PDF attached to the order's mail: a transfer's
 * confirmation when it is placed, a card order's once its payment is settled (a repeated settle
 * mails nothing more). The PDF is made when the mail is sent, so it carries the JIR once CIS has answered.
 */

// Intl puts a no-break space between amount and currency, and Croatian a minus sign; the reader sees them so.
const textOf = (pdf: Buffer) => pdfTextLines(pdf).map((line) => line.replace(/\u00a0/g, " "));

describe("the receipt in the order mail", () => {
  let p: TestPlatform;
  let product: number;

  beforeAll(async () => {
    p = await createTestPlatform({ fiscal: true });
    await insertCheckoutSetup(p.db);
    product = await insertProduct(p.db, { retailCents: 1250, stock: 1000, name: "Pjena za pranje" });
  });
  afterAll(() => p.close());

  const receiptOf = (orderId: number) => p.db.selectFrom("receipts").selectAll().where("order_id", "=", orderId).executeTakeFirstOrThrow();
  const pdfs = (mail: { attachments: { contentType: string; filename: string; content: Buffer }[] }) =>
    mail.attachments.filter((a) => a.contentType === "application/pdf");

  it("attaches a transfer order's receipt beside the slip, with its number, total and ZKI", async () => {
    const { order } = await placeTestOrder(p, { product, payment: "bankTransfer", email: "prijenos@example.hr" });
    const receipt = await receiptOf(order.id);
    const mail = await p.waitForMail((m) => m.to.includes("prijenos@example.hr") && m.subject.includes(order.number));
    expect(mail.text).toContain("Fiskalizirani račun je u privitku.");
    expect(pdfs(mail).map((a) => a.filename)).toEqual([`uplatnica-${order.number}.pdf`, `racun-${receipt.sequence}-WEB1-1.pdf`]);
    const text = textOf(pdfs(mail)[1]?.content ?? Buffer.alloc(0));
    expect(text).toEqual(
      expect.arrayContaining([
        `Račun ${receipt.sequence}/WEB1/1`,
        `Narudžba: ${order.number}`,
        "Pjena za pranje",
        "25,00 EUR",
        "Način plaćanja: Transakcijski račun",
        `ZKI: ${receipt.zki}`,
      ]),
    );
  });

  it("renders the receipt when the mail is sent: after CIS answered, the same recipe carries the JIR", async () => {
    const { order } = await placeTestOrder(p, { product, payment: "bankTransfer", email: "kasnije@example.hr" });
    const outbox = await p.db.selectFrom("outbox").selectAll().where("to_address", "=", "kasnije@example.hr").executeTakeFirstOrThrow();
    const recipe = (JSON.parse(outbox.attachments ?? "[]") as AttachmentRecipe[]).find((a) => a.render === "receipt-pdf");
    if (!recipe) throw new Error("the confirmation has no receipt to attach");
    const render = orderMailAttachments(p.db)[recipe.render];
    if (!render) throw new Error("no renderer for the receipt");
    await deliverDueReceipts(p.requestCtx());
    const receipt = await receiptOf(order.id);
    expect(receipt.jir).not.toBeNull();
    expect(textOf(await render(recipe.input))).toContain(`JIR: ${receipt.jir}`);
  });

  it("mails a card order's confirmation with its receipt when the payment is settled, once however often it is settled", async () => {
    const provider = p.deps.payments;
    if (!provider) throw new Error("the test platform pays by card");
    const { order } = await placeTestOrder(p, { product, payment: "card", email: "kartica@example.hr" });
    const mailsTo = async () =>
      (await p.db.selectFrom("outbox").select("id").where("to_address", "=", "kartica@example.hr").execute()).length;
    // Not paid yet: no confirmation and no receipt.
    expect(await mailsTo()).toBe(0);
    const evidence = await paidEvidence(p, order.id);
    const results = await Promise.all([
      settle(p.requestCtx(), provider, evidence, "callback"),
      settle(p.requestCtx(), provider, evidence, "return"),
    ]);
    expect(results.map((r) => r.result).sort()).toEqual(["already", "paid"]);
    expect((await settle(p.requestCtx(), provider, evidence, "callback")).result).toBe("already");
    const receipt = await receiptOf(order.id);
    const mail = await p.waitForMail((m) => m.to.includes("kartica@example.hr"));
    expect(pdfs(mail).map((a) => a.filename)).toEqual([`racun-${receipt.sequence}-WEB1-1.pdf`]);
    const text = textOf(pdfs(mail)[0]?.content ?? Buffer.alloc(0));
    expect(text).toEqual(expect.arrayContaining([`Račun ${receipt.sequence}/WEB1/1`, "Način plaćanja: Kartica", `ZKI: ${receipt.zki}`]));
    expect(await mailsTo()).toBe(1);
  });
});
