import type { CartView, DocumentFile, DocumentList, NewCartSession, OrderCreateAnswer } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { decodeQr, pdfImages, pdfTextLines } from "../bank-transfer/bank-transfer.test-support.ts";
import { type CartCatalog, insertCartCatalog } from "../cart/cart.fixtures.ts";
import { deliverDueReceipts } from "../receipts/index.ts";
import { CHECKOUT_ADDRESS, insertCheckoutSetup, methodIds } from "./orders.fixtures.ts";

/** SPEC §7 Documents: an order's receipt and slip, for its token's holder or its logged-in owner only. */

let p: TestPlatform;
let c: CartCatalog;
let m: Awaited<ReturnType<typeof methodIds>>;

beforeAll(async () => {
  p = await createTestPlatform({ fiscal: true });
  c = await insertCartCatalog(p.db);
  await insertCheckoutSetup(p.db);
  m = await methodIds(p.db);
});
afterAll(() => p.close());

const COMPANY = { companyName: "Firma d.o.o.", oib: "69435151530" };

interface Placed {
  code: string;
  token: string;
}

/** An order placed through the checkout, logged in with `user` (a guest's without). */
async function placeOrder(options: { user?: string; payment?: "bankTransfer" | "card"; company?: boolean; language?: string } = {}) {
  const { user: token, language } = options;
  const s = (await p.call<NewCartSession>("GET", "/api/v2/cart/getNewCartSession", { token, language })).body.data;
  const session = { cartId: s.cartId, protectCode: s.protectCode };
  const added = await p.call<CartView>("POST", "/api/v2/cart/addItem", { token, language, body: { ...session, productId: c.wax, qty: 2 } });
  expect(added.status).toBe(200);
  const steps: [string, Record<string, unknown>][] = [
    [
      "checkout/saveAddresses",
      { delivery: CHECKOUT_ADDRESS, ...(token ? {} : { email: "gost@example.hr" }), ...(options.company ? { company: COMPANY } : {}) },
    ],
    ["delivery/saveDeliveryMethod", { deliveryMethodId: m.pickup, branchId: m.branches[0] }],
    ["payment/savePaymentMethod", { paymentMethodId: m[options.payment ?? "bankTransfer"] }],
  ];
  for (const [path, body] of steps) {
    const res = await p.call("PUT", `/api/v2/${path}`, { token, language, body: { ...session, ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const order = await p.call<OrderCreateAnswer>("POST", "/api/v2/order/create", { token, language, body: session });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  return { code: order.body.data.orderSlug, token: order.body.data.accessToken } satisfies Placed;
}

async function customer() {
  const user = await p.createUser();
  return { ...user, token: (await p.login(user)).accessToken };
}

const orderToken = (token: string | undefined) => (token ? { orderToken: token } : undefined);
const list = (code: string, as: { orderToken?: string; user?: string } = {}) =>
  p.call<DocumentList>("POST", "/api/v2/document/filter/web", {
    token: as.user,
    headers: orderToken(as.orderToken),
    body: { orderCode: code },
  });
const get = (id: string, as: { orderToken?: string; user?: string } = {}) =>
  p.call<DocumentFile>("GET", `/api/v2/document/get/web/${id}`, { token: as.user, headers: orderToken(as.orderToken) });
const pdfOf = (res: { body: { data: DocumentFile } }) => Buffer.from(res.body.data.base64, "base64");
const text = (pdf: Buffer) => pdfTextLines(pdf).map((line) => line.replace(/\u00a0/g, " "));
const withoutRequestId = (body: unknown) => {
  const { requestId: _ignored, ...rest } = body as Record<string, unknown>;
  return rest;
};
/** A code in the right format that no order has. */
const MISSING = "ZZZZZZZZZZZZZZZZ";

describe("documents", () => {
  it("lists a transfer order's receipt and slip for the holder of its token, and gives the receipt with its number, ZKI, VAT and the R1 buyer", async () => {
    const order = await placeOrder({ company: true });
    const listed = await list(order.code, { orderToken: order.token });
    expect(listed.status).toBe(200);
    const receiptRow = await p.db
      .selectFrom("receipts")
      .innerJoin("orders", "orders.id", "receipts.order_id")
      .selectAll("receipts")
      .where("orders.code", "=", order.code)
      .executeTakeFirstOrThrow();
    const number = `${receiptRow.sequence}/${receiptRow.premise}/${receiptRow.device}`;
    expect(listed.body.data.records).toEqual([
      {
        id: `receipt-${order.code}`,
        kind: "receipt",
        filename: `racun-${receiptRow.sequence}-${receiptRow.premise}-${receiptRow.device}.pdf`,
        contentType: "application/pdf",
      },
      {
        id: `paymentSlip-${order.code}`,
        kind: "paymentSlip",
        filename: expect.stringMatching(/^uplatnica-.+\.pdf$/),
        contentType: "application/pdf",
      },
    ]);
    expect(listed.body.data.pagination).toMatchObject({ total: 2, page: 1, lastPage: 1 });

    const pending = await get(`receipt-${order.code}`, { orderToken: order.token });
    expect(pending.status).toBe(200);
    expect(pending.body.data).toMatchObject({ filename: listed.body.data.records[0]?.filename, contentType: "application/pdf" });
    const before = text(pdfOf(pending));
    expect(before).toEqual(
      expect.arrayContaining([
        "Autopraonica Zagreb d.o.o.",
        "Jankomir 31",
        `OIB: ${receiptRow.oib}`,
        `R1 račun ${number}`,
        "Kupac",
        "Firma d.o.o.",
        `OIB: ${COMPANY.oib}`,
        "Ukupno",
        "PDV 25 %",
        "16,00 EUR",
        "4,00 EUR",
        "20,00 EUR",
        "Način plaćanja: Transakcijski račun",
        `ZKI: ${receiptRow.zki}`,
        "JIR: čeka dostavu Poreznoj upravi",
      ]),
    );

    await deliverDueReceipts(p.requestCtx());
    const jir = (await p.db.selectFrom("receipts").select("jir").where("id", "=", receiptRow.id).executeTakeFirstOrThrow()).jir;
    expect(jir).toMatch(/^[0-9a-f-]{36}$/);
    const delivered = pdfOf(await get(`receipt-${order.code}`, { orderToken: order.token }));
    expect(text(delivered)).toContain(`JIR: ${jir}`);
    const [image] = pdfImages(delivered);
    const qr = decodeQr(image?.grey ?? new Uint8ClampedArray(), image?.width ?? 0, image?.height ?? 0);
    expect(qr.text).toMatch(new RegExp(`^https://porezna\\.gov\\.hr/rn\\?jir=${jir}&datv=\\d{8}_\\d{4}&izn=2000$`));

    const slip = await get(`paymentSlip-${order.code}`, { orderToken: order.token });
    expect(slip.status).toBe(200);
    expect(text(pdfOf(slip))).toEqual(expect.arrayContaining(["HR12 1001 0051 8630 0016 0", "Firma d.o.o."]));
  });

  it("writes the receipt in the order's language, whatever the request's", async () => {
    const order = await placeOrder({ language: "de" });
    const receipt = await p.call<DocumentFile>("GET", `/api/v2/document/get/web/receipt-${order.code}`, {
      headers: { orderToken: order.token },
      language: "en",
    });
    expect(text(pdfOf(receipt))).toEqual(expect.arrayContaining(["Gesamt", "Zahlungsart: Überweisung"]));
  });

  it("gives a card order waiting for its payment no documents yet", async () => {
    const order = await placeOrder({ payment: "card" });
    const listed = await list(order.code, { orderToken: order.token });
    expect(listed.body.data).toMatchObject({ records: [], pagination: { total: 0 } });
    const missing = await get(`receipt-${MISSING}`, { orderToken: order.token });
    const lacking = await get(`receipt-${order.code}`, { orderToken: order.token });
    expect(lacking.status).toBe(404);
    expect(withoutRequestId(lacking.body)).toEqual(withoutRequestId(missing.body));
  });

  it("gives the logged-in owner their order's documents without a token, and refuses another's exactly like a missing one", async () => {
    const owner = await customer();
    const order = await placeOrder({ user: owner.token });
    const own = await list(order.code, { user: owner.token });
    expect(own.body.data.records.map((d) => d.kind)).toEqual(["receipt", "paymentSlip"]);
    expect((await get(`receipt-${order.code}`, { user: owner.token })).status).toBe(200);

    const stranger = await customer();
    const guest = await placeOrder();
    for (const id of [`receipt-${order.code}`, `paymentSlip-${order.code}`, `receipt-${guest.code}`]) {
      const foreign = await get(id, { user: stranger.token });
      const missing = await get(`receipt-${MISSING}`, { user: stranger.token });
      expect(foreign.status).toBe(404);
      expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
    }
    const foreignList = await list(order.code, { user: stranger.token });
    expect(foreignList.status).toBe(404);
    expect(withoutRequestId(foreignList.body)).toEqual(withoutRequestId((await list(MISSING, { user: stranger.token })).body));
  });

  it("refuses a wrong token, another order's token and no token at all exactly like a missing order", async () => {
    const order = await placeOrder();
    const other = await placeOrder();
    const missing = await get(`receipt-${MISSING}`, { orderToken: order.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error?.payload.message).toBe("Dokument nije pronađen.");
    for (const as of [{ orderToken: other.token }, { orderToken: "x".repeat(43) }, {}]) {
      const res = await get(`receipt-${order.code}`, as);
      expect(res.status).toBe(404);
      expect(withoutRequestId(res.body)).toEqual(withoutRequestId(missing.body));
      expect((await list(order.code, as)).status).toBe(404);
    }
    // Being logged in opens no guest's order without its token.
    expect((await list(order.code, { user: (await customer()).token })).status).toBe(404);
  });

  it("answers a malformed id or token with a translated validation error", async () => {
    const bad = await p.call("GET", "/api/v2/document/get/web/invoice-ABC", { language: "en" });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe("VALIDATION_ERROR");
    const badToken = await p.call("POST", "/api/v2/document/filter/web", { headers: { orderToken: "a b" }, body: { orderCode: MISSING } });
    expect(badToken.status).toBe(400);
    expect(badToken.body.error?.payload.fields?.[0]?.path).toBe("orderToken");
  });
});
