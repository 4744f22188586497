import type { AdminOrderDetail, AdminOrderRow, AdminOrderStats, CsvFile, Paged } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { type CartCatalog, insertCartCatalog, insertProduct } from "../cart/cart.fixtures.ts";
import { backofficeToken, customerToken } from "../cms/cms.fixtures.ts";
import { insertCheckoutSetup, methodIds, payAtEmulator, placeOrder, placeTestOrder } from "./orders.fixtures.ts";

/** Issue 12: the back office's orders — list, filters, one order, the CSV export and the start page's figures. */

let p: TestPlatform;
let c: CartCatalog;
let staff: string;
let m: Awaited<ReturnType<typeof methodIds>>;
let transfer: Awaited<ReturnType<typeof placeOrder>>;
let company: Awaited<ReturnType<typeof placeOrder>>;
let card: Awaited<ReturnType<typeof placeOrder>>;

const COMPANY = { companyName: "Sjaj; Čistoća d.o.o.", oib: "69435151530" };

beforeAll(async () => {
  p = await createTestPlatform({ fiscal: true });
  c = await insertCartCatalog(p.db);
  await insertCheckoutSetup(p.db);
  m = await methodIds(p.db);
  staff = await backofficeToken(p);
  transfer = await placeOrder(p, c.wax, { delivery: { firstName: "Đurđa", lastName: "Šimunić" }, email: "durda@example.hr" });
  company = await placeOrder(p, c.wax, { company: COMPANY, branch: 1 });
  card = await placeOrder(p, c.wax, { payment: "card", delivery: { firstName: "Marko", lastName: "Horvat" }, email: "marko@example.hr" });
});
afterAll(() => p.close());

const list = (body: Record<string, unknown>, token = staff) =>
  p.call<Paged<AdminOrderRow>>("POST", "/api/v1/admin/order/filter", { token, body });
const numbers = async (body: Record<string, unknown>) => {
  const res = await list(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.records.map((r) => r.number);
};
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Zagreb" }).format(new Date());

describe("orders list", () => {
  it("lists the newest first with the buyer, total and the three statuses", async () => {
    const res = await list({ limit: 10 });
    expect(res.status).toBe(200);
    expect(res.body.data.records.map((r) => r.number)).toEqual([card.number, company.number, transfer.number]);
    expect(res.body.data.records[2]).toMatchObject({
      code: transfer.code,
      customer: "Đurđa Šimunić",
      company: null,
      email: "durda@example.hr",
      status: "placed",
      paymentStatus: "initiated",
      fulfilmentStatus: "unfulfilled",
      paymentKind: "bank_transfer",
    });
    expect(res.body.data.records[1]?.company).toBe(COMPANY.companyName);
    expect(res.body.data.records[0]).toMatchObject({ status: "pending_payment", paymentKind: "card" });
    expect(res.body.data.pagination).toMatchObject({ total: 3, page: 1 });
  });

  it("filters by each axis, payment kind, branch and days, and pages", async () => {
    expect(await numbers({ status: "pending_payment" })).toEqual([card.number]);
    expect(await numbers({ paymentStatus: "initiated", paymentKind: "bank_transfer" })).toEqual([company.number, transfer.number]);
    expect(await numbers({ fulfilmentStatus: "fulfilled" })).toEqual([]);
    expect(await numbers({ branchId: m.branches[1] })).toEqual([company.number]);
    expect(await numbers({ from: today(), to: today() })).toHaveLength(3);
    expect(await numbers({ from: "2001-01-01", to: "2001-12-31" })).toEqual([]);
    const second = await list({ limit: 2, page: 2 });
    expect(second.body.data.records.map((r) => r.number)).toEqual([transfer.number]);
    expect(second.body.data.pagination).toMatchObject({ total: 3, lastPage: 2 });
  });

  it("finds an order by number, code, e-mail, name in any case, company or OIB, and takes LIKE's wildcards literally", async () => {
    expect(await numbers({ q: transfer.number })).toEqual([transfer.number]);
    expect(await numbers({ q: card.code.toLowerCase() })).toEqual([card.number]);
    expect(await numbers({ q: "DURDA@EXAMPLE" })).toEqual([transfer.number]);
    expect(await numbers({ q: "ŠIMUNIĆ" })).toEqual([transfer.number]);
    expect(await numbers({ q: "čistoća" })).toEqual([company.number]);
    expect(await numbers({ q: COMPANY.oib })).toEqual([company.number]);
    expect(await numbers({ q: "%" })).toEqual([]);
    expect(await numbers({ q: "_" })).toEqual([]);
    // Three characters and more go through SQLite's trigram index (GLOB): its wildcards are literal too.
    expect(await numbers({ q: "urđa" })).toEqual([transfer.number]);
    expect(await numbers({ q: "ur?a" })).toEqual([]);
    expect(await numbers({ q: "đ*a" })).toEqual([]);
    expect(await numbers({ q: "[đ]urđa" })).toEqual([]);
  });

  it("keeps the search index in step when an order's search text changes", async () => {
    const before = await p.db.selectFrom("orders").select("search_text").where("code", "=", card.code).executeTakeFirstOrThrow();
    await p.db
      .updateTable("orders")
      .set({ search_text: `${before.search_text} prezimeništa` })
      .where("code", "=", card.code)
      .execute();
    expect(await numbers({ q: "prezimeništa" })).toEqual([card.number]);
    await p.db.updateTable("orders").set({ search_text: before.search_text }).where("code", "=", card.code).execute();
    expect(await numbers({ q: "prezimeništa" })).toEqual([]);
  });

  it("names every branch for the filter", async () => {
    const res = await p.call<{ id: number; name: string }[]>("GET", "/api/v1/admin/branches", { token: staff });
    expect(res.status).toBe(200);
    expect(res.body.data.map((b) => b.id)).toEqual(expect.arrayContaining(m.branches));
  });

  it("refuses a filter it does not know with a field error", async () => {
    const res = await list({ status: "lost" });
    expect(res.status).toBe(400);
    const day = await list({ from: "25.11.2026" });
    expect(day.status).toBe(400);
  });
});

describe("one order", () => {
  it("shows the customer, history, payment, e-mails and only the actions its state allows", async () => {
    const res = await p.call<AdminOrderDetail>("GET", `/api/v1/admin/order/${transfer.code}`, { token: staff });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    expect(d.order).toMatchObject({ code: transfer.code, number: transfer.number, customer: { firstName: "Đurđa", lastName: "Šimunić" } });
    expect(d.addresses.delivery).toMatchObject({ firstName: "Đurđa", city: "Zagreb" });
    expect(d.history.map((h) => [h.axis, h.to])).toEqual([
      ["order", "placed"],
      ["payment", "initiated"],
      ["fulfilment", "unfulfilled"],
    ]);
    expect(d.payments).toEqual([expect.objectContaining({ provider: "bank_transfer", status: "initiated", refundedCents: 0 })]);
    expect(d.actions).toEqual(["markPaid", "readyForPickup", "fulfil", "cancel", "resendConfirmation"]);
    await p.waitForMail((mail) => mail.subject.includes(transfer.number));
    const again = await p.call<AdminOrderDetail>("GET", `/api/v1/admin/order/${transfer.code}`, { token: staff });
    expect(again.body.data.mails.map((mail) => mail.subject)).toEqual([expect.stringContaining(transfer.number)]);

    const unpaid = await p.call<AdminOrderDetail>("GET", `/api/v1/admin/order/${card.code}`, { token: staff });
    expect(unpaid.body.data.actions).toEqual(["cancel"]);
  });

  it("lists the order's documents and gives staff each of them; a document the order lacks is 404", async () => {
    const res = await p.call<AdminOrderDetail>("GET", `/api/v1/admin/order/${company.code}`, { token: staff });
    const ids = res.body.data.documents.map((d) => d.id);
    expect(ids).toEqual(expect.arrayContaining([`receipt-${company.code}`, `paymentSlip-${company.code}`]));
    const slip = await p.call<{ filename: string; contentType: string; base64: string }>(
      "GET",
      `/api/v1/admin/order/document/paymentSlip-${company.code}`,
      { token: staff },
    );
    expect(slip.status, JSON.stringify(slip.body)).toBe(200);
    expect(slip.body.data.contentType).toBe("application/pdf");
    expect(Buffer.from(slip.body.data.base64, "base64").subarray(0, 4).toString()).toBe("%PDF");
    expect((await p.call("GET", `/api/v1/admin/order/document/paymentSlip-${card.code}`, { token: staff })).status).toBe(404);
    expect((await p.call("GET", "/api/v1/admin/order/document/receipt-ZZZZZZZZZZZZZZZZ", { token: staff })).status).toBe(404);
    expect(
      (await p.call("GET", `/api/v1/admin/order/document/paymentSlip-${company.code}`, { token: await customerToken(p) })).status,
    ).toBe(403);
  });

  it("answers an unknown code 404 and a malformed one 400", async () => {
    expect((await p.call("GET", "/api/v1/admin/order/ZZZZZZZZZZZZZZZZ", { token: staff })).status).toBe(404);
    expect((await p.call("GET", "/api/v1/admin/order/abc", { token: staff })).status).toBe(400);
  });
});

describe("export and start page", () => {
  it("exports the filtered orders as a CSV Croatian Excel opens, headed in the staff member's language", async () => {
    const res = await p.call<CsvFile>("POST", "/api/v1/admin/order/export", {
      token: staff,
      language: "de",
      body: { paymentKind: "bank_transfer" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const csv = res.body.data.content;
    expect(csv.startsWith("\uFEFFBestellnummer;Datum;Kunde;Firma;OIB;")).toBe(true);
    const rows = csv.slice(1).trimEnd().split("\r\n");
    expect(rows).toHaveLength(3);
    const companyRow = rows.find((r) => r.startsWith(company.number)) ?? "";
    expect(companyRow).toContain(`;"${COMPANY.companyName}";${COMPANY.oib};`);
    expect(companyRow).toMatch(/;20,00;EUR;/);
    expect(res.body.data.filename).toMatch(/^narudzbe-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it("counts today's and this month's sales and the last 30 days, leaving out unpaid card orders", async () => {
    const res = await p.call<AdminOrderStats>("GET", "/api/v1/admin/stats/orders", { token: staff });
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(s.today).toEqual({ orders: 2, revenueCents: 4000 });
    expect(s.month).toEqual(s.today);
    expect(s.days).toHaveLength(30);
    expect(s.days.at(-1)).toEqual({ day: today(), ...s.today });
    expect(s.days.slice(0, -1).every((d) => d.orders === 0)).toBe(true);
  });
});

describe("access", () => {
  it("refuses anonymous callers and customers on every endpoint", async () => {
    const customer = await customerToken(p);
    const calls: [string, string, unknown][] = [
      ["POST", "/api/v1/admin/order/filter", {}],
      ["GET", `/api/v1/admin/order/${transfer.code}`, undefined],
      ["POST", "/api/v1/admin/order/export", {}],
      ["GET", "/api/v1/admin/stats/orders", undefined],
    ];
    for (const [method, path, body] of calls) {
      expect((await p.call(method, path, { body })).status, path).toBe(401);
      expect((await p.call(method, path, { body, token: customer })).status, path).toBe(403);
    }
  });
});

describe("actions", () => {
  const act = <T = AdminOrderDetail>(code: string, action: string, body?: unknown, token = staff) =>
    p.call<T>("POST", `/api/v1/admin/order/${code}/${action}`, { token, body });
  const stockOf = async (id: number) =>
    (await p.db.selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;

  it("marks a transfer paid through the settlement, gets it ready and hands it over, and refuses what the state no longer allows", async () => {
    const order = await placeOrder(p, c.wax, { email: "akcije@example.hr" });
    const paid = await act(order.code, "mark-paid", { reference: "ZABA-123" });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.order.paymentStatus).toBe("paid");
    expect(paid.body.data.payments[0]).toMatchObject({ status: "paid", transactionId: "manual:ZABA-123" });
    expect(paid.body.data.actions).toEqual(["readyForPickup", "fulfil", "resendConfirmation"]);
    await p.waitForMail((m) => m.subject.includes(`${order.number} je primljena`));

    const again = await act(order.code, "mark-paid", {}, staff);
    expect(again.status).toBe(409);
    const inEnglish = await p.call("POST", `/api/v1/admin/order/${order.code}/cancel`, { token: staff, language: "en" });
    expect(inEnglish.status).toBe(409);
    expect((inEnglish.body as { error?: { payload: { message: string } } }).error?.payload.message).toBe(
      "That action is not possible for this order now. Reload the order page.",
    );

    expect((await act(order.code, "ready-for-pickup")).body.data.order.fulfilmentStatus).toBe("ready_for_pickup");
    const done = await act(order.code, "fulfil");
    expect(done.body.data.order).toMatchObject({ status: "completed", fulfilmentStatus: "fulfilled" });
    expect(done.body.data.actions).toEqual(["resendConfirmation"]);
  });

  it("cancels an unpaid transfer: stock back, and its fiscalised receipt gets a storno", async () => {
    const stocked = await insertProduct(p.db, { name: "Vosak za felge", retailCents: 1200, stock: 10 });
    const order = await placeOrder(p, stocked, { email: "otkaz@example.hr" });
    expect(await stockOf(stocked)).toBe(8);
    const cancelled = await act(order.code, "cancel");
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data.order).toMatchObject({ status: "cancelled", paymentStatus: "voided" });
    expect(cancelled.body.data.actions).toEqual(["resendConfirmation"]);
    expect(await stockOf(stocked)).toBe(10);
    const id = (await p.db.selectFrom("orders").select("id").where("code", "=", order.code).executeTakeFirstOrThrow()).id;
    const receipts = await p.db
      .selectFrom("receipts")
      .select(["total_cents", "storno_of"])
      .where("order_id", "=", id)
      .orderBy("id")
      .execute();
    expect(receipts.map((r) => r.total_cents)).toEqual([2400, -2400]);
    expect((await act(order.code, "cancel")).status).toBe(409);
  });

  it("refunds a card payment in parts through the provider, then lets the order be cancelled", async () => {
    const placed = await placeTestOrder(p, { product: c.wax, payment: "card", email: "kartica@example.hr" });
    await payAtEmulator(p, String(placed.html));
    const code = placed.order.code;
    const before = await p.call<AdminOrderDetail>("GET", `/api/v1/admin/order/${code}`, { token: staff });
    expect(before.body.data.actions).toEqual(["readyForPickup", "fulfil", "refund", "resendConfirmation"]);
    const half = await act(code, "refund", { amountCents: 1000, reason: "kupac odustao" });
    expect(half.status, JSON.stringify(half.body)).toBe(200);
    expect(half.body.data.order.paymentStatus).toBe("partially_refunded");
    expect(half.body.data.payments[0]?.refundedCents).toBe(1000);
    expect((await act(code, "refund", { amountCents: 1001 })).status).toBe(409);
    const rest = await act(code, "refund", { amountCents: 1000 });
    expect(rest.body.data.order.paymentStatus).toBe("refunded");
    expect(rest.body.data.actions).toContain("cancel");
    expect((await act(code, "cancel")).body.data.order.status).toBe("cancelled");
  });

  it("sends the confirmation again, and needs the orders scope", async () => {
    const order = await placeOrder(p, c.wax, { email: "ponovo@example.hr" });
    await p.waitForMail((m) => m.to.includes("ponovo@example.hr"));
    expect((await act(order.code, "resend-confirmation")).status).toBe(200);
    const deadline = Date.now() + 5000;
    while (p.mails.filter((m) => m.to.includes("ponovo@example.hr")).length < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(p.mails.filter((m) => m.to.includes("ponovo@example.hr"))).toHaveLength(2);
    const editor = (await p.login(await p.createUser({ staffScopes: ["content"] }))).accessToken;
    expect((await act(order.code, "fulfil", undefined, editor)).status).toBe(403);
    expect((await act("ZZZZZZZZZZZZZZZZ", "fulfil")).status).toBe(404);
  });
});
