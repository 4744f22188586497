import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createDb } from "@shop/db";
import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../../tests/e2e/src/support/server.ts";

/**
 * `kill -9` of the server while orders are being placed: no half order is left (an order always has
 * its lines, attempt and history, and took exactly its stock), and after a restart the same
 * requests answer one order per cart.
 */

const MAIN = resolve(dirname(fileURLToPath(import.meta.url)), "main.ts");
const dir = mkdtempSync(join(tmpdir(), "shop-crash-"));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

const env = {
  DATABASE_URL: `sqlite:${join(dir, "shop.sqlite")}`,
  MEDIA_DIR: join(dir, "media"),
  SECRET: randomBytes(32).toString("base64url"),
  HOST: "127.0.0.1",
  LOG: "silent",
  SEED: "demo",
  TRUST_PROXY: "true",
};

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  await new Promise<void>((ready, failed) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("Shop listening")) ready();
    });
    child.once("exit", (code) => failed(new Error(`server exited with ${code}: ${out}`)));
  });
  return child;
}

const ADDRESS = {
  firstName: "Ivana",
  lastName: "Babić",
  contactEmail: "crash@example.hr",
  contactPhone: "+385 91 555 0101",
  country: "HR",
  city: "Zagreb",
  street: "Ilica",
  houseNumber: "1",
  zipCode: "10000",
};

describe("a server killed while placing orders", () => {
  it("leaves no half order, and the same requests after a restart give one order per cart", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api`;
    let server = await startServer(port);
    const call = async <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, ip = "198.18.0.1") => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { apiKey: DEMO_API_KEY, "content-type": "application/json", "x-forwarded-for": ip, ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as { data: T } };
    };
    const product = (await call<{ id: number; stock: number }>("GET", "/v1/product/web/get?slug=sredstvo-za-stakla")).body.data;
    const consents = (
      await call<{ records: { id: number; required: boolean }[] }>("POST", "/v1/web/consent/filter", { assigned_to: "checkout" })
    ).body.data.records
      .filter((c) => c.required)
      .map((c) => c.id);
    // A probe cart tells the ids of the pickup, its first branch and bank transfer.
    const probe = (await call<{ cartId: number; protectCode: string }>("GET", "/v2/cart/getNewCartSession")).body.data;
    await call("POST", "/v2/cart/addItem", { ...probe, productId: product.id, qty: 1 });
    await call("PUT", "/v2/checkout/saveAddresses", { ...probe, email: ADDRESS.contactEmail, delivery: ADDRESS });
    const methods = (
      await call<{ methods: { id: number; options: { id: number }[] }[] }>("POST", "/v2/delivery/getApplicableDeliveryMethods", probe)
    ).body.data.methods;
    const delivery = methods.find((m) => m.options.length > 0);
    await call("PUT", "/v2/delivery/saveDeliveryMethod", { ...probe, deliveryMethodId: delivery?.id, branchId: delivery?.options[0]?.id });
    const payments = (await call<{ id: number; kind: string }[]>("POST", "/v2/payment/getApplicablePaymentMethods", probe)).body.data;
    const transfer = payments.find((m) => m.kind === "bank_transfer")?.id;

    // Thirty carts, each ready to order, each from a visitor of its own.
    const orders = [];
    for (let i = 0; i < 30; i++) {
      const ip = `198.18.1.${i + 1}`;
      const s = (await call<{ cartId: number; protectCode: string }>("GET", "/v2/cart/getNewCartSession", undefined, {}, ip)).body.data;
      await call("POST", "/v2/cart/addItem", { ...s, productId: product.id, qty: 1 }, {}, ip);
      await call("PUT", "/v2/checkout/saveAddresses", { ...s, email: ADDRESS.contactEmail, delivery: ADDRESS }, {}, ip);
      await call(
        "PUT",
        "/v2/delivery/saveDeliveryMethod",
        { ...s, deliveryMethodId: delivery?.id, branchId: delivery?.options[0]?.id },
        {},
        ip,
      );
      expect((await call("PUT", "/v2/payment/savePaymentMethod", { ...s, paymentMethodId: transfer }, {}, ip)).status).toBe(200);
      orders.push({ ip, body: { ...s, consents }, headers: { "idempotency-key": `crash-${i}-${randomBytes(6).toString("hex")}` } });
    }
    const stockBefore = (await call<{ stock: number }>("GET", `/v1/product/web/get?slug=sredstvo-za-stakla`)).body.data.stock;

    // All at once; the process dies as soon as the first answer is back, the others mid-way.
    const sent = orders.map((o) => call<{ orderSlug: string }>("POST", "/v2/order/create", o.body, o.headers, o.ip).catch(() => null));
    await Promise.race(sent);
    server.kill("SIGKILL");
    const first = await Promise.all(sent);
    const answeredBefore = first.filter((a) => a?.status === 200).length;
    expect(answeredBefore).toBeGreaterThan(0);

    const { db, destroy } = createDb(env.DATABASE_URL);
    try {
      const placed = await db.selectFrom("orders").select(["id", "cart_id"]).execute();
      for (const order of placed) {
        expect(await db.selectFrom("order_lines").select("id").where("order_id", "=", order.id).execute()).toHaveLength(1);
        expect(await db.selectFrom("payment_attempts").select("id").where("order_id", "=", order.id).execute()).toHaveLength(1);
        expect(await db.selectFrom("order_history").select("id").where("order_id", "=", order.id).execute()).toHaveLength(3);
      }
      // Every closed cart has its order, and the stock taken is exactly the orders'.
      const closed = await db.selectFrom("carts").select("id").where("ordered_at", "is not", null).execute();
      expect(closed.map((c) => c.id).sort()).toEqual(placed.map((o) => o.cart_id).sort());
      const stock = await db.selectFrom("products").select("stock").where("id", "=", product.id).executeTakeFirstOrThrow();
      expect(stock.stock).toBe(stockBefore - placed.length);
    } finally {
      await destroy();
    }

    server = await startServer(port);
    const again = await Promise.all(orders.map((o) => call<{ orderSlug: string }>("POST", "/v2/order/create", o.body, o.headers, o.ip)));
    expect(again.map((a) => a.status)).toEqual(orders.map(() => 200));
    expect(new Set(again.map((a) => a.body.data.orderSlug)).size).toBe(30);
    first.forEach((a, i) => {
      if (a?.status === 200) expect(again[i]?.body.data.orderSlug).toBe(a.body.data.orderSlug);
    });
    const after = (await call<{ stock: number }>("GET", `/v1/product/web/get?slug=sredstvo-za-stakla`)).body.data.stock;
    expect(after).toBe(stockBefore - 30);
    server.kill("SIGTERM");
  });
});
