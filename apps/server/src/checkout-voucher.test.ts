import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import { formatPrice, translator } from "@shop/i18n";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, createTestShop, type TestShop } from "./testing.ts";

/**
 * The payment step's gift voucher as a browser without JavaScript uses it: a form post applies or
 * removes the code and comes back to the step with the voucher's part and the rest, or with the
 * refusal under the field in the page's language; the order then pays only the rest.
 */

let shop: TestShop;
const hr = translator("hr");
let glass = 0;

const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

const GUEST = {
  "delivery.firstName": "Ivana",
  "delivery.lastName": "Babić",
  "delivery.contactEmail": "ivana@example.hr",
  "delivery.contactPhone": "+385 91 555 0101",
  "delivery.street": "Ilica",
  "delivery.houseNumber": "1",
  "delivery.zipCode": "10000",
  "delivery.city": "Zagreb",
  "delivery.country": "HR",
};

beforeAll(async () => {
  shop = await createTestShop();
  const res = await shop.app.request("/api/v1/product/web/get?slug=sredstvo-za-stakla", { headers: { apiKey: DEMO_API_KEY } });
  glass = ((await res.json()) as { data: { id: number } }).data.id;
});
afterAll(() => shop.stop());

async function page(path: string, jar: CookieJar): Promise<string> {
  const res = await shop.get(path, jar);
  expect(res.status, path).toBe(200);
  return res.text();
}

const consentFields = (form: string) => Object.fromEntries([...form.matchAll(/name="(consent\.\d+)"/g)].map((m) => [m[1] as string, "on"]));
const radios = (form: string, name: string) =>
  [...form.matchAll(/<input [^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => tag.includes(` name="${name}"`))
    .flatMap((tag) => / value="(\d+)"/.exec(tag)?.[1] ?? []);
function hidden(form: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(form);
  if (!match) throw new Error(`no field ${name}`);
  return (match[1] as string).replace(/&quot;/g, '"').replace(/&amp;/g, "&");
}

/** A guest's cart of `qty` glass cleaners on the payment step. */
async function onPayment(qty: number): Promise<CookieJar> {
  const jar = new CookieJar();
  expect(
    (await shop.postForm("/cart/action", { js: "1", locale: "hr", intent: "add", productId: String(glass), qty: String(qty) }, jar)).status,
  ).toBe(200);
  const address = await page("/naplata", jar);
  expect((await shop.postForm("/naplata?step=address", { step: "address", ...GUEST, ...consentFields(address) }, jar)).status).toBe(303);
  const shipping = await page("/naplata?step=shipping", jar);
  const [pickup] = radios(shipping, "deliveryMethodId");
  const branch = radios(shipping, `branch.${pickup}`)[0] ?? "";
  await shop.postForm("/naplata?step=shipping", { step: "shipping", deliveryMethodId: pickup ?? "", [`branch.${pickup}`]: branch }, jar);
  return jar;
}

/** A voucher of `cents`, hung on an order line of the shop (every voucher belongs to the order that bought it). */
async function voucher(cents: number): Promise<string> {
  const db = shop.db.db;
  const line = await db.selectFrom("order_lines").select(["id", "order_id"]).orderBy("id").executeTakeFirstOrThrow();
  const code = `TEST${String(cents).padStart(12, "2")}`.replace(/[01]/g, "3").slice(0, 16);
  const now = new Date().toISOString();
  await db
    .insertInto("vouchers")
    .values({
      code,
      order_id: line.order_id,
      order_line_id: line.id,
      unit: cents,
      value_cents: cents,
      balance_cents: cents,
      expires_at: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return code;
}

const money = (eur: number) => html(formatPrice("hr", eur));

describe("the gift voucher on the payment step, without JavaScript", () => {
  it("refuses an unknown code under its field, applies a good one with its part and the rest, and the order pays the rest", async () => {
    // Any order gives the fixture voucher its order line.
    const first = await onPayment(1);
    const firstForm = await page("/naplata?step=payment", first);
    const method =
      /name="paymentMethodId"[^>]* value="(\d+)"[^>]*\/><label[^>]*><span class="choice__name">Virmansko plaćanje</.exec(firstForm)?.[1] ??
      "";
    const pay = (form: string) => ({
      step: "payment",
      seen: hidden(form, "seen"),
      savedPaymentMethodId: hidden(form, "savedPaymentMethodId"),
      paymentMethodId: method,
      ...consentFields(form),
    });
    expect((await shop.postForm("/naplata?step=payment", pay(firstForm), first)).status).toBe(303);

    const code = await voucher(500);
    const jar = await onPayment(3);
    const form = await page("/naplata?step=payment", jar);
    expect(form).toContain(html(hr("checkout.voucher.label")));
    expect(form).toContain('name="voucherCode"');

    const refused = await shop.postForm("/naplata?step=payment", { voucher: "apply", voucherCode: "NEMA-TAKVOG-BONA-XX" }, jar);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(html(hr("error.voucher.unknown")));

    const applied = await shop.postForm("/naplata?step=payment", { voucher: "apply", voucherCode: code.toLowerCase() }, jar);
    expect(applied.status).toBe(303);
    expect(applied.headers.get("location")).toBe("/naplata?step=payment");
    const withVoucher = await page("/naplata?step=payment", jar);
    const total = Number(
      /data-testid="checkout-total">([^<]+)</
        .exec(withVoucher)?.[1]
        ?.replace(/[^\d,]/g, "")
        .replace(",", "."),
    );
    expect(withVoucher).toContain(
      html(hr("checkout.totals.voucher", { code: `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}-${code.slice(12)}` })),
    );
    expect(withVoucher).toContain(`data-testid="checkout-to-pay">${money(total - 5)}<`);

    const removed = await shop.postForm("/naplata?step=payment", { voucher: "remove" }, jar);
    expect(removed.status).toBe(303);
    expect(await page("/naplata?step=payment", jar)).not.toContain('data-testid="checkout-to-pay"');
    await shop.postForm("/naplata?step=payment", { voucher: "apply", voucherCode: code }, jar);

    const placed = await shop.postForm("/naplata?step=payment", pay(await page("/naplata?step=payment", jar)), jar);
    expect(placed.status).toBe(303);
    const slug = new URL(placed.headers.get("location") ?? "", "http://localhost").searchParams.get("orderSlug") ?? "";
    const order = await shop.db.db.selectFrom("orders").selectAll().where("code", "=", slug).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ voucher_cents: 500, voucher_code: code });
    const success = await page(`/naplata/uspjesna?orderSlug=${slug}`, jar);
    expect(success).toContain(`data-testid="order-to-pay">${money(total - 5)}<`);
  });
});
