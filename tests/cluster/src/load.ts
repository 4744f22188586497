import { randomUUID } from "node:crypto";
import { DEFAULT_LOCALE, localizedPath } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { type Client, CookieJar, formOf } from "./client.ts";

/** The demo's pages a visitor browses, its wash programme (no stock limit) and two products with stock. */
export const BROWSE_CATEGORY = "njega-vozila";
export const BROWSE_PRODUCT = "auto-sampon";
export const WASH_PRODUCT = "osnovno-pranje";
export const STOCKED_PRODUCTS = ["sredstvo-za-stakla", "cistac-felgi"] as const;
/** Orders of this address are the load's: the checks count them in the database. */
export const LOAD_EMAIL = "cluster-load@example.hr";

export interface Shop {
  washId: number;
  stocked: number[];
  pickup: { deliveryMethodId: number; branchId: number };
  cardMethodId: number;
  consents: number[];
  /** One account per visitor: a person logs in from one place at a time. */
  customers: { email: string; password: string }[];
}

export interface PlacedOrder {
  slug: string;
  /** productId -> units the visitor put in the cart. */
  units: Map<number, number>;
  /** The provider (the emulator) accepted the payment. */
  accepted: boolean;
}

const CHECKOUT_ADDRESS = {
  firstName: "Ivana",
  lastName: "Babić",
  contactEmail: LOAD_EMAIL,
  contactPhone: "+385 91 555 0101",
  country: "HR",
  city: "Zagreb",
  street: "Ilica",
  houseNumber: "1",
  zipCode: "10000",
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retries `attempt` (each try recorded) until it answers, as a visitor reloads: at most `tries` times. */
async function again<T>(tries: number, attempt: () => Promise<T | null>): Promise<T | null> {
  for (let i = 0; i < tries; i++) {
    const result = await attempt();
    if (result !== null) return result;
    await sleep(250);
  }
  return null;
}

const SUCCESS_PATH = localizedPath("checkoutSuccess", DEFAULT_LOCALE);

/**
 * One visitor's round: the home, a category and a product page; every third round a login on the
 * storefront's form and the profile page with its cookies; then a cart, the checkout's steps and
 * the order, paid by card on the provider's page (the emulator), back through the shop's return.
 * A step that fails ends the round (it was recorded); the cart's adds, the order and the return are
 * tried again, as a visitor presses again: each add and the order under its own Idempotency-Key, so
 * never applied twice, whether the visitor or the balancer sends it again.
 */
export async function visit(client: Client, shop: Shop, user: number, round: number, placed: PlacedOrder[]): Promise<void> {
  if (!(await client.send("home", "/"))) return;
  if (!(await client.send("category", localizedPath("shop", DEFAULT_LOCALE, { slug: BROWSE_CATEGORY })))) return;
  if (!(await client.send("product", localizedPath("product", DEFAULT_LOCALE, { slug: BROWSE_PRODUCT })))) return;
  const customer = shop.customers[user % shop.customers.length];
  if (round % 3 === 0 && customer) {
    const jar = new CookieJar();
    const login = await client.send("login", localizedPath("login", DEFAULT_LOCALE), {
      form: { username: customer.email, password: customer.password },
      jar,
      ok: [302, 303],
    });
    if (!login) return;
    if (!(await client.send("profile", localizedPath("profile", DEFAULT_LOCALE), { jar }))) return;
  }

  const session = await client.api<{ cartId: number; protectCode: string }>("cart", api.cart.getNewCartSession.path);
  if (!session) return;
  const units = new Map<number, number>([[shop.washId, 1]]);
  const stocked = shop.stocked[round % shop.stocked.length];
  if (stocked !== undefined) units.set(stocked, 1 + (round % 2));
  for (const [productId, qty] of units) {
    const key = randomUUID();
    const added = await again(10, () =>
      client.api("addItem", api.cart.addItem.path, { json: { ...session, productId, qty }, headers: { "idempotency-key": key } }),
    );
    if (!added) return;
  }
  const steps: [string, { method: string; path: string }, object][] = [
    ["address", api.checkout.saveAddresses, { email: LOAD_EMAIL, delivery: CHECKOUT_ADDRESS }],
    ["delivery", api.checkout.saveDeliveryMethod, shop.pickup],
    ["payment", api.checkout.savePaymentMethod, { paymentMethodId: shop.cardMethodId }],
  ];
  for (const [what, endpoint, body] of steps) {
    if (!(await client.api(what, endpoint.path, { method: endpoint.method, json: { ...session, ...body } }))) return;
  }
  const key = randomUUID();
  const order = await again(10, () =>
    client.api<{ orderSlug: string; html: unknown }>("order", api.checkout.createOrder.path, {
      json: { ...session, consents: shop.consents },
      headers: { "idempotency-key": key },
    }),
  );
  if (!order) return;
  const entry: PlacedOrder = { slug: order.orderSlug, units, accepted: false };
  placed.push(entry);
  if (typeof order.html !== "string") throw new Error(`a card order answered no provider form: ${JSON.stringify(order)}`);

  // The provider's page, then its pay button.
  const form = formOf(order.html);
  const page = await client.send("provider form", form.action, { form: form.fields });
  if (!page) return;
  const buttons = formOf(page.text);
  const pay = await client.send("provider pay", new URL(buttons.action, form.action).href, {
    form: { ...buttons.fields, action: "pay", behaviour: "normal" },
    ok: [302],
  });
  const back = pay?.headers.get("location");
  if (!back) return;
  entry.accepted = true;
  const returned = await again(10, () => client.send("payment return", back, { ok: [303] }));
  if (!returned) return;
  const landing = returned.headers.get("location") ?? "";
  if (!new URL(landing).pathname.startsWith(SUCCESS_PATH)) throw new Error(`a paid order's return led to ${landing}`);
}

export interface LoadRun {
  /** Stops after the rounds in flight; throws what made a visitor stop early (an answer no shop may give). */
  stop(): Promise<void>;
}

/** `users` visitors, each its own loop of rounds, each round from a new address. */
export function startLoad(users: number, clientFor: (address: string) => Client, shop: Shop, placed: PlacedOrder[]): LoadRun {
  let running = true;
  let visitor = 0;
  let fatal: unknown = null;
  const loops = Array.from({ length: users }, async (_, user) => {
    let round = 0;
    try {
      while (running) {
        visitor++;
        // An address of the benchmarking range (RFC 2544) per round: only ever a header value.
        await visit(clientFor(`198.18.${(visitor >> 8) & 255}.${visitor & 255}`), shop, user, round++, placed);
      }
    } catch (err) {
      fatal ??= err;
      running = false;
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      if (fatal) throw fatal;
    },
  };
}
