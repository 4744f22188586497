import { createHash } from "node:crypto";
import type { NewCartSession, OrderCreateAnswer } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMULATOR_CREDENTIALS, type EmulatorBehaviour } from "../../adapters/payments/index.ts";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { insertProduct } from "../cart/cart.fixtures.ts";
import { CHECKOUT_ADDRESS, decodeEntities, formIn, insertCheckoutSetup, methodIds } from "./orders.fixtures.ts";
import { expireUnpaidOrders } from "./orders.service.ts";
import { reconcileAttempts } from "./payments.service.ts";

/**
 * A card payment end to end in process: order/create answers the provider's form, the buyer posts
 * it to the provider's emulator, pays (or not) with a chosen behaviour, and comes back through the
 * shop's return route while the emulator calls back. Whatever arrives in whatever order, the order
 * is paid exactly once, or not at all.
 */

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 10));
  }
  return read();
}

describe.each(["corvus", "monri", "wspay"] as const)("card payment through %s", (provider) => {
  let p: TestPlatform;
  let m: Awaited<ReturnType<typeof methodIds>>;
  let product: number;

  beforeAll(async () => {
    p = await createTestPlatform({ payments: provider, fiscal: true });
    await insertCheckoutSetup(p.db);
    m = await methodIds(p.db);
    product = await insertProduct(p.db, { retailCents: 1250, stock: 100, name: "Pjena za pranje" });
  });
  afterAll(() => p.close());

  const api = <T>(method: string, path: string, body: unknown) => p.call<T>(method, `/api/v2/${path}`, { body });

  async function cardOrder(): Promise<OrderCreateAnswer & { id: number; session: NewCartSession }> {
    const s = (await p.call<NewCartSession>("GET", "/api/v2/cart/getNewCartSession")).body.data;
    await api("POST", "cart/addItem", { ...s, productId: product, qty: 2 });
    await api("PUT", "checkout/saveAddresses", { ...s, email: "marko@example.hr", delivery: CHECKOUT_ADDRESS });
    await api("PUT", "delivery/saveDeliveryMethod", { ...s, deliveryMethodId: m.pickup, branchId: m.branches[0] });
    expect((await api("PUT", "payment/savePaymentMethod", { ...s, paymentMethodId: m.card })).status).toBe(200);
    const res = await api<OrderCreateAnswer>("POST", "order/create", s);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = await p.db.selectFrom("orders").select("id").where("code", "=", res.body.data.orderSlug).executeTakeFirstOrThrow();
    return { ...res.body.data, id: order.id, session: s };
  }

  /** The buyer's browser: posts the shop's form, presses a button on the provider's page. */
  async function pay(html: string, action: "pay" | "cancel", behaviour: EmulatorBehaviour = "normal") {
    const shopForm = formIn(html);
    const page = await (await p.app.request(shopForm.action, { method: "POST", body: new URLSearchParams(shopForm.fields) })).text();
    const { action: target } = formIn(page);
    const orderNumber = decodeEntities(/name="order_number" value="([^"]+)"/.exec(page)?.[1] ?? "");
    return p.app.request(new URL(target, shopForm.action).href, {
      method: "POST",
      body: new URLSearchParams({ order_number: orderNumber, behaviour, action }),
    });
  }

  /** The provider sending the browser back: a redirect to follow, or a form that posts itself. */
  async function comeBack(providerAnswer: Response): Promise<string> {
    let res: Response;
    if (providerAnswer.status === 302 || providerAnswer.status === 303) {
      res = await p.app.request(providerAnswer.headers.get("location") ?? "");
    } else {
      const { action, fields } = formIn(await providerAnswer.text());
      res = await p.app.request(action, { method: "POST", body: new URLSearchParams(fields) });
    }
    expect(res.status).toBe(303);
    return res.headers.get("location") ?? "";
  }

  const orderRow = (id: number) => p.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const paidRows = async (id: number) =>
    (await p.db.selectFrom("order_history").select("to_status").where("order_id", "=", id).where("axis", "=", "payment").execute()).filter(
      (r) => r.to_status === "paid",
    ).length;

  it("answers the provider's signed form, and a paid return lands on the success page with the order paid once", async () => {
    const order = await cardOrder();
    expect(order.paymentType).toBe("HPF");
    expect(order.html).toContain(`${provider}`);
    const location = await comeBack(await pay(order.html as string, "pay"));
    expect(location.endsWith(`/naplata/uspjesna?orderSlug=${order.orderSlug}`)).toBe(true);
    const row = await waitFor(
      () => orderRow(order.id),
      (r) => r.payment_status === "paid",
    );
    expect(row).toMatchObject({ status: "placed", payment_status: "paid" });
    const reservations = await p.db.selectFrom("stock_reservations").select("status").where("order_id", "=", order.id).execute();
    expect(reservations.map((r) => r.status)).toEqual(["committed"]);
    // Give a callback time to arrive too: still one paid state, and one confirmation.
    await new Promise((r) => setTimeout(r, 100));
    expect(await paidRows(order.id)).toBe(1);
    const mail = await p.waitForMail((x) => x.subject.includes(row.number));
    expect(mail.text).toContain("Plaćeno");
    expect(p.mails.filter((x) => x.subject.includes(row.number))).toHaveLength(1);
  });

  it("a declined or cancelled payment lands on the failure page and pays nothing", async () => {
    const order = await cardOrder();
    const location = await comeBack(await pay(order.html as string, "cancel"));
    expect(location).toContain("/checkout/failure");
    const row = await orderRow(order.id);
    expect(row.status).toBe("pending_payment");
    expect(row.payment_status).toBe("failed");
    expect(await paidRows(order.id)).toBe(0);
  });

  /** A cancel sent the way each provider's plain cancel comes, by someone who knows the attempt's number and nothing else. */
  const forgedCancel = (orderNumber: string, proof?: string) => {
    const base = `/api/v2/payment/provider/${provider}/cancel`;
    const extra: Record<string, string> = proof === undefined ? {} : { proof };
    if (provider === "corvus")
      return p.app.request(base, { method: "POST", body: new URLSearchParams({ order_number: orderNumber, ...extra }) });
    const field = provider === "monri" ? "order_number" : "ShoppingCartID";
    return p.app.request(`${base}?${new URLSearchParams({ ...extra, [field]: orderNumber })}`);
  };

  it("a cancel nobody signed changes nothing while the buyer pays; the buyer's payment then ends paid with one receipt and one e-mail", async () => {
    const order = await cardOrder();
    const attempt = await p.db.selectFrom("payment_attempts").selectAll().where("order_id", "=", order.id).executeTakeFirstOrThrow();
    const row = await orderRow(order.id);
    // Not the sequential number of issue 25's attack: nobody can name another buyer's attempt.
    expect(attempt.provider_order_number).toMatch(new RegExp(`^${row.number}-1-[a-z0-9]{10}$`));
    const guessed = await forgedCancel(`${row.number}-1`);
    expect(guessed.status).toBe(303);
    // The buyer is on the provider's page; someone who learnt the number posts the provider's plain cancel, with and without a made-up proof.
    const shopForm = formIn(order.html as string);
    const page = await (await p.app.request(shopForm.action, { method: "POST", body: new URLSearchParams(shopForm.fields) })).text();
    for (const proof of [undefined, "forged", ""]) {
      const forged = await forgedCancel(attempt.provider_order_number, proof);
      expect(forged.status).toBe(303);
      expect(forged.headers.get("location")).toContain("/checkout/failure");
    }
    expect(await p.db.selectFrom("payment_attempts").select("status").where("id", "=", attempt.id).executeTakeFirstOrThrow()).toEqual({
      status: "initiated",
    });
    expect(await orderRow(order.id)).toMatchObject({ status: "pending_payment", payment_status: "initiated" });
    const { action } = formIn(page);
    const paid = await p.app.request(new URL(action, shopForm.action).href, {
      method: "POST",
      body: new URLSearchParams({ order_number: attempt.provider_order_number, behaviour: "normal", action: "pay" }),
    });
    expect((await comeBack(paid)).endsWith(`/naplata/uspjesna?orderSlug=${order.orderSlug}`)).toBe(true);
    const settled = await waitFor(
      () => orderRow(order.id),
      (r) => r.payment_status === "paid",
    );
    expect(settled.status).toBe("placed");
    await new Promise((r) => setTimeout(r, 100));
    expect(await paidRows(order.id)).toBe(1);
    expect(await p.db.selectFrom("receipts").select("id").where("order_id", "=", order.id).execute()).toHaveLength(1);
    await p.waitForMail((x) => x.subject.includes(row.number));
    expect(p.mails.filter((x) => x.subject.includes(row.number))).toHaveLength(1);
  });

  it("after a cancelled payment the order is paid again with a new attempt, once; a paid order cannot be", async () => {
    const order = await cardOrder();
    const access = { token: order.accessToken };
    // While the first attempt is open, 'pay again' shows its form, not a second attempt.
    expect((await api<OrderCreateAnswer>("POST", `order/payAgain/${order.orderSlug}`, access)).body.data.html).toBe(order.html);
    await comeBack(await pay(order.html as string, "cancel"));
    const again = await api<OrderCreateAnswer>("POST", `order/payAgain/${order.orderSlug}`, access);
    expect(again.status).toBe(200);
    expect(again.body.data.html).not.toBe(order.html);
    const location = await comeBack(await pay(again.body.data.html as string, "pay"));
    expect(location.endsWith(`/naplata/uspjesna?orderSlug=${order.orderSlug}`)).toBe(true);
    const row = await waitFor(
      () => orderRow(order.id),
      (r) => r.payment_status === "paid",
    );
    expect(row.status).toBe("placed");
    const attempts = await p.db.selectFrom("payment_attempts").select("status").where("order_id", "=", order.id).orderBy("id").execute();
    expect(attempts.map((a) => a.status)).toEqual(["failed", "paid"]);
    const paid = await api("POST", `order/payAgain/${order.orderSlug}`, access);
    expect(paid.status).toBe(409);
    expect((await api("POST", `order/payAgain/${order.orderSlug}`, { token: "x".repeat(43) })).status).toBe(404);
  });

  it("a repeated order/create shows the same form, not a second attempt", async () => {
    const order = await cardOrder();
    const again = await api<OrderCreateAnswer>("POST", "order/create", order.session);
    expect(again.body.data.html).toBe(order.html);
    const attempts = await p.db.selectFrom("payment_attempts").select("provider_order_number").where("order_id", "=", order.id).execute();
    expect(attempts).toHaveLength(1);
  });

  it("money arriving after the order expired raises an alert and does not bring the order back", async () => {
    const order = await cardOrder();
    const row = await orderRow(order.id);
    await expireUnpaidOrders(p.requestCtx(), new Date(Date.parse(row.expires_at ?? "") + 1000).toISOString());
    // Staff must look at it: the buyer is told the payment is being checked, never that the order is done.
    expect(await comeBack(await pay(order.html as string, "pay"))).toContain(`/naplata/provjera?orderSlug=${order.orderSlug}`);
    const alerts = await waitFor(
      () => p.db.selectFrom("order_alerts").select("kind").where("order_id", "=", order.id).execute(),
      (a) => a.length > 0,
    );
    expect(alerts[0]?.kind).toBe("paid_after_expiry");
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", payment_status: "expired" });
    expect(await paidRows(order.id)).toBe(0);
  });

  it("the reconciliation job settles a payment whose buyer never came back", async () => {
    const order = await cardOrder();
    await pay(order.html as string, "pay", provider === "corvus" ? "normal" : "callback-never");
    expect((await orderRow(order.id)).payment_status).toBe("initiated");
    expect(await reconcileAttempts(p.requestCtx(), 10, Date.now() + 11 * 60_000)).toBe(1);
    expect(await orderRow(order.id)).toMatchObject({ status: "placed", payment_status: "paid" });
    expect(await reconcileAttempts(p.requestCtx(), 10, Date.now() + 11 * 60_000)).toBe(0);
  });

  if (provider !== "corvus") {
    it.each(["callback-twice", "callback-before-redirect", "callback-late"] as const)("%s still pays exactly once", async (behaviour) => {
      const order = await cardOrder();
      await comeBack(await pay(order.html as string, "pay", behaviour));
      await waitFor(
        () => orderRow(order.id),
        (r) => r.payment_status === "paid",
      );
      await new Promise((r) => setTimeout(r, 150));
      expect(await paidRows(order.id)).toBe(1);
    });

    it("a tampered callback is refused and pays nothing", async () => {
      const order = await cardOrder();
      await pay(order.html as string, "pay", "callback-tampered");
      await waitFor(
        async () => p.logs.filter((l) => l.event === "payment.signature_refused").length,
        (n) => n > 0,
      );
      expect((await orderRow(order.id)).payment_status).toBe("initiated");
    });
  }

  if (provider === "monri") {
    it("a genuine callback for less than the order, or in another currency, pays nothing and alerts staff", async () => {
      for (const [amount, currency] of [
        ["100", "EUR"],
        ["2500", "USD"],
      ] as const) {
        const order = await cardOrder();
        const attempt = await p.db.selectFrom("payment_attempts").selectAll().where("order_id", "=", order.id).executeTakeFirstOrThrow();
        const body = JSON.stringify({
          order_number: attempt.provider_order_number,
          status: "approved",
          response_code: "0000",
          amount,
          currency,
        });
        const digest = createHash("sha512")
          .update(EMULATOR_CREDENTIALS.monri.key + body)
          .digest("hex");
        const res = await p.app.request("/api/v2/payment/provider/monri/callback", {
          method: "POST",
          headers: { authorization: `WP3-callback ${digest}`, "content-type": "application/json" },
          body,
        });
        expect(res.status).toBe(200);
        expect((await orderRow(order.id)).payment_status).toBe("initiated");
        const alerts = await p.db.selectFrom("order_alerts").select("kind").where("order_id", "=", order.id).execute();
        expect(alerts.map((a) => a.kind)).toEqual(["amount_mismatch"]);
      }
    });
  }
});
