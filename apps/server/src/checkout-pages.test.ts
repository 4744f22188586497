import { COOKIE } from "@shop/contracts";
import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import { translator } from "@shop/i18n";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, createTestShop, type TestShop } from "./testing.ts";

/**
 * The checkout pages (features/checkout) in-process as a browser without JavaScript reaches them:
 * each step a plain form post to /naplata, answered with a redirect to the next step or with the
 * form again; the order and its success page; the refusals.
 */

let shop: TestShop;
const hr = translator("hr");
const en = translator("en");
const ids: Record<string, number> = {};

/** Text as React writes it into the page. */
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

async function productId(slug: string): Promise<number> {
  const res = await shop.app.request(`/api/v1/product/web/get?slug=${slug}`, { headers: { apiKey: DEMO_API_KEY } });
  return ((await res.json()) as { data: { id: number } }).data.id;
}

beforeAll(async () => {
  shop = await createTestShop();
  ids.glass = await productId("sredstvo-za-stakla");
  ids.wax = await productId("tvrdi-vosak");
  ids.voucher = await productId("poklon-bon-20");
});

afterAll(() => shop.stop());

async function cartWith(productId: number, locale = "hr"): Promise<CookieJar> {
  const jar = new CookieJar();
  const res = await shop.postForm("/cart/action", { js: "1", locale, intent: "add", productId: String(productId) }, jar);
  expect(res.status).toBe(200);
  return jar;
}

async function orderCount(): Promise<number> {
  const row = await shop.db.db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

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

/** The ids of the consents the page shows (their checkbox names). */
function consentFields(page: string): Record<string, string> {
  return Object.fromEntries([...page.matchAll(/name="(consent\.\d+)"/g)].map((m) => [m[1] as string, "on"]));
}

/** The input tags of a page with this name. */
function inputs(page: string, name: string): string[] {
  return [...page.matchAll(/<input [^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes(` name="${name}"`));
}

function radios(page: string, name: string): string[] {
  return inputs(page, name).flatMap((tag) => / value="(\d+)"/.exec(tag)?.[1] ?? []);
}

function hidden(page: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(page);
  if (!match) throw new Error(`no field ${name}`);
  return (match[1] as string).replace(/&quot;/g, '"').replace(/&amp;/g, "&");
}

/** The text of the element with this id (an error next to its field), or null. */
function textOf(page: string, id: string): string | null {
  const match = new RegExp(`<[a-z]+ [^>]*id="${id.replace(".", "\\.")}"[^>]*>([^<]*)<`).exec(page);
  return match ? (match[1] as string) : null;
}

/** Whether the input of this name and value is checked. */
function checked(page: string, name: string, value: string): boolean {
  return inputs(page, name).some((tag) => tag.includes(` value="${value}"`) && tag.includes(' checked=""'));
}

async function page(path: string, jar: CookieJar): Promise<string> {
  const res = await shop.get(path, jar);
  expect(res.status, path).toBe(200);
  return res.text();
}

/** A guest's cart through the address step (with the consents), on the shipping step's page. */
async function addressed(jar: CookieJar, fields: Record<string, string> = GUEST): Promise<void> {
  const form = await page("/naplata", jar);
  const res = await shop.postForm("/naplata?step=address", { step: "address", ...fields, ...consentFields(form) }, jar);
  expect(res.status).toBe(303);
}

/** On through the shipping step with a pickup at the second branch. */
async function shipped(jar: CookieJar): Promise<void> {
  const form = await page("/naplata?step=shipping", jar);
  const [pickup] = radios(form, "deliveryMethodId");
  const branch = radios(form, `branch.${pickup}`)[1] ?? "";
  const res = await shop.postForm(
    "/naplata?step=shipping",
    { step: "shipping", deliveryMethodId: pickup ?? "", [`branch.${pickup}`]: branch },
    jar,
  );
  expect(res.headers.get("location")).toBe("/naplata?step=payment");
}

/** The payment step's form as the page rendered it, with the method named `methodName` and the consents ticked. */
async function paymentForm(jar: CookieJar, methodName: string): Promise<Record<string, string>> {
  const form = await page("/naplata?step=payment", jar);
  const method = new RegExp(
    `<input [^>]*name="paymentMethodId"[^>]* value="(\\d+)"[^>]*/><label[^>]*><span class="choice__name">${methodName}<`,
  ).exec(form);
  expect(method, methodName).not.toBeNull();
  return {
    step: "payment",
    seen: hidden(form, "seen"),
    savedPaymentMethodId: hidden(form, "savedPaymentMethodId"),
    paymentMethodId: method?.[1] ?? "",
    ...consentFields(form),
  };
}

describe("checkout steps without JavaScript", () => {
  it("sends an empty cart to the cart page, in the page's language", async () => {
    const hrRes = await shop.get("/naplata", new CookieJar());
    expect(hrRes.status).toBe(303);
    expect(hrRes.headers.get("location")).toBe("/kosarica");
    const enRes = await shop.get("/en/checkout", new CookieJar());
    expect(enRes.headers.get("location")).toBe("/en/cart");
  });

  it("starts a new cart at the address, whatever later step the address asks for", async () => {
    const jar = await cartWith(ids.glass as number);
    for (const step of ["shipping", "payment"]) {
      const res = await shop.get(`/naplata?step=${step}`, jar);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/naplata?step=address");
    }
    const res = await shop.get("/naplata", jar);
    // A personal page: no browser or proxy keeps it.
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const form = await res.text();
    expect(form).toContain('aria-current="step"');
    expect(form).toContain(html(hr("checkout.address.title")));
    // The checkout consents, required ones starred for sight and named for screen readers.
    expect(form).toContain(html(hr("consents.required")));
  });

  it("shows every refused field at the field, in the page's language, and keeps what was typed", async () => {
    const jar = await cartWith(ids.glass as number);
    const res = await shop.postForm(
      "/naplata?step=address",
      {
        step: "address",
        ...GUEST,
        "delivery.firstName": "Ivana2",
        "delivery.zipCode": "",
        companyPurchase: "1",
        "company.companyName": "Firma d.o.o.",
        "company.oib": "12345678901",
      },
      jar,
    );
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(textOf(body, "field-delivery-firstName-error")).toBe(html(hr("validation.lettersOnly")));
    expect(body).toContain('aria-describedby="field-delivery-firstName-error"');
    expect(textOf(body, "field-delivery-zipCode-error")).toBe(html(hr("validation.required")));
    expect(textOf(body, "field-company-oib-error")).toBe(html(hr("validation.oib")));
    expect(body).toMatch(/id="consent-\d+-error">/);
    expect(body).toContain(html(hr("core.notifications.consentRequired")));
    expect(body).toContain('value="Ivana2"');
    expect(body).toContain('value="12345678901"');

    const english = await cartWith(ids.glass as number, "en");
    const enRes = await shop.postForm("/en/checkout?step=address", { step: "address", ...GUEST, "delivery.city": "" }, english);
    expect(textOf(await enRes.text(), "field-delivery-city-error")).toBe(html(en("validation.required")));
  });

  it("takes a company whose OIB is right once the wrong one was refused", async () => {
    const jar = await cartWith(ids.glass as number);
    const form = await page("/naplata", jar);
    const company = { ...GUEST, ...consentFields(form), step: "address", companyPurchase: "1", "company.companyName": "Firma d.o.o." };
    expect((await shop.postForm("/naplata?step=address", { ...company, "company.oib": "69435151531" }, jar)).status).toBe(400);
    const res = await shop.postForm("/naplata?step=address", { ...company, "company.oib": "69435151530" }, jar);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/naplata?step=shipping");
    // Back on the address step, the company is what the cart holds.
    const back = await page("/naplata?step=address", jar);
    expect(back).toContain('value="69435151530"');
    expect(checked(back, "companyPurchase", "1")).toBe(true);
  });

  it("lets a logged-in customer take a saved address, with the account's e-mail and none typed", async () => {
    const customer = shop.seeded?.customer;
    expect(customer).toBeDefined();
    const jar = new CookieJar();
    const login = await shop.postForm("/prijava", { username: customer?.email ?? "", password: customer?.password ?? "" }, jar);
    expect([302, 303]).toContain(login.status);
    await shop.postForm("/cart/action", { js: "1", locale: "hr", intent: "add", productId: String(ids.glass) }, jar);
    const form = await page("/naplata", jar);
    const [saved] = radios(form, "deliveryAddress");
    expect(saved).toBeDefined();
    expect(checked(form, "deliveryAddress", saved ?? "")).toBe(true);
    expect(form).not.toContain(html(hr("checkout.field.emailHint")));
    const res = await shop.postForm(
      "/naplata?step=address",
      { step: "address", deliveryAddress: saved ?? "", ...consentFields(form) },
      jar,
    );
    expect(res.headers.get("location")).toBe("/naplata?step=shipping");
    // The cart now holds that address: the step shows it chosen again.
    expect(checked(await page("/naplata?step=address", jar), "deliveryAddress", saved ?? "")).toBe(true);
  });

  it("needs a delivery method and a pickup branch, and keeps the saved choice after a refusal", async () => {
    const jar = await cartWith(ids.glass as number);
    await addressed(jar);
    const form = await page("/naplata?step=shipping", jar);
    expect(form).toContain("Preuzimanje u poslovnici");
    const [pickup, courier] = radios(form, "deliveryMethodId");
    expect(radios(form, `branch.${pickup}`)).toHaveLength(3);

    const none = await shop.postForm("/naplata?step=shipping", { step: "shipping" }, jar);
    expect(none.status).toBe(400);
    expect(textOf(await none.text(), "deliveryMethodId-error")).toBe(html(hr("error.shippingMethodUndefined")));
    const noBranch = await shop.postForm("/naplata?step=shipping", { step: "shipping", deliveryMethodId: pickup ?? "" }, jar);
    expect(noBranch.status).toBe(400);
    expect(textOf(await noBranch.text(), `branch.${pickup}-error`)).toBe(html(hr("error.shippingBranchUndefined")));
    const unknown = await shop.postForm("/naplata?step=shipping", { step: "shipping", deliveryMethodId: "999999" }, jar);
    expect(textOf(await unknown.text(), "deliveryMethodId-error")).toBe(html(hr("error.shippingMethodNotFound")));

    const courierChosen = await shop.postForm("/naplata?step=shipping", { step: "shipping", deliveryMethodId: courier ?? "" }, jar);
    expect(courierChosen.headers.get("location")).toBe("/naplata?step=payment");
    // A refusal shows the form with the saved method (courier) still chosen.
    const refused = await (await shop.postForm("/naplata?step=shipping", { step: "shipping", deliveryMethodId: pickup ?? "" }, jar)).text();
    expect(checked(refused, "deliveryMethodId", courier ?? "")).toBe(true);
    expect(checked(refused, "deliveryMethodId", pickup ?? "")).toBe(false);
  });

  it("places a guest's pickup order paid by bank transfer and shows it on the success page, to this browser only", async () => {
    const jar = await cartWith(ids.glass as number);
    await addressed(jar);
    await shipped(jar);
    const fields = await paymentForm(jar, "Virmansko plaćanje");
    const before = await orderCount();
    const session = { cartId: jar.get(COOKIE.cartId) ?? "", protectCode: jar.get(COOKIE.protectCode) ?? "" };

    // SPEC §5 Payment: the consents and a method.
    const noConsents = Object.fromEntries(Object.entries(fields).filter(([k]) => !k.startsWith("consent.")));
    const refused = await shop.postForm("/naplata?step=payment", noConsents, jar);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(html(hr("core.notifications.consentRequired")));
    const noMethod = await shop.postForm("/naplata?step=payment", { ...fields, paymentMethodId: "" }, jar);
    expect(textOf(await noMethod.text(), "paymentMethodId-error")).toBe(html(hr("error.paymentMethodUndefined")));
    expect(await orderCount()).toBe(before);

    const res = await shop.postForm("/naplata?step=payment", fields, jar);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location") ?? "", "http://localhost");
    expect(location.pathname).toBe("/naplata/uspjesna");
    const slug = location.searchParams.get("orderSlug") ?? "";
    expect(slug).toMatch(/^[A-Z0-9]{16}$/);
    expect(await orderCount()).toBe(before + 1);
    // The cart session ends; the token to read the order stays in an httpOnly cookie.
    expect(jar.get(COOKIE.cartId)).toBeUndefined();
    expect(jar.get(COOKIE.orderAccess)?.startsWith(`${slug}.`)).toBe(true);
    expect(res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE.orderAccess}=`))).toMatch(/HttpOnly/i);

    const successRes = await shop.get(`/naplata/uspjesna?orderSlug=${slug}`, jar);
    expect(successRes.headers.get("cache-control")).toBe("private, no-store");
    const success = await successRes.text();
    expect(success).toMatch(/data-testid="order-number">\d{4}-\d{6}</);
    expect(success).toContain('data-testid="payment-method">Virmansko plaćanje<');
    expect(success).toContain(html(hr("checkout.success.pickup")));
    expect(success).toMatch(/data-testid="pickup-branch"><strong>[^<]+<\/strong>/);
    // The branch's opening hours, in the page's language.
    expect(success).toContain(
      `data-testid="branch-hours"><li>Ponedjeljak – petak: 07:00 – 20:00</li><li>Subota – nedjelja: ${hr("hours.closed")}</li></ul>`,
    );
    expect(success).toContain("Sredstvo za čišćenje stakla");
    // The slip to print is the order's document, downloaded with this browser's token.
    const slipHref = `/order/document/paymentSlip-${slug}?from=%2Fnaplata%2Fuspjesna`;
    expect(success).toContain(`href="${slipHref}">${html(hr("checkout.success.slipPdf"))}<`);
    const slip = await shop.get(slipHref, jar);
    expect(slip.headers.get("content-type")).toBe("application/pdf");
    expect((await shop.get(slipHref, new CookieJar())).status).toBe(404);

    // Another browser, a wrong token, or no code at all: not found, and nothing of the order.
    const stranger = await shop.get(`/naplata/uspjesna?orderSlug=${slug}`, new CookieJar());
    expect(stranger.status).toBe(404);
    expect(await stranger.text()).toContain(html(hr("checkout.notFound.title")));
    const forged = new CookieJar();
    forged.set(COOKIE.orderAccess, `${slug}.${"x".repeat(43)}`);
    const wrong = await shop.get(`/naplata/uspjesna?orderSlug=${slug}`, forged);
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).not.toContain("Sredstvo za čišćenje stakla");
    expect((await shop.get("/naplata/uspjesna", jar)).status).toBe(404);

    // The same form sent again with the cart's cookies (a second click without JavaScript) answers the same order.
    const secondClick = new CookieJar();
    secondClick.set(COOKIE.cartId, session.cartId);
    secondClick.set(COOKIE.protectCode, session.protectCode);
    const again = await shop.postForm("/naplata?step=payment", fields, secondClick);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(res.headers.get("location"));
    expect(await orderCount()).toBe(before + 1);
  });

  it("opens a guest's order in another browser from the link in the confirmation e-mail, and nothing from a changed link", async () => {
    const jar = await cartWith(ids.glass as number);
    await addressed(jar);
    await shipped(jar);
    const placed = await shop.postForm("/naplata?step=payment", await paymentForm(jar, "Virmansko plaćanje"), jar);
    const slug = new URL(placed.headers.get("location") ?? "", "http://localhost").searchParams.get("orderSlug") ?? "";
    const order = await shop.db.db.selectFrom("orders").select("number").where("code", "=", slug).executeTakeFirstOrThrow();
    const mail = await shop.db.db
      .selectFrom("outbox")
      .select("text_body")
      .where("subject", "like", `%${order.number}%`)
      .executeTakeFirstOrThrow();
    const link = new URL(/https?:\/\/\S+\/order\/open\?\S+/.exec(mail.text_body)?.[0] ?? "");

    const elsewhere = new CookieJar();
    const opened = await shop.get(`${link.pathname}${link.search}`, elsewhere);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(`/naplata/uspjesna?orderSlug=${slug}`);
    const page = await (await shop.get(`/naplata/uspjesna?orderSlug=${slug}`, elsewhere)).text();
    expect(page).toContain(`data-testid="order-number">${order.number}<`);

    const changed = new URLSearchParams(link.search);
    changed.set("expires", String(Number(changed.get("expires")) + 60));
    const refused = await shop.get(`${link.pathname}?${changed}`, new CookieJar());
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain(html(hr("checkout.notFound.title")));
  });

  it("places no order when the cart changed since the payment step was shown, says so and shows the cart as it is now", async () => {
    const jar = await cartWith(ids.wax as number);
    await addressed(jar);
    await shipped(jar);
    const fields = await paymentForm(jar, "Virmansko plaćanje");
    const before = await orderCount();
    const { retail_cents } = await shop.db.db
      .selectFrom("products")
      .select("retail_cents")
      .where("id", "=", ids.wax as number)
      .executeTakeFirstOrThrow();
    await shop.db.db
      .updateTable("products")
      .set({ retail_cents: retail_cents + 100 })
      .where("id", "=", ids.wax as number)
      .execute();
    try {
      const res = await shop.postForm("/naplata?step=payment", fields, jar);
      expect(res.status).toBe(409);
      const body = await res.text();
      expect(body).toContain(html(hr("core.notifications.cartUpdated")));
      expect(await orderCount()).toBe(before);
      // The page shows the cart as it is now, and the cart still works.
      expect(hidden(body, "seen")).not.toBe(fields.seen);
      expect(jar.get(COOKIE.cartId)).toBeDefined();
      const placed = await shop.postForm("/naplata?step=payment", { ...fields, seen: hidden(body, "seen") }, jar);
      expect(placed.status).toBe(303);
      expect(await orderCount()).toBe(before + 1);
    } finally {
      await shop.db.db
        .updateTable("products")
        .set({ retail_cents })
        .where("id", "=", ids.wax as number)
        .execute();
    }
  });

  it("has no shipping step for a cart of only vouchers", async () => {
    const jar = await cartWith(ids.voucher as number);
    const form = await page("/naplata", jar);
    expect([...form.matchAll(/class="checkout-progress__step /g)]).toHaveLength(2);
    const res = await shop.postForm("/naplata?step=address", { step: "address", ...GUEST, ...consentFields(form) }, jar);
    expect(res.headers.get("location")).toBe("/naplata?step=payment");
    const shipping = await shop.get("/naplata?step=shipping", jar);
    expect(shipping.headers.get("location")).toBe("/naplata?step=payment");
    const payment = await page("/naplata?step=payment", jar);
    expect(payment).toContain("Kartično plaćanje");
    expect(payment).not.toContain("Plaćanje u poslovnici");
  });

  it("refuses a post from another site", async () => {
    const jar = await cartWith(ids.glass as number);
    const res = await shop.app.request("/naplata?step=address", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site", cookie: jar.header() },
      body: new URLSearchParams({ step: "address", ...GUEST }).toString(),
    });
    expect(res.status).toBe(403);
  });
});

describe("the success page while a card payment is being confirmed", () => {
  const decode = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");

  /** A form's target and hidden fields in a page. */
  function formIn(page: string): { action: string; fields: Record<string, string> } {
    const action = decode(/<form [^>]*action="([^"]+)"/.exec(page)?.[1] ?? "");
    const fields = Object.fromEntries(
      [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, k, v]) => [decode(k ?? ""), decode(v ?? "")]),
    );
    return { action, fields };
  }

  /** A guest's card order, placed: the shop answers with the provider's form, the customer has not paid yet. */
  async function cardOrder(): Promise<{ jar: CookieJar; slug: string; providerForm: string }> {
    const jar = await cartWith(ids.glass as number);
    await addressed(jar);
    await shipped(jar);
    const res = await shop.postForm("/naplata?step=payment", await paymentForm(jar, "Kartično plaćanje"), jar);
    expect(res.status).toBe(200);
    const slug = (jar.get(COOKIE.orderAccess) ?? "").split(".")[0] ?? "";
    expect(slug).not.toBe("");
    const providerForm = await res.text();
    // The page (opened at http://localhost) may post to the emulator at the configured address, http://localhost:3000 (issue 25).
    const action = formIn(/<form id="payment-provider-form"[\s\S]*?<\/form>/.exec(providerForm)?.[0] ?? "").action;
    expect(res.headers.get("content-security-policy")).toMatch(new RegExp(`form-action 'self'[^;]* ${new URL(action).origin}`));
    return { jar, slug, providerForm };
  }

  /** On the emulated provider's page, the customer pays or cancels; the provider sends the browser back to the shop. */
  async function atProvider(providerForm: string, action: "pay" | "cancel"): Promise<string> {
    // The platform's form as the page shows it (the page's other forms come before it).
    const shopForm = formIn(/<form id="payment-provider-form"[\s\S]*?<\/form>/.exec(providerForm)?.[0] ?? "");
    const providerPage = await (
      await shop.app.request(shopForm.action, { method: "POST", body: new URLSearchParams(shopForm.fields) })
    ).text();
    const orderNumber = decode(/name="order_number" value="([^"]+)"/.exec(providerPage)?.[1] ?? "");
    const answer = await shop.app.request(new URL(formIn(providerPage).action, shopForm.action).href, {
      method: "POST",
      body: new URLSearchParams({ order_number: orderNumber, behaviour: "normal", action }),
    });
    let back: Response;
    if (answer.status === 302 || answer.status === 303) back = await shop.app.request(answer.headers.get("location") ?? "");
    else {
      const returnForm = formIn(await answer.text());
      back = await shop.app.request(returnForm.action, { method: "POST", body: new URLSearchParams(returnForm.fields) });
    }
    expect(back.status).toBe(303);
    return new URL(back.headers.get("location") ?? "", "http://localhost").pathname;
  }

  it("says the payment is being confirmed and refreshes itself a few times, then shows the order paid", async () => {
    const { jar, slug, providerForm } = await cardOrder();
    const waiting = await page(`/naplata/uspjesna?orderSlug=${slug}`, jar);
    expect(waiting).toContain(`<h1>${html(hr("checkout.confirming.title"))}</h1>`);
    // Announced politely: a status region, not an alert.
    expect(waiting).toMatch(new RegExp(`role="status"[\\s\\S]*?data-testid="payment-confirming">${html(hr("checkout.confirming.text"))}<`));
    // Reloaded by the browser without JavaScript (with it, the page asks again itself and stops when left).
    expect(waiting).toContain(
      `<noscript><meta http-equiv="refresh" content="5;url=/naplata/uspjesna?orderSlug=${slug}&amp;check=1"/></noscript>`,
    );
    // The customer may stop it (WCAG 2.2.1): a link to the page that no longer refreshes.
    expect(waiting).toContain(`href="/naplata/uspjesna?orderSlug=${slug}&amp;check=6">${html(hr("checkout.confirming.stop"))}<`);
    const third = await page(`/naplata/uspjesna?orderSlug=${slug}&check=2`, jar);
    expect(third).toContain(`check=3"/>`);
    // After a few refreshes the page stops, says the e-mail will follow and offers to check again.
    const last = await page(`/naplata/uspjesna?orderSlug=${slug}&check=6`, jar);
    expect(last).not.toContain('http-equiv="refresh"');
    expect(last).toContain(html(hr("checkout.confirming.slow")));
    expect(last).toContain(`href="/naplata/uspjesna?orderSlug=${slug}">${html(hr("checkout.confirming.check"))}<`);
    const english = await page(`/en/checkout/success?orderSlug=${slug}`, jar);
    expect(english).toContain(html(en("checkout.confirming.text")));

    expect(await atProvider(providerForm, "pay")).toBe("/naplata/uspjesna");
    const paid = await page(`/naplata/uspjesna?orderSlug=${slug}&check=3`, jar);
    expect(paid).not.toContain('http-equiv="refresh"');
    expect(paid).not.toContain('data-testid="payment-confirming"');
    expect(paid).toContain(`<h1>${html(hr("checkout.success.title"))}</h1>`);
    expect(paid).toContain(`data-testid="payment-paid">${html(hr("checkout.success.paid"))}<`);
  });

  it("shows a payment still being checked on a page of its own, never as done, and moves on once it is settled", async () => {
    const { jar, slug, providerForm } = await cardOrder();
    const checking = await page(`/naplata/provjera?orderSlug=${slug}`, jar);
    expect(checking).toContain(`<h1>${html(hr("checkout.pending.title"))}</h1>`);
    expect(checking).toMatch(new RegExp(`role="status"[\\s\\S]*?data-testid="payment-confirming">${html(hr("checkout.pending.text"))}<`));
    expect(checking).not.toContain(html(hr("checkout.success.title")));
    expect(checking).toContain(
      `<noscript><meta http-equiv="refresh" content="5;url=/naplata/provjera?orderSlug=${slug}&amp;check=1"/></noscript>`,
    );
    expect(checking).toContain(`data-testid="order-number">`);
    const slow = await page(`/naplata/provjera?orderSlug=${slug}&check=6`, jar);
    expect(slow).not.toContain('http-equiv="refresh"');
    expect(slow).toContain(html(hr("checkout.pending.slow")));
    expect(await page(`/de/kasse/pruefung?orderSlug=${slug}`, jar)).toContain(html(translator("de")("checkout.pending.title")));
    // Another browser, or another code, sees no order.
    expect((await shop.get(`/naplata/provjera?orderSlug=${slug}`, new CookieJar())).status).toBe(404);

    expect(await atProvider(providerForm, "pay")).toBe("/naplata/uspjesna");
    const settled = await shop.get(`/naplata/provjera?orderSlug=${slug}&check=2`, jar);
    expect(settled.status).toBe(303);
    expect(settled.headers.get("location")).toBe(`/naplata/uspjesna?orderSlug=${slug}`);
  });

  it("sends a failed payment to the failure page, which offers to pay again", async () => {
    const { jar, slug, providerForm } = await cardOrder();
    expect(await atProvider(providerForm, "cancel")).toBe("/checkout/failure");
    const res = await shop.get(`/naplata/uspjesna?orderSlug=${slug}&check=1`, jar);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/checkout/failure?orderSlug=${slug}`);
    const failure = await page(res.headers.get("location") ?? "", jar);
    expect(failure).toContain(html(hr("checkout.failure.text")));
    expect(failure).toContain(html(hr("checkout.failure.payAgain")));
  });
});

describe("the guest user (cookie guestUser)", () => {
  const company = { companyPurchase: "1", "company.companyName": "Firma d.o.o.", "company.oib": "69435151530" };
  const billing = {
    billingDifferent: "1",
    "billing.firstName": "Marko",
    "billing.lastName": "Horvat",
    "billing.contactEmail": "marko@example.hr",
    "billing.contactPhone": "+385 91 555 0202",
    "billing.street": "Vukovarska",
    "billing.houseNumber": "58",
    "billing.zipCode": "10000",
    "billing.city": "Zagreb",
    "billing.country": "HR",
  };

  /** A new cart in a browser that keeps only this guestUser cookie (the last order ended the cart's). */
  async function nextCart(guestUser: string | undefined): Promise<CookieJar> {
    const jar = await cartWith(ids.glass as number);
    if (guestUser !== undefined) jar.set(COOKIE.guestUser, guestUser);
    return jar;
  }

  it("keeps a guest's address step in an httpOnly cookie and prefills the next checkout with it", async () => {
    const first = await cartWith(ids.glass as number);
    const form = await page("/naplata", first);
    const res = await shop.postForm(
      "/naplata?step=address",
      { step: "address", ...GUEST, ...company, ...billing, ...consentFields(form) },
      first,
    );
    expect(res.status).toBe(303);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE.guestUser}=`)) ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=2592000/i);
    // The shop runs on http here; on https the cookie is Secure.
    expect(cookie).not.toMatch(/Secure/i);
    const token = first.get(COOKIE.guestUser) ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const next = await page("/naplata", await nextCart(token));
    for (const [name, value] of Object.entries({ ...GUEST, ...billing, ...company })) {
      // The countries are a select whose default is HR anyway.
      if (name.endsWith(".country")) continue;
      if (name === "companyPurchase" || name === "billingDifferent") expect(checked(next, name, value), name).toBe(true);
      else expect(inputs(next, name).join(), name).toContain(`value="${html(value)}"`);
    }
  });

  it("prefills nothing for a forged, unknown or missing cookie, and the page works the same", async () => {
    const plain = await page("/naplata", await nextCart(undefined));
    for (const forged of ["1", "x".repeat(43), "%%%"]) {
      const body = await page("/naplata", await nextCart(forged));
      expect(inputs(body, "delivery.firstName")).toEqual(inputs(plain, "delivery.firstName"));
      expect(body).not.toContain('value="Babić"');
    }
  });

  it("ends with a login: the cookie goes and its token opens nothing any more", async () => {
    const jar = await cartWith(ids.glass as number);
    await addressed(jar);
    const token = jar.get(COOKIE.guestUser) ?? "";
    expect(token).not.toBe("");
    const customer = shop.seeded?.customer;
    const login = await shop.postForm("/prijava", { username: customer?.email ?? "", password: customer?.password ?? "" }, jar);
    expect([302, 303]).toContain(login.status);
    expect(login.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE.guestUser}=`))).toMatch(/Max-Age=0/i);
    expect(jar.get(COOKIE.guestUser)).toBeUndefined();
    const after = await page("/naplata", await nextCart(token));
    expect(after).not.toContain('value="Babić"');
  });
});

/** Staff switch a CMS option through the API, as the back office does (the caches drop their copies). */
async function setOption(key: string, value: string): Promise<void> {
  const admin = shop.seeded?.admin;
  const login = await shop.app.request("/api/v1/login", {
    method: "POST",
    headers: { apiKey: DEMO_API_KEY, "content-type": "application/json" },
    body: JSON.stringify({ username: admin?.email, password: admin?.password }),
  });
  const token = ((await login.json()) as { data: { tokens: { accessToken: string } } }).data.tokens.accessToken;
  const res = await shop.app.request(`/api/v1/option/${key}`, {
    method: "PUT",
    headers: { apiKey: DEMO_API_KEY, accessToken: token, "content-type": "application/json" },
    body: JSON.stringify({ value }),
  });
  expect(res.status).toBe(200);
}

describe("checkout with skipShippingStep", () => {
  beforeAll(() => setOption("SkipShippingStep", "true"));
  afterAll(() => setOption("SkipShippingStep", "false"));

  it("takes a guest from the address straight to the payment, with the first method and its first branch saved", async () => {
    const jar = await cartWith(ids.glass as number);
    const form = await page("/naplata", jar);
    // Two steps in the progress: address and payment.
    expect([...form.matchAll(/class="checkout-progress__step /g)]).toHaveLength(2);
    const res = await shop.postForm("/naplata?step=address", { step: "address", ...GUEST, ...consentFields(form) }, jar);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/naplata?step=payment");

    const cart = await shop.db.db
      .selectFrom("carts")
      .select(["delivery_method_id", "options"])
      .where("id", "=", Number(jar.get(COOKIE.cartId)))
      .executeTakeFirstOrThrow();
    const applicable = await shop.app.request("/api/v2/delivery/getApplicableDeliveryMethods", {
      method: "POST",
      headers: { apiKey: DEMO_API_KEY, "content-type": "application/json" },
      body: JSON.stringify({ cartId: Number(jar.get(COOKIE.cartId)), protectCode: jar.get(COOKIE.protectCode) }),
    });
    const [first] = ((await applicable.json()) as { data: { methods: { id: number; options: { id: number; name: string }[] }[] } }).data
      .methods;
    const branch = first?.options[0];
    expect(branch).toBeDefined();
    expect(cart.delivery_method_id).toBe(first?.id);
    expect(JSON.parse(cart.options)).toMatchObject({ deliveryBranchId: branch?.id });

    const payment = await page("/naplata?step=payment", jar);
    expect(payment).toContain("Preuzimanje u poslovnici");
    expect(payment).toContain(html(branch?.name ?? "?"));
    // Back from the payment goes to the address; the shipping step is never shown.
    expect(payment).toContain('href="/naplata?step=address"');
    expect(payment).not.toContain('href="/naplata?step=shipping"');
    const shipping = await shop.get("/naplata?step=shipping", jar);
    expect(shipping.status).toBe(302);
    expect(shipping.headers.get("location")).toBe("/naplata?step=payment");
  });

  it("saves a method for an address that was saved before the setting was switched on", async () => {
    await setOption("SkipShippingStep", "false");
    const jar = await cartWith(ids.glass as number);
    await addressed(jar);
    await setOption("SkipShippingStep", "true");
    // The address alone does not reach the payment: the address step is where the method is saved.
    const early = await shop.get("/naplata?step=payment", jar);
    expect(early.headers.get("location")).toBe("/naplata?step=address");
    const form = await page("/naplata?step=address", jar);
    const res = await shop.postForm("/naplata?step=address", { step: "address", ...GUEST, ...consentFields(form) }, jar);
    expect(res.headers.get("location")).toBe("/naplata?step=payment");
    expect(await page("/naplata?step=payment", jar)).toContain("Preuzimanje u poslovnici");
  });
});

describe("checkout failure", () => {
  it("shows the failure title with the way back to the checkout, in each language", async () => {
    for (const [path, t, back] of [
      ["/checkout/failure", hr, "/naplata"],
      ["/en/checkout/failure", en, "/en/checkout"],
    ] as const) {
      const body = await page(path, new CookieJar());
      expect(body).toContain(`<h1 id="status-title">${html(t("checkout.failure.title"))}</h1>`);
      expect(body).toContain(`href="${back}"`);
    }
  });
});
