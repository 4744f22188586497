import type { NewCartSession, OrderCreateAnswer } from "@shop/contracts";
import type { Database } from "@shop/db";
import { BANK_ACCOUNT, COMPANY } from "@shop/db/seed/business.ts";
import { seedCheckout } from "@shop/db/seed/checkout.ts";
import { COUNTRIES } from "@shop/db/seed/countries.ts";
import type { Kysely } from "kysely";
import type { TestPlatform } from "../../test-support.ts";

/** A guest's delivery address as the checkout's address step takes it. */
export const CHECKOUT_ADDRESS = {
  firstName: "Ivana",
  lastName: "Babić",
  contactEmail: "ivana@example.hr",
  contactPhone: "+385 91 555 0101",
  country: "HR",
  city: "Zagreb",
  street: "Ilica",
  houseNumber: "1",
  zipCode: "10000",
};

/** Test-only: the demo shop's countries, branches and delivery and payment methods, from the demo seed itself. */
export async function insertCheckoutSetup(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto("countries")
    .values([...COUNTRIES])
    .execute();
  await db
    .insertInto("cms_options")
    .values([
      { key: "BankIban", value: BANK_ACCOUNT.iban, media_id: null },
      { key: "BankRecipientName", value: BANK_ACCOUNT.recipient.name, media_id: null },
      { key: "BankRecipientStreet", value: BANK_ACCOUNT.recipient.street, media_id: null },
      { key: "BankRecipientPlace", value: BANK_ACCOUNT.recipient.place, media_id: null },
      { key: "CompanyName", value: COMPANY.legalName, media_id: null },
      { key: "CompanyStreet", value: COMPANY.street, media_id: null },
      { key: "CompanyPlace", value: `${COMPANY.zipCode} ${COMPANY.city}`, media_id: null },
    ])
    .execute();
  await seedCheckout({ trx: db, now: new Date().toISOString(), users: { adminId: 0, customerId: 0 } });
}

export async function methodIds(db: Kysely<Database>) {
  const delivery = await db.selectFrom("delivery_methods").select(["id", "code"]).execute();
  const payment = await db.selectFrom("payment_methods").select(["id", "code"]).execute();
  const branches = await db.selectFrom("branches").select("id").orderBy("position").execute();
  const byCode = (rows: { id: number; code: string }[], code: string) => rows.find((r) => r.code === code)?.id ?? 0;
  return {
    pickup: byCode(delivery, "pickup"),
    courier: byCode(delivery, "courier"),
    card: byCode(payment, "card"),
    wallet: byCode(payment, "wallet"),
    bankTransfer: byCode(payment, "bank_transfer"),
    branch: byCode(payment, "branch"),
    branches: branches.map((b) => b.id),
  };
}

/**
 * An order placed through the checkout's endpoints (two of `productId`, picked up at a branch, the
 * first unless `branch` says), logged in with `token` or as a guest: its code, number and access token.
 */
export async function placeOrder(
  p: TestPlatform,
  productId: number,
  options: {
    token?: string;
    payment?: "bankTransfer" | "card";
    company?: { companyName: string; oib: string };
    language?: string;
    delivery?: Partial<typeof CHECKOUT_ADDRESS>;
    email?: string;
    branch?: number;
  } = {},
): Promise<{ code: string; number: string; token: string }> {
  const { token, language } = options;
  const m = await methodIds(p.db);
  const s = (await p.call<NewCartSession>("GET", "/api/v2/cart/getNewCartSession", { token, language })).body.data;
  const session = { cartId: s.cartId, protectCode: s.protectCode };
  const steps: [string, string, Record<string, unknown>][] = [
    ["POST", "cart/addItem", { productId, qty: 2 }],
    [
      "PUT",
      "checkout/saveAddresses",
      {
        delivery: { ...CHECKOUT_ADDRESS, ...options.delivery },
        ...(token ? {} : { email: options.email ?? "gost@example.hr" }),
        ...(options.company ? { company: options.company } : {}),
      },
    ],
    ["PUT", "delivery/saveDeliveryMethod", { deliveryMethodId: m.pickup, branchId: m.branches[options.branch ?? 0] }],
    ["PUT", "payment/savePaymentMethod", { paymentMethodId: m[options.payment ?? "bankTransfer"] }],
  ];
  for (const [method, path, body] of steps) {
    const res = await p.call(method, `/api/v2/${path}`, { token, language, body: { ...session, ...body } });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const order = await p.call<OrderCreateAnswer>("POST", "/api/v2/order/create", { token, language, body: session });
  if (order.status !== 200) throw new Error(`order/create: ${order.status} ${JSON.stringify(order.body)}`);
  const row = await p.db.selectFrom("orders").select("number").where("code", "=", order.body.data.orderSlug).executeTakeFirstOrThrow();
  return { code: order.body.data.orderSlug, number: row.number, token: order.body.data.accessToken };
}

/**
 * Test-only: an order placed through the API by a guest (pickup at the first branch), paid as named,
 * with the setup above. Answers the order's row and its access token.
 */
export async function placeTestOrder(
  p: TestPlatform,
  input: {
    product: number;
    /** Further lines. */
    more?: { product: number; qty: number }[];
    qty?: number;
    payment: "bankTransfer" | "branch" | "card";
    email: string;
    company?: { companyName: string; oib: string };
  },
) {
  const m = await methodIds(p.db);
  const api = <T>(method: string, path: string, body: unknown) => p.call<T>(method, `/api/v2/${path}`, { body });
  const s = (await p.call<NewCartSession>("GET", "/api/v2/cart/getNewCartSession")).body.data;
  await api("POST", "cart/addItem", { ...s, productId: input.product, qty: input.qty ?? 2 });
  for (const item of input.more ?? []) await api("POST", "cart/addItem", { ...s, productId: item.product, qty: item.qty });
  await api("PUT", "checkout/saveAddresses", {
    ...s,
    email: input.email,
    delivery: CHECKOUT_ADDRESS,
    ...(input.company ? { company: input.company } : {}),
  });
  await api("PUT", "delivery/saveDeliveryMethod", { ...s, deliveryMethodId: m.pickup, branchId: m.branches[0] });
  await api("PUT", "payment/savePaymentMethod", { ...s, paymentMethodId: m[input.payment] });
  const res = await api<OrderCreateAnswer>("POST", "order/create", s);
  if (res.status !== 200) throw new Error(`order/create answered ${res.status}: ${JSON.stringify(res.body)}`);
  const order = await p.db.selectFrom("orders").selectAll().where("code", "=", res.body.data.orderSlug).executeTakeFirstOrThrow();
  return { order, token: res.body.data.accessToken, html: res.body.data.html };
}

/** Test-only: the provider's word that the card order's first attempt is paid in full (the adapter has verified it). */
export async function paidEvidence(p: TestPlatform, orderId: number) {
  const attempt = await p.db.selectFrom("payment_attempts").selectAll().where("order_id", "=", orderId).executeTakeFirstOrThrow();
  return {
    kind: "paid" as const,
    orderNumber: attempt.provider_order_number,
    amountCents: attempt.amount_cents,
    currency: "EUR",
    approvalCode: "123456",
    transactionId: `t-${attempt.id}`,
  };
}

/** Test-only: HTML entities back to text (a provider form's fields). */
export const decodeEntities = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** Test-only: the first form of a page, as the browser would post it. */
export function formIn(html: string): { action: string; fields: Record<string, string> } {
  const action = decodeEntities(/<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? "");
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, k, v]) => [
      decodeEntities(k ?? ""),
      decodeEntities(v ?? ""),
    ]),
  );
  return { action, fields };
}

/**
 * Test-only: the buyer pays a card order at the provider's emulator and comes back to the shop;
 * the order is paid (and its receipt issued) by the time this returns.
 */
export async function payAtEmulator(p: TestPlatform, html: string): Promise<void> {
  const shopForm = formIn(html);
  const page = await (await p.app.request(shopForm.action, { method: "POST", body: new URLSearchParams(shopForm.fields) })).text();
  const { action: target } = formIn(page);
  const orderNumber = decodeEntities(/name="order_number" value="([^"]+)"/.exec(page)?.[1] ?? "");
  const answer = await p.app.request(new URL(target, shopForm.action).href, {
    method: "POST",
    body: new URLSearchParams({ order_number: orderNumber, behaviour: "normal", action: "pay" }),
  });
  if (answer.status === 302 || answer.status === 303) {
    await p.app.request(answer.headers.get("location") ?? "");
  } else {
    const { action, fields } = formIn(await answer.text());
    await p.app.request(action, { method: "POST", body: new URLSearchParams(fields) });
  }
}
