import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import { translator } from "@shop/i18n";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, createTestShop, type TestShop } from "./testing.ts";

/**
 * The cart's form action (/cart/action, features/cart/cart-actions.server.ts) in-process: the
 * answers a page's fetcher gets (js=1) and the redirects a form without JavaScript gets.
 */

let shop: TestShop;
const hr = translator("hr");
const en = translator("en");
const ids: Record<string, number> = {};

async function productId(slug: string): Promise<number> {
  const res = await shop.app.request(`/api/v1/product/web/get?slug=${slug}`, { headers: { apiKey: DEMO_API_KEY } });
  return ((await res.json()) as { data: { id: number } }).data.id;
}

beforeAll(async () => {
  shop = await createTestShop();
  ids.voucher = await productId("poklon-bon-20");
});

afterAll(() => shop.stop());

type Answer = { ok: boolean; intent: string; message: string | null; itemId?: number; behaviour?: number };

async function act(fields: Record<string, string>, jar: CookieJar): Promise<{ status: number; answer: Answer }> {
  const res = await shop.postForm("/cart/action", { js: "1", locale: "hr", ...fields }, jar);
  return { status: res.status, answer: (await res.json()) as Answer };
}

async function cartOf(jar: CookieJar) {
  const res = await shop.app.request("/api/v2/cart/getCart", {
    method: "POST",
    headers: { apiKey: DEMO_API_KEY, "content-type": "application/json" },
    body: JSON.stringify({ cartId: Number(jar.get("cartId")), protectCode: jar.get("protectCode") }),
  });
  return ((await res.json()) as { data: { items: { itemId: number; qty: number }[]; couponCode: string | null } }).data;
}

describe("the cart action with JavaScript", () => {
  it("opens a cart on the first add and keeps its session in httpOnly cookies", async () => {
    const jar = new CookieJar();
    const { status, answer } = await act({ intent: "add", productId: String(ids.voucher), qty: "2" }, jar);
    expect(status).toBe(200);
    expect(answer).toMatchObject({ ok: true, intent: "add", message: hr("addedToCart") });
    expect(jar.get("cartId")).toMatch(/^\d+$/);
    expect(jar.get("protectCode")?.length).toBeGreaterThanOrEqual(16);
    expect(jar.get("locale")).toBe("hr");
    expect((await cartOf(jar)).items.map((i) => i.qty)).toEqual([2]);
  });

  it("changes and removes a line, and refuses a quantity that is not a positive whole number", async () => {
    const jar = new CookieJar();
    await act({ intent: "add", productId: String(ids.voucher) }, jar);
    const [line] = (await cartOf(jar)).items;
    const itemId = String(line?.itemId);
    expect((await act({ intent: "update", itemId, qty: "3" }, jar)).answer).toMatchObject({ ok: true, message: hr("cart.updated") });
    expect((await cartOf(jar)).items[0]?.qty).toBe(3);
    const refused = await act({ intent: "update", itemId, qty: "0" }, jar);
    expect(refused.answer).toMatchObject({ ok: false, intent: "update", message: hr("error.invalidQuantity"), itemId: Number(itemId) });
    expect((await act({ intent: "remove", itemId }, jar)).answer).toMatchObject({
      ok: true,
      message: hr("core.notifications.itemRemovedFromCart"),
    });
    expect((await cartOf(jar)).items).toEqual([]);
  });

  it("says 'Coupon not found!' as the server sends it and leaves the cart without a coupon", async () => {
    const jar = new CookieJar();
    await act({ intent: "add", productId: String(ids.voucher) }, jar);
    const { answer } = await act({ intent: "applyCoupon", couponCode: "NEMA-TAKVOG" }, jar);
    expect(answer).toMatchObject({ ok: false, intent: "applyCoupon", message: "Coupon not found!" });
    expect((await cartOf(jar)).couponCode).toBeNull();
  });

  it("keeps membership cards for logged-in customers, and answers in the form's language", async () => {
    const jar = new CookieJar();
    await act({ intent: "add", productId: String(ids.voucher) }, jar);
    const res = await shop.postForm("/cart/action", { js: "1", locale: "en", intent: "applyMemberCard", barcode: "3850000000001" }, jar);
    expect(((await res.json()) as Answer).message).toBe(en("cart.membersOnly"));
  });

  it("replaces a session the platform no longer knows on an add, and clears it for any other change", async () => {
    const jar = new CookieJar();
    await act({ intent: "add", productId: String(ids.voucher) }, jar);
    const stale = jar.get("cartId");
    jar.set("protectCode", "not-the-code-of-this-cart-0123456789");
    const update = await act({ intent: "clear" }, jar);
    expect(update.answer.ok).toBe(false);
    expect(jar.get("cartId")).toBeUndefined();
    jar.set("cartId", String(stale));
    jar.set("protectCode", "not-the-code-of-this-cart-0123456789");
    const added = await act({ intent: "add", productId: String(ids.voucher) }, jar);
    expect(added.answer.ok).toBe(true);
    expect(jar.get("cartId")).not.toBe(stale);
  });

  it("refuses an intent it does not know with 400", async () => {
    const { status, answer } = await act({ intent: "empty-the-shop" }, new CookieJar());
    expect(status).toBe(400);
    expect(answer).toMatchObject({ ok: false, message: hr("validation.invalid") });
  });
});

describe("the cart action without JavaScript", () => {
  it("goes back to the product page with the cart open after an add, the notice in a one-shot cookie", async () => {
    const jar = new CookieJar();
    const res = await shop.postForm(
      "/cart/action",
      { locale: "hr", intent: "add", productId: String(ids.voucher), returnTo: "/product/poklon-bon-20?x=1" },
      jar,
    );
    expect([302, 303]).toContain(res.status);
    const location = new URL(res.headers.get("location") ?? "", "http://localhost");
    expect(location.pathname).toBe("/product/poklon-bon-20");
    expect(location.searchParams.get("cart")).toBe("open");
    // The open cart says it all: no notice after a popup add.
    expect(jar.get("cartNotice")).toBeUndefined();
  });

  it("goes to the cart page with a notice after any other change, and never to another site", async () => {
    const jar = new CookieJar();
    const added = await shop.postForm(
      "/cart/action",
      { locale: "hr", intent: "add", productId: String(ids.voucher), returnTo: "//evil.example/x" },
      jar,
    );
    expect(added.headers.get("location")).toBe("/kosarica?cart=open");
    const res = await shop.postForm("/cart/action", { locale: "hr", intent: "clear" }, jar);
    expect(res.headers.get("location")).toBe("/kosarica");
    expect(JSON.parse(jar.get("cartNotice") ?? "{}")).toEqual({ kind: "success", text: hr("cart.cleared") });
    const page = await shop.get("/kosarica", jar);
    expect(await page.text()).toContain(hr("cart.cleared"));
    expect(jar.get("cartNotice")).toBeUndefined();
  });

  it("sends a visit of the action's address to the cart page", async () => {
    const res = await shop.get("/cart/action");
    expect([301, 302]).toContain(res.status);
    expect(res.headers.get("location")).toBe("/kosarica");
  });
});

/** The fields of a page's first add-to-cart form, as a browser without JavaScript posts them. */
function addForm(page: string): Record<string, string> {
  const form = /<form[^>]*action="\/cart\/action"[^>]*>([\s\S]*?)<\/form>/.exec(page)?.[1] ?? "";
  const fields: Record<string, string> = {};
  for (const [input] of form.matchAll(/<input\b[^>]*>/g)) {
    const name = /\sname="([^"]*)"/.exec(input)?.[1];
    if (name) fields[name] = /\svalue="([^"]*)"/.exec(input)?.[1] ?? "";
  }
  return fields;
}

describe("a cart form's post sent again (issue 25: its Idempotency-Key)", () => {
  it("changes the cart once for the same post, once more for the same form of another view, each view of a cached page its own key", async () => {
    const views = [await shop.get("/product/poklon-bon-20"), await shop.get("/product/poklon-bon-20")];
    expect(views.map((v) => v.headers.get("x-page-cache"))).toEqual(["miss", "hit"]);
    const forms = await Promise.all(views.map(async (view) => addForm(await view.text())));
    const [first, second] = forms.map((form) => form.requestKey ?? "");
    expect(first).toMatch(/^[\w.-]{24,}$/);
    expect(second).toMatch(/^[\w.-]{24,}$/);
    expect(second).not.toBe(first);
    // The CSP nonce is never the key.
    for (const [i, view] of views.entries()) {
      const nonce = /'nonce-([^']+)'/.exec(view.headers.get("content-security-policy") ?? "")?.[1] ?? "";
      expect(nonce).not.toBe("");
      expect(forms[i]?.requestKey).not.toContain(nonce);
    }

    const jar = new CookieJar();
    for (let i = 0; i < 2; i++) expect([302, 303]).toContain((await shop.postForm("/cart/action", forms[0] ?? {}, jar)).status);
    expect((await cartOf(jar)).items.map((item) => item.qty)).toEqual([1]);
    await shop.postForm("/cart/action", forms[1] ?? {}, jar);
    expect((await cartOf(jar)).items.map((item) => item.qty)).toEqual([2]);
  });

  it("answers a repeat with JavaScript as the first post, for a line's change as for an add", async () => {
    const jar = new CookieJar();
    const add = { intent: "add", productId: String(ids.voucher), requestKey: "js-add-0123456789" };
    const answers = [await act(add, jar), await act(add, jar)];
    expect(answers.map((a) => a.answer)).toEqual([answers[0]?.answer, answers[0]?.answer]);
    const [line] = (await cartOf(jar)).items;
    expect(line?.qty).toBe(1);
    const update = { intent: "update", itemId: String(line?.itemId), qty: "4", requestKey: "js-update-0123456789" };
    await act(update, jar);
    await act({ ...update, qty: "2", requestKey: "js-update-9876543210" }, jar);
    expect((await act(update, jar)).answer).toMatchObject({ ok: true, message: hr("cart.updated") });
    expect((await cartOf(jar)).items[0]?.qty).toBe(2);
  });

  it("refuses a field that is not a key, and the key of one change for another", async () => {
    const jar = new CookieJar();
    const bad = await act({ intent: "add", productId: String(ids.voucher), requestKey: "no spaces allowed" }, jar);
    expect(bad).toMatchObject({ status: 400, answer: { ok: false, message: hr("validation.invalid") } });
    await act({ intent: "add", productId: String(ids.voucher), requestKey: "js-twice-0123456789" }, jar);
    const reused = await act({ intent: "add", productId: String(ids.voucher), qty: "3", requestKey: "js-twice-0123456789" }, jar);
    expect(reused.answer).toMatchObject({ ok: false, message: hr("cart.error.idempotencyMismatch") });
    expect((await cartOf(jar)).items.map((item) => item.qty)).toEqual([1]);
  });
});
