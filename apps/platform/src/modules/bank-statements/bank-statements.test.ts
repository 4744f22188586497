import type { StatementImportAnswer, StatementLine } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { type CartCatalog, insertCartCatalog, insertProduct } from "../cart/cart.fixtures.ts";
import { backofficeToken, customerToken } from "../cms/cms.fixtures.ts";
import { insertCheckoutSetup, placeOrder } from "../orders/orders.fixtures.ts";
import { bankCsv, camt053 } from "./bank-statements.fixtures.ts";

/** Issue 12: a bank statement pays the bank-transfer orders it shows, once, through the one settlement. */

let p: TestPlatform;
let c: CartCatalog;
let staff: string;
let stocked: number;

beforeAll(async () => {
  p = await createTestPlatform();
  c = await insertCartCatalog(p.db);
  await insertCheckoutSetup(p.db);
  staff = await backofficeToken(p);
  stocked = await insertProduct(p.db, { name: "Polir pasta", retailCents: 1500, stock: 50 });
});
afterAll(() => p.close());

let bankRefs = 0;
const bankRef = () => `ZABA-${process.pid}-${++bankRefs}`;

const upload = (content: string | Buffer, options: { token?: string; language?: string; fileName?: string } = {}) =>
  p.call<StatementImportAnswer>("POST", "/api/v1/bank-statement/import", {
    token: options.token ?? staff,
    language: options.language,
    body: { fileName: options.fileName ?? "izvod.xml", contentBase64: Buffer.from(content).toString("base64") },
  });

async function transferOrder(productId = c.wax) {
  const placed = await placeOrder(p, productId);
  const row = await p.db.selectFrom("orders").select(["id", "total_cents"]).where("code", "=", placed.code).executeTakeFirstOrThrow();
  return { ...placed, id: row.id, total: row.total_cents };
}

const orderState = (id: number) =>
  p.db.selectFrom("orders").select(["status", "payment_status"]).where("id", "=", id).executeTakeFirstOrThrow();
const paidHistory = (id: number) =>
  p.db
    .selectFrom("order_history")
    .select("actor")
    .where("order_id", "=", id)
    .where("axis", "=", "payment")
    .where("to_status", "=", "paid")
    .execute();
const reservations = (id: number) => p.db.selectFrom("stock_reservations").select("status").where("order_id", "=", id).execute();
const outcomeOf = (lines: StatementLine[], amountCents: number) => lines.find((l) => l.amountCents === amountCents)?.outcome;

describe("camt.053", () => {
  it("pays the order of its HR00 reference and amount, tells the customer once, and a second import settles nothing again", async () => {
    const order = await transferOrder(stocked);
    expect(await orderState(order.id)).toEqual({ status: "placed", payment_status: "initiated" });
    expect((await reservations(order.id)).map((r) => r.status)).toEqual(["held"]);
    const file = camt053([{ amountCents: order.total, bankRef: bankRef(), reference: `HR00 ${order.number}`, payer: "Ivana Babić" }]);

    const first = await upload(file);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.format).toBe("camt053");
    expect(first.body.data.lines).toEqual([
      expect.objectContaining({
        amountCents: order.total,
        reference: `HR00 ${order.number}`,
        payer: "Ivana Babić",
        outcome: "paid",
        order: { code: order.code, number: order.number },
      }),
    ]);
    expect(await orderState(order.id)).toEqual({ status: "placed", payment_status: "paid" });
    expect((await reservations(order.id)).map((r) => r.status)).toEqual(["committed"]);
    await p.waitForMail((m) => m.subject.startsWith(`Uplata za narudžbu ${order.number} je primljena`));
    const audit = await p.db
      .selectFrom("audit_log")
      .select(["action", "after_json"])
      .where("entity", "=", "bank statement")
      .where("entity_id", "=", String(first.body.data.importId))
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.after_json ?? "{}")).toMatchObject({
      fileName: "izvod.xml",
      lines: [{ outcome: "paid", order: order.number }],
    });
    expect(audit[0]?.after_json).not.toContain("contentBase64");

    const again = await upload(file);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ repeated: 1, lines: [] });
    expect(await paidHistory(order.id)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(p.mails.filter((m) => m.subject.includes(`${order.number} je primljena`))).toHaveLength(1);
  });

  it("leaves for staff what pays no order: a wrong amount, an unknown or missing reference; ignores debits", async () => {
    const order = await transferOrder();
    const file = camt053(
      [
        { amountCents: order.total - 1, bankRef: bankRef(), reference: `HR00 ${order.number}` },
        { amountCents: 1234, bankRef: bankRef(), reference: "HR00 2001-999999" },
        { amountCents: 4321, bankRef: bankRef(), text: "uplata bez poziva na broj" },
        { amountCents: 9999, bankRef: bankRef(), reference: `HR00 ${order.number}`, debit: true },
      ],
      { version: "08" },
    );
    const res = await upload(file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const lines = res.body.data.lines;
    expect(lines).toHaveLength(3);
    expect(outcomeOf(lines, order.total - 1)).toBe("amount_mismatch");
    expect(outcomeOf(lines, 1234)).toBe("no_order");
    expect(outcomeOf(lines, 4321)).toBe("no_reference");
    expect(await orderState(order.id)).toEqual({ status: "placed", payment_status: "initiated" });

    const open = await p.call<{ records: StatementLine[] }>("POST", "/api/v1/bank-statement/unmatched", {
      token: staff,
      body: { limit: 100 },
    });
    const mine = open.body.data.records.filter((l) => lines.some((x) => x.id === l.id));
    expect(mine).toHaveLength(3);

    const resolved = await p.call("POST", `/api/v1/bank-statement/resolve/${mine[0]?.id}`, { token: staff });
    expect(resolved.status).toBe(200);
    const later = await p.call<{ records: StatementLine[] }>("POST", "/api/v1/bank-statement/unmatched", {
      token: staff,
      body: { limit: 100 },
    });
    expect(later.body.data.records.some((l) => l.id === mine[0]?.id)).toBe(false);
    // Resolved before, or a line that paid its order, or none at all: the same 404.
    for (const id of [mine[0]?.id, 987654]) {
      const res = await p.call("POST", `/api/v1/bank-statement/resolve/${id}`, { token: staff });
      expect(res.status).toBe(404);
    }
  });

  it("pays each order of a batch booking, and one paid otherwise before is reported as already paid", async () => {
    const [a, b] = [await transferOrder(), await transferOrder()];
    const ref = bankRef();
    const first = await upload(camt053([{ amountCents: a.total, bankRef: bankRef(), reference: `HR00 ${a.number}` }]));
    expect(first.body.data.lines[0]?.outcome).toBe("paid");
    const batch = await upload(
      camt053([
        {
          amountCents: a.total + b.total,
          bankRef: ref,
          batch: [
            { amountCents: a.total, bankRef: `${ref}-1`, reference: `HR00${a.number}` },
            { amountCents: b.total, bankRef: `${ref}-2`, reference: `HR00 ${b.number}` },
          ],
        },
      ]),
    );
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    expect(batch.body.data.lines.map((l) => [l.order?.number, l.outcome])).toEqual([
      [a.number, "already_paid"],
      [b.number, "paid"],
    ]);
    expect(await paidHistory(a.id)).toHaveLength(1);
    expect((await orderState(b.id)).payment_status).toBe("paid");
  });

  it("settles a payment once when two staff import the same file at the same time", async () => {
    const order = await transferOrder();
    const file = camt53For(order);
    const results = await Promise.all([upload(file), upload(file), upload(file)]);
    for (const res of results) expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(results.flatMap((r) => r.body.data.lines).filter((l) => l.outcome === "paid")).toHaveLength(1);
    expect(results.reduce((n, r) => n + r.body.data.repeated, 0)).toBe(2);
    expect(await paidHistory(order.id)).toHaveLength(1);
  });

  function camt53For(order: { total: number; number: string }) {
    return camt053([{ amountCents: order.total, bankRef: bankRef(), reference: `HR00 ${order.number}` }]);
  }
});

describe("CSV of internet banking", () => {
  it("reads a Windows-1250 export with account lines above its header and pays the order", async () => {
    const order = await transferOrder();
    const euros = (order.total / 100).toFixed(2).replace(".", ",");
    const csv = bankCsv([
      {
        date: "25.11.2026.",
        payer: "Đuro Šimić",
        text: "Plaćanje narudžbe",
        reference: `HR00 ${order.number}`,
        credit: euros,
        id: bankRef(),
      },
      { date: "25.11.2026.", payer: "HEP d.d.", text: "Struja", reference: "", debit: "55,10", credit: "", id: bankRef() },
    ]);
    const res = await upload(cp1250(csv), { fileName: "promet.csv" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.format).toBe("csv");
    expect(res.body.data.lines).toEqual([expect.objectContaining({ payer: "Đuro Šimić", outcome: "paid", amountCents: order.total })]);
    expect((await orderState(order.id)).payment_status).toBe("paid");
  });
});

describe("refusals", () => {
  it("answers a file it cannot read with the reason in the user's language and writes nothing", async () => {
    const before = await p.db
      .selectFrom("bank_statement_imports")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const cases: [string, string, string][] = [
      ["<Document><BkToCstmrStmt><Stmt>", "hr", "XML izvoda nije ispravan."],
      [
        "<html><body>izvod</body></html>",
        "en",
        "The file is not a bank statement: expected camt.053 (XML) or a CSV export from internet banking.",
      ],
      ["Ime;Prezime\nIvana;Babić", "de", "In der CSV-Datei fehlen die Spalten für Datum und Betrag."],
      ["Datum;Iznos;Opis\n25.11.2026.;dvadeset;x", "hr", "Iznos u retku 2 nije ispravan."],
      ["Datum;Iznos;Opis\n31.02.2026.;10,00;x", "en", "The date on line 2 is not valid."],
      [camt053([{ amountCents: 100, bankRef: bankRef(), debit: true }]), "hr", "Izvod ne sadrži nijednu uplatu."],
    ];
    for (const [content, language, message] of cases) {
      const res = await upload(content, { language });
      expect(res.status, content).toBe(400);
      expect(res.body.error?.payload.message, content).toBe(message);
    }
    const after = await p.db
      .selectFrom("bank_statement_imports")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("refuses anonymous callers and customers, and a file over the limit", async () => {
    const file = camt053([{ amountCents: 100, bankRef: bankRef(), reference: "HR00 1-1" }]);
    const anonymous = await p.call("POST", "/api/v1/bank-statement/import", {
      body: { fileName: "a.xml", contentBase64: Buffer.from(file).toString("base64") },
    });
    expect(anonymous.status).toBe(401);
    expect((await upload(file, { token: await customerToken(p) })).status).toBe(403);
    const editor = await p.login(await p.createUser({ staffScopes: ["content"] }));
    expect((await upload(file, { token: editor.accessToken })).status).toBe(403);
    const huge = await upload(Buffer.alloc(2 * 1024 * 1024 + 1, 65));
    expect(huge.status).toBe(413);
  });
});

/** Windows-1250, as Croatian banks' older exports are encoded. */
function cp1250(text: string): Buffer {
  const table: Record<string, number> = { Š: 0x8a, š: 0x9a, Ž: 0x8e, ž: 0x9e, Č: 0xc8, č: 0xe8, Ć: 0xc6, ć: 0xe6, Đ: 0xd0, đ: 0xf0 };
  return Buffer.from([...text].map((ch) => table[ch] ?? ch.charCodeAt(0)));
}
