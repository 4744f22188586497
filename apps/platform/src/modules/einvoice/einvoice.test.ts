import type { CartView, DocumentFile, DocumentList, NewCartSession, OrderCreateAnswer } from "@shop/contracts";
import { DOMParser } from "@xmldom/xmldom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../http/app-error.ts";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { type CartCatalog, insertCartCatalog, insertCoupon, insertProduct } from "../cart/cart.fixtures.ts";
import { setProductClassificationCode } from "../catalog/index.ts";
import { orderMailAttachments } from "../orders/index.ts";
import { CHECKOUT_ADDRESS, insertCheckoutSetup, methodIds } from "../orders/orders.fixtures.ts";
import { CUSTOMIZATION_ID, KPD_LIST_ID, OIB_SCHEME } from "./ubl-invoice.ts";
import { expectUblInvoiceStructure, UBL_NS } from "./ubl-structure.test-support.ts";

/**
 * Issue 11's e-invoice: a company paying by bank transfer gets, beside its R1 receipt, a UBL 2.1
 * invoice in the HR CIUS 2025 with the KPD code each line froze; its owner or token holder reads it
 * among the order's documents, the confirmation carries it, and a line without a code withholds it.
 */

let p: TestPlatform;
let c: CartCatalog;
let m: Awaited<ReturnType<typeof methodIds>>;

const COMPANY = { companyName: "Firma d.o.o.", oib: "69435151530" };
const WAX_KPD = "20.41.43";
const VOUCHER_KPD = "45.20.30";

beforeAll(async () => {
  p = await createTestPlatform({ fiscal: true });
  c = await insertCartCatalog(p.db);
  await insertCheckoutSetup(p.db);
  m = await methodIds(p.db);
  await setProductClassificationCode(p.requestCtx(), c.wax, WAX_KPD);
  await setProductClassificationCode(p.requestCtx(), c.voucher, ` ${VOUCHER_KPD} `);
});
afterAll(() => p.close());

interface OrderOptions {
  user?: string;
  company?: boolean;
  payment?: "bankTransfer" | "card";
  items?: [productId: number, qty: number][];
  delivery?: "pickup" | "courier";
  coupon?: string;
}

/** An order placed through the checkout (a guest's without `user`); answers its code and access token. */
async function placeOrder(o: OrderOptions = {}) {
  const token = o.user;
  const s = (await p.call<NewCartSession>("GET", "/api/v2/cart/getNewCartSession", { token })).body.data;
  const session = { cartId: s.cartId, protectCode: s.protectCode };
  for (const [productId, qty] of o.items ?? [[c.wax, 2]]) {
    const added = await p.call<CartView>("POST", "/api/v2/cart/addItem", { token, body: { ...session, productId, qty } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  }
  if (o.coupon) {
    const applied = await p.call<CartView>("POST", "/api/v2/cart/applyCoupon", { token, body: { ...session, couponCode: o.coupon } });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  }
  const delivery = o.delivery === "courier" ? { deliveryMethodId: m.courier } : { deliveryMethodId: m.pickup, branchId: m.branches[0] };
  const steps: [string, Record<string, unknown>][] = [
    [
      "checkout/saveAddresses",
      { delivery: CHECKOUT_ADDRESS, ...(token ? {} : { email: "firma@example.hr" }), ...(o.company === false ? {} : { company: COMPANY }) },
    ],
    ["delivery/saveDeliveryMethod", delivery],
    ["payment/savePaymentMethod", { paymentMethodId: m[o.payment ?? "bankTransfer"] }],
  ];
  for (const [path, body] of steps) {
    const res = await p.call("PUT", `/api/v2/${path}`, { token, body: { ...session, ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const order = await p.call<OrderCreateAnswer>("POST", "/api/v2/order/create", { token, body: session });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  return { code: order.body.data.orderSlug, token: order.body.data.accessToken };
}

async function customer() {
  const user = await p.createUser();
  return { ...user, token: (await p.login(user)).accessToken };
}

const list = (code: string, as: { orderToken?: string; user?: string }) =>
  p.call<DocumentList>("POST", "/api/v2/document/filter/web", {
    token: as.user,
    headers: as.orderToken ? { orderToken: as.orderToken } : undefined,
    body: { orderCode: code },
  });
const get = (id: string, as: { orderToken?: string; user?: string }) =>
  p.call<DocumentFile>("GET", `/api/v2/document/get/web/${id}`, {
    token: as.user,
    headers: as.orderToken ? { orderToken: as.orderToken } : undefined,
  });
/** The e-invoice's XML as the documents endpoint serves it. */
async function servedXml(code: string, as: { orderToken?: string; user?: string }) {
  const file = await get(`eInvoice-${code}`, as);
  expect(file.status).toBe(200);
  return Buffer.from(file.body.data.base64, "base64").toString("utf8");
}
const withoutRequestId = (body: unknown) => {
  const { requestId: _ignored, ...rest } = body as Record<string, unknown>;
  return rest;
};

type XmlElement = Element;

/** The elements `cac:A/cac:B/cbc:C` under `from`, by a path of prefixed names. */
function at(from: XmlElement, path: string): XmlElement[] {
  let nodes = [from];
  for (const step of path.split("/")) {
    const [prefix, name] = step.split(":") as [string, string];
    const ns = prefix === "cbc" ? UBL_NS.cbc : UBL_NS.cac;
    nodes = nodes.flatMap((n) =>
      Array.from(n.childNodes).filter(
        (x): x is XmlElement => x.nodeType === 1 && (x as XmlElement).namespaceURI === ns && (x as XmlElement).localName === name,
      ),
    );
  }
  return nodes;
}
const one = (from: XmlElement, path: string) => {
  const found = at(from, path);
  expect(found, path).toHaveLength(1);
  return found[0] as XmlElement;
};
const text = (from: XmlElement, path: string) => one(from, path).textContent ?? "";
const cents = (from: XmlElement, path: string) => Math.round(Number(text(from, path)) * 100);

function parse(xml: string): XmlElement {
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  const root = doc.documentElement as XmlElement | null;
  if (!root) throw new Error("no document element");
  return root;
}

async function rows(code: string) {
  const order = await p.db.selectFrom("orders").selectAll().where("code", "=", code).executeTakeFirstOrThrow();
  const receipt = await p.db.selectFrom("receipts").selectAll().where("order_id", "=", order.id).executeTakeFirstOrThrow();
  const lines = await p.db.selectFrom("order_lines").selectAll().where("order_id", "=", order.id).orderBy("position").execute();
  return { order, receipt, lines };
}

/** The CIUS rules a test can check without the Tax Administration's Schematron: identifiers, parties, KPD, sums. */
function checkCiusRules(invoice: XmlElement) {
  expect(invoice.localName).toBe("Invoice");
  // HR-BR-33: no empty element (there is no signature element, the one exception).
  const leaves = Array.from(invoice.getElementsByTagName("*")).filter((e) => !Array.from(e.childNodes).some((n) => n.nodeType === 1));
  expect(leaves.filter((e) => !(e.textContent ?? "").trim()).map((e) => e.tagName)).toEqual([]);
  expect(text(invoice, "cbc:IssueDate") >= "2026-01-01").toBe(true); // HR-BR-40
  expect(text(invoice, "cbc:CustomizationID")).toBe(CUSTOMIZATION_ID);
  expect(text(invoice, "cbc:ProfileID")).toMatch(/^P([1-9]|1[0-2])$/);
  expect(text(invoice, "cbc:ID")).toMatch(/^\S+$/);
  expect(text(invoice, "cbc:IssueTime")).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  for (const side of ["cac:AccountingSupplierParty", "cac:AccountingCustomerParty"]) {
    const endpoint = one(invoice, `${side}/cac:Party/cbc:EndpointID`);
    expect(endpoint.getAttribute("schemeID")).toBe(OIB_SCHEME);
    expect(text(invoice, `${side}/cac:Party/cac:PartyTaxScheme/cbc:CompanyID`)).toBe(`HR${endpoint.textContent}`);
  }
  expect(text(invoice, "cac:AccountingSupplierParty/cac:SellerContact/cbc:ID")).toMatch(/^\d{11}$/); // HR-BR-9
  expect(text(invoice, "cac:AccountingSupplierParty/cac:SellerContact/cbc:Name")).not.toBe(""); // HR-BR-37

  const lines = at(invoice, "cac:InvoiceLine");
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    const code = one(line, "cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode");
    expect(code.getAttribute("listID")).toBe(KPD_LIST_ID);
    expect(code.textContent).toMatch(/^\d{2}\.\d{2}\.\d{2}$/);
    // Quantity × net unit price gives the line's amount, to the cent.
    expect(Math.round(Number(text(line, "cbc:InvoicedQuantity")) * Number(text(line, "cac:Price/cbc:PriceAmount")) * 100)).toBe(
      cents(line, "cbc:LineExtensionAmount"),
    );
  }
  const totals = one(invoice, "cac:LegalMonetaryTotal");
  const lineSum = lines.reduce((s, l) => s + cents(l, "cbc:LineExtensionAmount"), 0);
  const charges = at(invoice, "cac:AllowanceCharge");
  const chargeSum = charges.reduce((s, ch) => s + cents(ch, "cbc:Amount"), 0);
  const subtotals = at(invoice, "cac:TaxTotal/cac:TaxSubtotal");
  const taxSum = subtotals.reduce((s, st) => s + cents(st, "cbc:TaxAmount"), 0);
  expect(cents(totals, "cbc:LineExtensionAmount")).toBe(lineSum); // BR-CO-10
  expect(cents(totals, "cbc:TaxExclusiveAmount")).toBe(lineSum + chargeSum); // BR-CO-13
  expect(cents(invoice, "cac:TaxTotal/cbc:TaxAmount")).toBe(taxSum); // BR-CO-14
  expect(cents(totals, "cbc:TaxInclusiveAmount")).toBe(lineSum + chargeSum + taxSum); // BR-CO-15
  expect(cents(totals, "cbc:PayableAmount")).toBe(cents(totals, "cbc:TaxInclusiveAmount")); // BR-CO-16
  for (const st of subtotals) {
    const rate = Number(text(st, "cac:TaxCategory/cbc:Percent"));
    const ofRate = (nodes: XmlElement[], category: string, amountPath: string) =>
      nodes.filter((n) => Number(text(n, `${category}/cbc:Percent`)) === rate).reduce((s, n) => s + cents(n, amountPath), 0);
    const base = cents(st, "cbc:TaxableAmount");
    // BR-S-08: a rate's base is its lines and charges; BR-S-09/BR-CO-17: its VAT is the base times the rate.
    expect(base).toBe(
      ofRate(lines, "cac:Item/cac:ClassifiedTaxCategory", "cbc:LineExtensionAmount") + ofRate(charges, "cac:TaxCategory", "cbc:Amount"),
    );
    expect(Math.abs(cents(st, "cbc:TaxAmount") - Math.round((base * rate) / 100))).toBeLessThanOrEqual(1);
  }
  const means = one(invoice, "cac:PaymentMeans");
  expect(text(means, "cbc:PaymentMeansCode")).toBe("30");
  expect(text(means, "cac:PayeeFinancialAccount/cbc:ID")).toMatch(/^HR\d{19}$/);
  expect(text(invoice, "cbc:DueDate") >= text(invoice, "cbc:IssueDate")).toBe(true); // HR-BR-4
}

describe("e-invoice", () => {
  it("is listed beside the R1 receipt and the slip for a company's transfer order, and served to its owner as UBL in the HR CIUS", async () => {
    const owner = await customer();
    const placed = await placeOrder({
      user: owner.token,
      items: [
        [c.wax, 3],
        [c.voucher, 1],
      ],
      delivery: "courier",
    });
    const listed = await list(placed.code, { user: owner.token });
    expect(listed.status).toBe(200);
    const { order, receipt, lines } = await rows(placed.code);
    const filename = `eracun-${receipt.sequence}-${receipt.premise}-${receipt.device}.xml`;
    expect(listed.body.data.records).toEqual([
      expect.objectContaining({ kind: "receipt" }),
      expect.objectContaining({ kind: "paymentSlip" }),
      { id: `eInvoice-${placed.code}`, kind: "eInvoice", filename, contentType: "application/xml" },
    ]);

    const file = await get(`eInvoice-${placed.code}`, { user: owner.token });
    expect(file.status).toBe(200);
    expect(file.body.data).toMatchObject({ filename, contentType: "application/xml" });
    const xml = Buffer.from(file.body.data.base64, "base64").toString("utf8");
    expectUblInvoiceStructure(xml);
    const invoice = parse(xml);
    checkCiusRules(invoice);

    // The same invoice as the receipt: its number, its VAT per rate, its total; the parties by OIB.
    expect(text(invoice, "cbc:ID")).toBe(`${receipt.sequence}-${receipt.premise}-${receipt.device}`);
    expect(text(invoice, "cac:AccountingSupplierParty/cac:Party/cbc:EndpointID")).toBe(receipt.oib);
    expect(text(invoice, "cac:AccountingSupplierParty/cac:SellerContact/cbc:ID")).toBe(receipt.operator_oib);
    expect(text(invoice, "cac:AccountingCustomerParty/cac:Party/cbc:EndpointID")).toBe(COMPANY.oib);
    expect(text(invoice, "cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName")).toBe(COMPANY.companyName);
    expect(cents(invoice, "cac:LegalMonetaryTotal/cbc:PayableAmount")).toBe(order.total_cents);
    const vat = JSON.parse(receipt.vat) as { ratePercent: number; baseCents: number; vatCents: number }[];
    expect(
      at(invoice, "cac:TaxTotal/cac:TaxSubtotal").map((st) => ({
        ratePercent: Number(text(st, "cac:TaxCategory/cbc:Percent")),
        baseCents: cents(st, "cbc:TaxableAmount"),
        vatCents: cents(st, "cbc:TaxAmount"),
      })),
    ).toEqual(vat);
    // The courier's price is a document-level charge.
    expect(order.delivery_cents).toBeGreaterThan(0);
    expect(at(invoice, "cac:AllowanceCharge").map((ch) => text(ch, "cbc:AllowanceChargeReason"))).toEqual(["Dostava"]);
    // Each line names the KPD code its order line froze, with the product's SKU.
    expect(
      at(invoice, "cac:InvoiceLine").map((l) => [
        text(l, "cac:Item/cac:SellersItemIdentification/cbc:ID"),
        text(l, "cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode"),
        text(l, "cbc:InvoicedQuantity"),
      ]),
    ).toEqual(lines.map((l) => [l.sku, l.classification_code, String(l.qty)]));
    expect(lines.map((l) => l.classification_code)).toEqual([WAX_KPD, VOUCHER_KPD]);
    // Paid to the shop's IBAN with the slip's HR00 reference, due after the transfer's days.
    expect(text(invoice, "cac:PaymentMeans/cbc:PaymentID")).toBe(`HR00 ${order.number}`);
    expect(text(invoice, "cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:ID")).toBe("HR1210010051863000160");
  });

  it("splits a coupon over lines of three VAT rates and keeps the delivery a charge, in UBL 2.1's structure and the receipt's VAT", async () => {
    const shampoo = await insertProduct(p.db, { retailCents: 1130, vatRate: 13, name: "Šampon za pranje" });
    const washing = await insertProduct(p.db, { retailCents: 1050, vatRate: 5, name: "Pranje vozila" });
    await setProductClassificationCode(p.requestCtx(), shampoo, "20.41.32");
    await setProductClassificationCode(p.requestCtx(), washing, VOUCHER_KPD);
    await insertCoupon(p.db, { code: "FIRMA10", kind: "percent", value: 10 });
    const placed = await placeOrder({
      items: [
        [c.wax, 3],
        [shampoo, 2],
        [washing, 1],
      ],
      delivery: "courier",
      coupon: "FIRMA10",
    });
    const { order, receipt } = await rows(placed.code);
    expect(order.discount_cents).toBeGreaterThan(0);
    expect(order.delivery_cents).toBeGreaterThan(0);
    const xml = await servedXml(placed.code, { orderToken: placed.token });
    expectUblInvoiceStructure(xml);
    const invoice = parse(xml);
    checkCiusRules(invoice);
    const vat = JSON.parse(receipt.vat) as { ratePercent: number; baseCents: number; vatCents: number }[];
    expect(new Set(vat.map((v) => v.ratePercent))).toEqual(new Set([5, 13, 25]));
    expect(
      at(invoice, "cac:TaxTotal/cac:TaxSubtotal").map((st) => ({
        ratePercent: Number(text(st, "cac:TaxCategory/cbc:Percent")),
        baseCents: cents(st, "cbc:TaxableAmount"),
        vatCents: cents(st, "cbc:TaxAmount"),
      })),
    ).toEqual(vat);
    expect(cents(invoice, "cac:LegalMonetaryTotal/cbc:PayableAmount")).toBe(order.total_cents);
    expect(at(invoice, "cac:AllowanceCharge").map((ch) => text(ch, "cbc:AllowanceChargeReason"))).toEqual(["Dostava"]);
  });

  it("gives the holder of the order's token the same file, and answers another customer and a missing order alike", async () => {
    const placed = await placeOrder();
    const byToken = await get(`eInvoice-${placed.code}`, { orderToken: placed.token });
    expect(byToken.status).toBe(200);
    expect(byToken.body.data.contentType).toBe("application/xml");
    expectUblInvoiceStructure(Buffer.from(byToken.body.data.base64, "base64").toString("utf8"));

    const stranger = await customer();
    const foreign = await get(`eInvoice-${placed.code}`, { user: stranger.token });
    const missing = await get("eInvoice-ZZZZZZZZZZZZZZZZ", { user: stranger.token });
    expect(foreign.status).toBe(404);
    expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
    const wrongToken = await get(`eInvoice-${placed.code}`, { orderToken: (await placeOrder()).token });
    expect(wrongToken.status).toBe(404);
    expect(withoutRequestId(wrongToken.body)).toEqual(withoutRequestId(missing.body));
  });

  it("keeps the code the line froze when the product's code changes later", async () => {
    const placed = await placeOrder({ items: [[c.wax, 1]] });
    await setProductClassificationCode(p.requestCtx(), c.wax, "20.41.32");
    try {
      const { lines } = await rows(placed.code);
      expect(lines.map((l) => l.classification_code)).toEqual([WAX_KPD]);
      const xml = await servedXml(placed.code, { orderToken: placed.token });
      expectUblInvoiceStructure(xml);
      expect(
        at(parse(xml), "cac:InvoiceLine/cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode").map((e) => e.textContent),
      ).toEqual([WAX_KPD]);
    } finally {
      await setProductClassificationCode(p.requestCtx(), c.wax, WAX_KPD);
    }
  });

  it("is attached to the confirmation e-mail as XML, made by the mail's recipe", async () => {
    const owner = await customer();
    const placed = await placeOrder({ user: owner.token });
    const { receipt } = await rows(placed.code);
    const filename = `eracun-${receipt.sequence}-${receipt.premise}-${receipt.device}.xml`;
    const mail = await p.waitForMail((mm) => mm.to.includes(owner.email) && mm.attachments.some((a) => a.filename === filename));
    const attached = mail.attachments.find((a) => a.filename === filename);
    expect(attached?.contentType).toBe("application/xml");
    const served = await servedXml(placed.code, { user: owner.token });
    expect(attached?.content.toString("utf8")).toBe(served);
    expectUblInvoiceStructure(served);
    expect(Object.keys(orderMailAttachments(p.db))).toContain("einvoice-ubl");
  });

  it("is withheld while a line has no KPD code: the order and its R1 receipt stand, staff get an alert, the id answers 404", async () => {
    const owner = await customer();
    // The cloth has no code.
    const order = await placeOrder({
      user: owner.token,
      items: [
        [c.wax, 1],
        [c.cloth, 1],
      ],
    });
    const { order: row, receipt } = await rows(order.code);
    expect(receipt.buyer_oib).toBe(COMPANY.oib);
    const listed = await list(order.code, { user: owner.token });
    expect(listed.body.data.records.map((r) => r.kind)).toEqual(["receipt", "paymentSlip"]);
    const refused = await get(`eInvoice-${order.code}`, { user: owner.token });
    const missing = await get("eInvoice-ZZZZZZZZZZZZZZZZ", { user: owner.token });
    expect(refused.status).toBe(404);
    expect(withoutRequestId(refused.body)).toEqual(withoutRequestId(missing.body));
    const alerts = await p.db.selectFrom("order_alerts").selectAll().where("order_id", "=", row.id).execute();
    expect(alerts).toEqual([expect.objectContaining({ kind: "einvoice_blocked", resolved_at: null })]);
    expect(alerts[0]?.detail).toMatch(/^missingClassification:\S+$/);
    const mail = await p.waitForMail((mm) => mm.to.includes(owner.email));
    expect(mail.attachments.map((a) => a.contentType)).not.toContain("application/xml");
  });

  it("is not made for a consumer's transfer order nor for a company paying by card", async () => {
    const consumer = await placeOrder({ company: false });
    expect((await list(consumer.code, { orderToken: consumer.token })).body.data.records.map((r) => r.kind)).toEqual([
      "receipt",
      "paymentSlip",
    ]);
    const card = await placeOrder({ payment: "card" });
    expect((await list(card.code, { orderToken: card.token })).body.data.records.map((r) => r.kind)).not.toContain("eInvoice");
    const alerts = await p.db
      .selectFrom("order_alerts")
      .innerJoin("orders", "orders.id", "order_alerts.order_id")
      .select("order_alerts.kind")
      .where("orders.code", "in", [consumer.code, card.code])
      .execute();
    expect(alerts).toEqual([]);
  });
});

describe("product classification code", () => {
  it("takes a six-digit KPD code, clears with an empty one, and refuses any other shape with a field error", async () => {
    const ctx = p.requestCtx();
    await expect(setProductClassificationCode(ctx, c.cloth, "13.92.29")).resolves.toBe("13.92.29");
    await expect(setProductClassificationCode(ctx, c.cloth, "")).resolves.toBeNull();
    for (const bad of ["4520", "45.20", "45.20.3", "45.20.301", "ab.cd.ef", "45-20-30"]) {
      const error = await setProductClassificationCode(ctx, c.cloth, bad).catch((e: unknown) => e);
      expect(error, bad).toBeInstanceOf(AppError);
      expect((error as AppError).fields).toEqual([expect.objectContaining({ path: "classificationCode", key: "validation.kpd" })]);
    }
    const row = await p.db.selectFrom("products").select("classification_code").where("id", "=", c.cloth).executeTakeFirstOrThrow();
    expect(row.classification_code).toBeNull();
    const missing = await setProductClassificationCode(ctx, 2_000_000_000, "13.92.29").catch((e: unknown) => e);
    expect((missing as AppError).code).toBe("NOT_FOUND");
  });
});
