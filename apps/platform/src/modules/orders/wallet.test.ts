import type { NewCartSession, OrderCreateAnswer } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMULATOR_CREDENTIALS, EMULATOR_PATH, type EmulatorBehaviour } from "../../adapters/payments/index.ts";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { insertProduct } from "../cart/cart.fixtures.ts";
import { CHECKOUT_ADDRESS, insertCheckoutSetup, methodIds } from "./orders.fixtures.ts";

/**
 * The card wallet (SPEC §4 Payment submit, §7 order/pgSuccess) through Monri Components' emulator:
 * order/create answers the script and the payment it opened; the buyer approves in the wallet
 * button; pgSuccess asks Monri and settles. The browser's word alone pays nothing.
 */

interface Wallet {
  scriptUrl: string;
  config: Record<string, string>;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 10));
  }
  return read();
}

describe("card wallet through Monri Components", () => {
  let p: TestPlatform;
  let m: Awaited<ReturnType<typeof methodIds>>;
  let product: number;

  beforeAll(async () => {
    p = await createTestPlatform({ payments: "monri" });
    await insertCheckoutSetup(p.db);
    m = await methodIds(p.db);
    product = await insertProduct(p.db, { retailCents: 990, stock: 100, name: "Vosak za karoseriju" });
  });
  afterAll(() => p.close());

  const api = <T>(method: string, path: string, body: unknown) => p.call<T>(method, `/api/v2/${path}`, { body });

  async function walletOrder() {
    const s = (await p.call<NewCartSession>("GET", "/api/v2/cart/getNewCartSession")).body.data;
    await api("POST", "cart/addItem", { ...s, productId: product, qty: 3 });
    await api("PUT", "checkout/saveAddresses", { ...s, email: "ana@example.hr", delivery: CHECKOUT_ADDRESS });
    await api("PUT", "delivery/saveDeliveryMethod", { ...s, deliveryMethodId: m.pickup, branchId: m.branches[0] });
    const methods = await api<{ id: number; paymentType: string }[]>("POST", "payment/getApplicablePaymentMethods", s);
    expect(methods.body.data.find((x) => x.id === m.wallet)?.paymentType).toBe("WALLET");
    expect((await api("PUT", "payment/savePaymentMethod", { ...s, paymentMethodId: m.wallet })).status).toBe(200);
    const res = await api<OrderCreateAnswer>("POST", "order/create", s);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = await p.db.selectFrom("orders").selectAll().where("code", "=", res.body.data.orderSlug).executeTakeFirstOrThrow();
    return { answer: res.body.data, order, session: s };
  }

  /** What the emulator's script does when the buyer presses the wallet button. */
  const approve = async (wallet: Wallet, behaviour: EmulatorBehaviour = "normal") =>
    (
      await p.app.request(`${EMULATOR_PATH}/monri/v2/components/confirm`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ client_secret: wallet.config.clientSecret, behaviour }),
      })
    ).json() as Promise<{ result: { status: string } | null; error: { message: string } | null }>;

  const pgSuccess = (code: string, token: string) =>
    api<{ url: string }>("POST", `order/pgSuccess/${code}`, { token, internalRedirect: true, details: { status: "approved" } });

  const orderRow = (id: number) => p.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const paidCount = async (id: number) =>
    (await p.db.selectFrom("order_history").select("to_status").where("order_id", "=", id).where("axis", "=", "payment").execute()).filter(
      (r) => r.to_status === "paid",
    ).length;

  it("answers the wallet script with a payment opened for the order's total, the same one on a repeat", async () => {
    const { answer, order, session } = await walletOrder();
    expect(answer.paymentType).toBe("WALLET");
    const wallet = answer.html as Wallet;
    expect(wallet.scriptUrl).toMatch(/\/__emulator\/monri\/dist\/components\.js$/);
    expect(wallet.config).toMatchObject({
      authenticityToken: EMULATOR_CREDENTIALS.monri.authenticityToken,
      locale: "hr",
      environment: "test",
    });
    expect(wallet.config.clientSecret).toMatch(/^[0-9a-f]{40}$/);
    expect(order.status).toBe("pending_payment");
    expect(order.total_cents).toBe(2970);
    const again = await api<OrderCreateAnswer>("POST", "order/create", session);
    expect((again.body.data.html as Wallet).config.clientSecret).toBe(wallet.config.clientSecret);
    const script = await p.app.request(wallet.scriptUrl);
    expect(script.headers.get("content-type")).toMatch(/javascript/);
    expect(await script.text()).toContain("window.Monri");
  });

  it("pays once when the wallet approves: callback and pgSuccess in either order, repeated", async () => {
    const { answer, order } = await walletOrder();
    // Before the provider has the payment: the page of a payment still being checked, never the success page.
    expect(await pgSuccess(answer.orderSlug, answer.accessToken).then((r) => r.body.data.url)).toBe(
      `/naplata/provjera?orderSlug=${answer.orderSlug}`,
    );
    expect((await orderRow(order.id)).payment_status).toBe("initiated");
    const approved = await approve(answer.html as Wallet, "callback-twice");
    expect(approved.result?.status).toBe("approved");
    const first = await pgSuccess(answer.orderSlug, answer.accessToken);
    const second = await pgSuccess(answer.orderSlug, answer.accessToken);
    expect(first.body.data.url).toBe(`/naplata/uspjesna?orderSlug=${answer.orderSlug}`);
    expect(second.status).toBe(200);
    const paid = await until(
      () => orderRow(order.id),
      (o) => o.payment_status === "paid",
    );
    expect(paid.status).toBe("placed");
    await new Promise((r) => setTimeout(r, 100));
    expect(await paidCount(order.id)).toBe(1);
  });

  it("is paid by the callback alone when the browser never comes back", async () => {
    const { answer, order } = await walletOrder();
    await approve(answer.html as Wallet, "normal");
    expect(
      (
        await until(
          () => orderRow(order.id),
          (o) => o.payment_status === "paid",
        )
      ).payment_status,
    ).toBe("paid");
  });

  it("settles through pgSuccess when the callback never comes, and a declined wallet goes to the failure page unpaid", async () => {
    const quiet = await walletOrder();
    await approve(quiet.answer.html as Wallet, "callback-never");
    await pgSuccess(quiet.answer.orderSlug, quiet.answer.accessToken);
    expect((await orderRow(quiet.order.id)).payment_status).toBe("paid");

    const declined = await walletOrder();
    expect((await approve(declined.answer.html as Wallet, "decline")).result?.status).toBe("declined");
    const res = await pgSuccess(declined.answer.orderSlug, declined.answer.accessToken);
    expect(res.body.data.url).toBe(`/checkout/failure?orderSlug=${declined.answer.orderSlug}`);
    const row = await orderRow(declined.order.id);
    expect([row.status, row.payment_status]).toEqual(["pending_payment", "failed"]);
  });

  it("pays again after a decline with a new payment at the provider", async () => {
    const { answer, order } = await walletOrder();
    await approve(answer.html as Wallet, "decline");
    await pgSuccess(answer.orderSlug, answer.accessToken);
    const again = await api<OrderCreateAnswer>("POST", `order/payAgain/${answer.orderSlug}`, { token: answer.accessToken });
    expect(again.status).toBe(200);
    const wallet = again.body.data.html as Wallet;
    expect(wallet.config.clientSecret).not.toBe((answer.html as Wallet).config.clientSecret);
    await approve(wallet, "callback-never");
    await pgSuccess(answer.orderSlug, answer.accessToken);
    expect((await orderRow(order.id)).payment_status).toBe("paid");
  });

  it("refuses pgSuccess without the order's token exactly like a missing order, and for an order not paid by wallet", async () => {
    const { answer } = await walletOrder();
    const wrong = await pgSuccess(answer.orderSlug, "x".repeat(43));
    const missing = await pgSuccess("ABCDEFGHJKLMNPQR", "x".repeat(43));
    expect(wrong.status).toBe(404);
    expect({ ...wrong.body, requestId: null }).toEqual({ ...missing.body, requestId: null });

    const s = (await p.call<NewCartSession>("GET", "/api/v2/cart/getNewCartSession")).body.data;
    await api("POST", "cart/addItem", { ...s, productId: product, qty: 1 });
    await api("PUT", "checkout/saveAddresses", { ...s, email: "ana@example.hr", delivery: CHECKOUT_ADDRESS });
    await api("PUT", "delivery/saveDeliveryMethod", { ...s, deliveryMethodId: m.pickup, branchId: m.branches[0] });
    await api("PUT", "payment/savePaymentMethod", { ...s, paymentMethodId: m.bankTransfer });
    const transfer = (await api<OrderCreateAnswer>("POST", "order/create", s)).body.data;
    expect((await pgSuccess(transfer.orderSlug, transfer.accessToken)).status).toBe(409);
  });

  it("refuses a payment/new with a forged signature", async () => {
    const body = JSON.stringify({ transaction_type: "purchase", amount: 100, currency: "EUR", order_number: "forged-1" });
    const res = await p.app.request(`${EMULATOR_PATH}/monri/v2/payment/new`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `WP3-v2 ${EMULATOR_CREDENTIALS.monri.authenticityToken} 1 ${"0".repeat(128)}`,
      },
      body,
    });
    expect(res.status).toBe(401);
  });
});
