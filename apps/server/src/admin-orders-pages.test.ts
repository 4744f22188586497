import { translator } from "@shop/i18n";
import { camt053 } from "@shop/platform/modules/bank-statements/bank-statements.fixtures.ts";
import { placeOrder } from "@shop/platform/modules/orders/orders.fixtures.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platformOf } from "./platform.test-support.ts";
import { adminLogin, getPage, postForm, staffWith } from "./staff-login.test-support.ts";
import { createTestShop, html, type TestShop } from "./testing.ts";

/** The orders area of the back office (issue 12) in process: the list, an order and its actions, the CSV, documents, bank statements, the start page's figures. */

let shop: TestShop;
const hr = translator("hr");
let transfer: { code: string; number: string };
let company: { code: string; number: string };
let adminCookie: string;

const COMPANY = { companyName: "Sjaj i Čistoća d.o.o.", oib: "69435151530" };

/** A multipart post as a browser sends it; encoded first, so a refusal part-way does not leave FormData's own stream writing. */
async function upload(path: string, file: File, cookie: string) {
  const form = new FormData();
  form.set("intent", "import");
  form.set("file", file);
  const encoded = new Response(form);
  const type = encoded.headers.get("content-type") ?? "";
  return shop.app.request(path, { method: "POST", headers: { cookie, "content-type": type }, body: await encoded.arrayBuffer() });
}

beforeAll(async () => {
  shop = await createTestShop();
  const product = await shop.db.db.selectFrom("products").select("id").where("sku", "=", "NJ-STAKLO-500").executeTakeFirstOrThrow();
  const p = platformOf(shop);
  transfer = await placeOrder(p, product.id, { delivery: { firstName: "Đurđa", lastName: "Šimunić" }, email: "durda@example.hr" });
  company = await placeOrder(p, product.id, { company: COMPANY, email: "tvrtka@example.hr" });
  adminCookie = await adminLogin(shop);
});

afterAll(() => shop.stop());

describe("the orders list", () => {
  it("lists the orders, newest first, with the layout's entry leading to it", async () => {
    const res = await getPage(shop, "/admin/orders", adminCookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const page = await res.text();
    expect(page).toContain(html(hr("admin.orders.heading")));
    expect(page.indexOf(company.number)).toBeGreaterThan(-1);
    expect(page.indexOf(company.number)).toBeLessThan(page.indexOf(transfer.number));
    expect(page).toContain(`href="/admin/orders/${transfer.code}"`);
    expect(page).toContain("/admin/orders/export");
  });

  it("filters by search, status, payment method and days, keeps the filters in the form and the paging links", async () => {
    const byName = await (await getPage(shop, "/admin/orders?q=%C5%A0IMUNI%C4%86", adminCookie)).text();
    expect(byName).toContain(transfer.number);
    expect(byName).not.toContain(company.number);
    expect(byName).toContain('value="ŠIMUNIĆ"');
    const byOib = await (await getPage(shop, `/admin/orders?q=${COMPANY.oib}&paymentKind=bank_transfer`, adminCookie)).text();
    expect(byOib).toContain(company.number);
    expect(byOib).not.toContain(transfer.number);
    const cards = await (await getPage(shop, "/admin/orders?paymentKind=card", adminCookie)).text();
    expect(cards).toContain(html(hr("admin.orders.empty")));
    const old = await (await getPage(shop, "/admin/orders?from=2001-01-01&to=2001-01-31&status=placed", adminCookie)).text();
    expect(old).toContain(html(hr("admin.orders.empty")));
    const paged = await (await getPage(shop, "/admin/orders?status=placed&page=2", adminCookie)).text();
    expect(paged).toContain(html(hr("admin.orders.previous")));
    expect(paged).toContain('href="/admin/orders?status=placed"');
  });

  it("drops a filter that does not parse and says so, instead of an error page", async () => {
    const res = await getPage(shop, "/admin/orders?status=lost&from=25.11.2026", adminCookie);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain(html(hr("admin.orders.badFilter")));
    expect(page).toContain(transfer.number);
  });

  it("downloads the filtered orders as the platform's CSV, an attachment", async () => {
    const res = await getPage(shop, `/admin/orders/export?q=${COMPANY.oib}`, adminCookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="narudzbe-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder().decode(bytes);
    expect(csv).toContain(company.number);
    expect(csv).toContain(COMPANY.oib);
    expect(csv).not.toContain(transfer.number);
  });
});

describe("an order", () => {
  it("shows lines, totals, VAT, the buyer's company and OIB, pickup branch, history, documents and only the allowed actions", async () => {
    const res = await getPage(shop, `/admin/orders/${company.code}`, adminCookie);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain(html(hr("admin.orders.order.heading", { number: company.number })));
    expect(page).toContain(html(COMPANY.companyName));
    expect(page).toContain(COMPANY.oib);
    expect(page).toContain(html(hr("admin.orders.order.pickup")));
    expect(page).toContain(html(hr("admin.orders.order.timeline")));
    expect(page).toContain(`href="/admin/orders/document/paymentSlip-${company.code}"`);
    for (const action of ["markPaid", "readyForPickup", "fulfil", "cancel", "resendConfirmation"]) {
      expect(page).toContain(`name="intent" value="${action}"`);
    }
    expect(page).not.toContain('name="intent" value="refund"');
  });

  it("downloads a document of the order; one it lacks is 404", async () => {
    const slip = await getPage(shop, `/admin/orders/document/paymentSlip-${company.code}`, adminCookie);
    expect(slip.status).toBe(200);
    expect(slip.headers.get("content-type")).toBe("application/pdf");
    expect(slip.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.pdf"$/);
    expect((await getPage(shop, "/admin/orders/document/storno7-ZZZZZZZZZZZZZZZZ", adminCookie)).status).toBe(404);
    expect((await getPage(shop, "/admin/orders/document/whatever", adminCookie)).status).toBe(404);
  });

  it("answers a missing or malformed code with the same 404, for the page and its actions", async () => {
    for (const path of ["/admin/orders/ZZZZZZZZZZZZZZZZ", "/admin/orders/abc"]) {
      expect((await getPage(shop, path, adminCookie)).status).toBe(404);
      expect((await postForm(shop, path, { intent: "fulfil" }, adminCookie)).status).toBe(404);
    }
  });

  it("refuses a refund amount that is no amount, in the staff member's language, before asking the platform", async () => {
    const res = await postForm(shop, `/admin/orders/${transfer.code}`, { intent: "refund", amount: "dvanaest", reason: "" }, adminCookie);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(html(hr("admin.orders.error.amount")));
  });

  it("refuses an action the order's state does not allow with the platform's reason", async () => {
    const res = await postForm(shop, `/admin/orders/${transfer.code}`, { intent: "refund", amount: "0,00" }, adminCookie);
    expect(res.status).toBe(400);
    const page = await postForm(shop, `/admin/orders/${transfer.code}`, { intent: "nothing" }, adminCookie);
    expect(page.status).toBe(400);
  });

  it("marks a transfer paid with the bank's reference: a notice, the new status, and the action gone", async () => {
    const res = await postForm(shop, `/admin/orders/${transfer.code}`, { intent: "markPaid", reference: "BANKA-123" }, adminCookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/admin/orders/${transfer.code}?done=markPaid`);
    const page = await (await getPage(shop, `/admin/orders/${transfer.code}?done=markPaid`, adminCookie)).text();
    expect(page).toContain(html(hr("admin.orders.done.markPaid")));
    expect(page).toContain(html(hr("orders.status.payment.paid")));
    expect(page).not.toContain('name="intent" value="markPaid"');
    // Paid now: cancelling is no longer offered, and a post of it is refused with the platform's reason.
    const cancel = await postForm(shop, `/admin/orders/${transfer.code}`, { intent: "cancel" }, adminCookie);
    expect(cancel.status).toBe(409);
    expect(await cancel.text()).toContain(html(hr("error.adminOrder.notAllowed")));
  });
});

describe("bank statements", () => {
  it("imports a camt.053 file: the matching transfer is paid, the rest listed, and resolved by hand", async () => {
    const detail = await (await getPage(shop, `/admin/orders/${company.code}`, adminCookie)).text();
    expect(detail).toContain(html(hr("orders.status.payment.initiated")));
    const order = await shop.db.db
      .selectFrom("orders")
      .select(["number", "total_cents"])
      .where("code", "=", company.code)
      .executeTakeFirstOrThrow();
    const xml = camt053([
      { amountCents: order.total_cents, bankRef: `B-${company.code}`, reference: `HR00 ${order.number}`, payer: "Sjaj i Čistoća d.o.o." },
      { amountCents: 1234, bankRef: `B-X-${company.code}`, text: "Uplata bez poziva", payer: "Netko Nepoznat" },
    ]);
    const res = await upload("/admin/orders/bank-statements", new File([xml], "izvod.xml", { type: "application/xml" }), adminCookie);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain(html(hr("admin.orders.bank.summary", { paid: 1, unmatched: 1, repeated: 0 })));
    expect(page).toContain(html(hr("admin.orders.bank.outcome.no_reference")));
    expect(await (await getPage(shop, `/admin/orders/${company.code}`, adminCookie)).text()).toContain(
      html(hr("orders.status.payment.paid")),
    );

    const list = await (await getPage(shop, "/admin/orders/bank-statements", adminCookie)).text();
    expect(list).toContain("Netko Nepoznat");
    const line = await shop.db.db
      .selectFrom("bank_statement_lines")
      .select("id")
      .where("payer", "=", "Netko Nepoznat")
      .executeTakeFirstOrThrow();
    const resolved = await postForm(shop, "/admin/orders/bank-statements", { intent: "resolve", id: String(line.id) }, adminCookie);
    expect(resolved.status).toBe(302);
    const after = await (await getPage(shop, "/admin/orders/bank-statements?done=resolved", adminCookie)).text();
    expect(after).toContain(html(hr("admin.orders.bank.resolved")));
    expect(after).not.toContain("Netko Nepoznat");
  });

  it("takes a file over the pages' form bound on this page only, and says what is wrong with it", async () => {
    const big = new File(["x".repeat(300 * 1024)], "izvod.csv", { type: "text/csv" });
    const res = await upload("/admin/orders/bank-statements", big, adminCookie);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(html(hr("error.bankStatement.missingColumns")));
    expect((await upload(`/admin/orders/${company.code}`, big, adminCookie)).status).toBe(413);
    // The page's data request (its form posted with JavaScript) has the page's bound.
    expect((await upload("/admin/orders/bank-statements.data", big, adminCookie)).status).not.toBe(413);
    const empty = await upload("/admin/orders/bank-statements", new File([], "prazno.xml"), adminCookie);
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(html(hr("admin.orders.bank.noFile")));
  });
});

describe("scopes", () => {
  it("shows the orders' figures on the start page to staff with the orders scope only", async () => {
    const page = await (await getPage(shop, "/admin", adminCookie)).text();
    expect(page).toContain(html(hr("admin.orders.stats.heading")));
    expect(page).toContain(html(hr("admin.orders.stats.chart")));
    expect(page).toContain("<svg");
    const clerk = await (await getPage(shop, "/admin", await staffWith(shop, ["orders"]))).text();
    expect(clerk).toContain(html(hr("admin.orders.stats.heading")));
    const editor = await staffWith(shop, ["content"]);
    const start = await (await getPage(shop, "/admin", editor)).text();
    expect(start).not.toContain(html(hr("admin.orders.stats.heading")));
    expect(start).not.toContain('href="/admin/orders"');
    for (const path of ["/admin/orders", `/admin/orders/${company.code}`, "/admin/orders/export", "/admin/orders/bank-statements"]) {
      expect((await getPage(shop, path, editor)).status, path).toBe(403);
    }
  });
});
