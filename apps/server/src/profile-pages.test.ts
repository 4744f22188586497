import { randomBytes } from "node:crypto";
import { COOKIE } from "@shop/contracts";
import { COMPANY } from "@shop/db/seed/business.ts";
import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import { translator } from "@shop/i18n";
import { pdfTextLines } from "@shop/platform/modules/bank-transfer/bank-transfer.test-support.ts";
import { describe, expect, it } from "vitest";
import { loggedInCustomer, CUSTOMER_PASSWORD as PASSWORD, type TestCustomer } from "./customers.test-support.ts";
import { apiCall, CookieJar, html, useTestShop } from "./testing.ts";

/**
 * The profile page's forms (SPEC §2 Profile) in-process, as a browser without JavaScript uses them:
 * each posts to the page, answers its errors there, and redirects back after a success.
 */

const shop = useTestShop();
const hr = translator("hr");
const en = translator("en");

/** A verified customer of its own, logged in through the login form. */
const customer = () => loggedInCustomer(shop, { emailPrefix: "profil" });

async function apiLogin(email: string, password: string): Promise<number> {
  const res = await shop.app.request("/api/v1/login", {
    method: "POST",
    headers: { apiKey: DEMO_API_KEY, "content-type": "application/json" },
    body: JSON.stringify({ username: email, password }),
  });
  return res.status;
}

describe("change password", () => {
  it("needs a login: a visitor's post goes to the login page", async () => {
    const res = await shop.postForm("/profil", { intent: "password", oldPassword: PASSWORD, newPassword: "Nova-lozinka-1" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/prijava?redirect=%2Fprofil");
  });

  it("shows the SPEC §5 rules on their fields and changes nothing", async () => {
    const c = await customer();
    const res = await shop.postForm(
      "/profil",
      { intent: "password", oldPassword: "", newPassword: "kratka", passwordConfirmation: "druga" },
      c.jar,
    );
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain(`id="field-oldPassword-error"`);
    expect(page).toContain(`id="field-newPassword-error"`);
    expect(page).toContain(html(hr("validation.repeatPassword")));
    expect(page).toMatch(/id="field-oldPassword"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="field-oldPassword"/);
    expect(await apiLogin(c.email, PASSWORD)).toBe(200);
  });

  it("refuses a new password equal to the old one", async () => {
    const c = await customer();
    const res = await shop.postForm(
      "/profil",
      { intent: "password", oldPassword: PASSWORD, newPassword: PASSWORD, passwordConfirmation: PASSWORD },
      c.jar,
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(html(hr("validation.differentPassword")));
  });

  it("maps 'Incorrect old password.' to its own text on the old-password field, in the page's language", async () => {
    const c = await customer();
    const res = await shop.postForm(
      "/en/profile",
      { intent: "password", oldPassword: "Pogresna-lozinka", newPassword: "Nova-lozinka-1", passwordConfirmation: "Nova-lozinka-1" },
      c.jar,
    );
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain(`<p class="field__error" id="field-oldPassword-error">${html(en("core.errors.incorrectOldPassword"))}</p>`);
    expect(page).not.toContain("Incorrect old password.");
    expect(await apiLogin(c.email, PASSWORD)).toBe(200);
  });

  it("changes it, keeps this browser logged in, logs the other sessions out and shows the outcome on an empty form", async () => {
    const c = await customer();
    const other = new CookieJar();
    await shop.postForm("/prijava", { username: c.email, password: PASSWORD }, other);
    const res = await shop.postForm(
      "/profil",
      { intent: "password", oldPassword: PASSWORD, newPassword: "Nova-lozinka-1", passwordConfirmation: "Nova-lozinka-1" },
      c.jar,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/profil?done=password#password");
    expect(await apiLogin(c.email, PASSWORD)).toBe(401);
    expect(await apiLogin(c.email, "Nova-lozinka-1")).toBe(200);

    const after = await shop.get("/profil?done=password", c.jar);
    expect(after.status).toBe(200);
    const page = await after.text();
    expect(page).toContain(html(hr("profile.password.changed")));
    expect(page).not.toContain("Nova-lozinka-1");

    // The other browser's session is over: the profile sends it to the login page.
    const elsewhere = await shop.get("/profil", other);
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.headers.get("location")).toContain("/prijava");
  });

  it("refuses a post from another site", async () => {
    const c = await customer();
    const res = await shop.app.request("/profil", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
        cookie: c.jar.header(),
      },
      body: new URLSearchParams({
        intent: "password",
        oldPassword: PASSWORD,
        newPassword: "Nova-lozinka-1",
        passwordConfirmation: "Nova-lozinka-1",
      }).toString(),
    });
    expect(res.status).toBe(403);
    expect(await apiLogin(c.email, PASSWORD)).toBe(200);
    const address = await shop.app.request("/profil/adresa", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site", cookie: c.jar.header() },
      body: new URLSearchParams(ADDRESS).toString(),
    });
    expect(address.status).toBe(403);
    expect(await addressesOf(c.id)).toEqual([]);
  });
});

const ADDRESS = {
  "address.firstName": "Ana-Marija",
  "address.lastName": "Horvat",
  "address.contactEmail": "ana@example.hr",
  "address.contactPhone": "+385 91 111 2222",
  "address.street": "Ilica",
  "address.houseNumber": "10",
  "address.zipCode": "10000",
  "address.city": "Zagreb",
  "address.country": "HR",
};

/** The page's own content, without the shell (nonces, ids of the address in the language links). */
const mainOf = (page: string) => /<main[\s\S]*<\/main>/.exec(page)?.[0];

async function addressesOf(userId: number) {
  return shop.db.db.selectFrom("addresses").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

async function defaultsOf(userId: number) {
  return shop.db.db
    .selectFrom("users")
    .select(["default_delivery_address_id", "default_billing_address_id"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
}

describe("saved addresses", () => {
  it("adds an address from its own page and lists it on the profile", async () => {
    const c = await customer();
    const form = await shop.get("/profil/adresa", c.jar);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain(html(hr("profile.address.newTitle")));
    const res = await shop.postForm("/profil/adresa", ADDRESS, c.jar);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/profil?done=addressSaved#addresses");
    expect(await addressesOf(c.id)).toEqual([expect.objectContaining({ first_name: "Ana-Marija", street: "Ilica", type: "main" })]);
    const page = await (await shop.get("/profil?done=addressSaved", c.jar)).text();
    expect(page).toContain(html(hr("profile.addresses.saved")));
    expect(page).toContain("Ana-Marija Horvat");
  });

  it("refuses letters-only names and the SPEC §9 maxima on their fields, keeping what was typed, and saves nothing", async () => {
    const c = await customer();
    const res = await shop.postForm(
      "/en/profile/address",
      { ...ADDRESS, "address.firstName": "Ana2", "address.houseNumber": "1".repeat(16), "address.zipCode": "" },
      c.jar,
    );
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain(html(en("validation.lettersOnly")));
    expect(page).toContain(`id="field-address-houseNumber-error"`);
    expect(page).toContain(`id="field-address-zipCode-error"`);
    expect(page).toContain(`value="Ana2"`);
    expect(await addressesOf(c.id)).toEqual([]);
  });

  it("edits the customer's own address, keeping what the form does not show", async () => {
    const c = await customer();
    await shop.postForm("/profil/adresa", ADDRESS, c.jar);
    const [saved] = await addressesOf(c.id);
    await shop.db.db.updateTable("addresses").set({ company_name: "Sjaj d.o.o." }).where("id", "=", Number(saved?.id)).execute();
    const form = await (await shop.get(`/de/profil/adresse/${saved?.id}`, c.jar)).text();
    expect(form).toContain('value="Ana-Marija"');
    const res = await shop.postForm(`/de/profil/adresse/${saved?.id}`, { ...ADDRESS, "address.street": "Savska cesta" }, c.jar);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/de/profil?done=addressSaved#addresses");
    expect(await addressesOf(c.id)).toEqual([expect.objectContaining({ street: "Savska cesta", company_name: "Sjaj d.o.o." })]);
  });

  it("answers another customer's address exactly like a missing one and leaves it alone", async () => {
    const owner = await customer();
    const other = await customer();
    await shop.postForm("/profil/adresa", ADDRESS, owner.jar);
    const [saved] = await addressesOf(owner.id);
    const foreign = await shop.get(`/profil/adresa/${saved?.id}`, other.jar);
    const missing = await shop.get("/profil/adresa/2000000000", other.jar);
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(mainOf(await foreign.text())).toBe(mainOf(await missing.text()));
    expect((await shop.postForm(`/profil/adresa/${saved?.id}`, { ...ADDRESS, "address.street": "Tuđa" }, other.jar)).status).toBe(404);
    for (const fields of [
      { intent: "deleteAddress", addressId: String(saved?.id) } as Record<string, string>,
      { intent: "defaultAddress", addressId: String(saved?.id), kind: "delivery" },
    ]) {
      const res = await shop.postForm("/profil", fields, other.jar);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain(html(hr("error.notFound")));
    }
    expect(await addressesOf(owner.id)).toEqual([expect.objectContaining({ street: "Ilica" })]);
    expect(await defaultsOf(other.id)).toEqual({ default_delivery_address_id: null, default_billing_address_id: null });
  });

  it("sets the default delivery and billing address and shows them; deleting an address clears its defaults", async () => {
    const c = await customer();
    await shop.postForm("/profil/adresa", ADDRESS, c.jar);
    await shop.postForm("/profil/adresa", { ...ADDRESS, "address.street": "Savska cesta" }, c.jar);
    const [first, second] = await addressesOf(c.id);
    const delivery = await shop.postForm("/profil", { intent: "defaultAddress", addressId: String(second?.id), kind: "delivery" }, c.jar);
    expect(delivery.status).toBe(302);
    expect(delivery.headers.get("location")).toBe("/profil?done=addressDefault#addresses");
    await shop.postForm("/profil", { intent: "defaultAddress", addressId: String(first?.id), kind: "billing" }, c.jar);
    expect(await defaultsOf(c.id)).toEqual({ default_delivery_address_id: second?.id, default_billing_address_id: first?.id });
    const page = await (await shop.get("/profil", c.jar)).text();
    expect(page).toContain(html(hr("profile.addresses.defaultDelivery")));
    expect(page).toContain(html(hr("profile.addresses.defaultBilling")));

    const deleted = await shop.postForm("/profil", { intent: "deleteAddress", addressId: String(first?.id) }, c.jar);
    expect(deleted.headers.get("location")).toBe("/profil?done=addressDeleted#addresses");
    expect((await addressesOf(c.id)).map((a) => a.id)).toEqual([second?.id]);
    expect(await defaultsOf(c.id)).toEqual({ default_delivery_address_id: second?.id, default_billing_address_id: null });
  });

  it("sends a visitor to the login page", async () => {
    const res = await shop.get("/profil/adresa");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/prijava?redirect=%2Fprofil%2Fadresa");
  });
});

const DETAILS = { intent: "details", "details.firstName": "Ivana", "details.lastName": "Babić" };

async function userRow(id: number) {
  return shop.db.db
    .selectFrom("users")
    .select(["email", "first_name", "last_name", "member_card_barcode"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

/** The newest mail to `to` (mail is kept in the outbox without SMTP_URL); it goes out after the answer. */
async function mailTo(to: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const row = await shop.db.db
      .selectFrom("outbox")
      .select("text_body")
      .where("to_address", "=", to)
      .orderBy("id", "desc")
      .executeTakeFirst();
    if (row) return row.text_body;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail to ${to}`);
}

async function issueCard(userId: number, barcode: string) {
  await shop.db.db
    .insertInto("membership_cards")
    .values({ barcode, user_id: userId, issued_at: new Date().toISOString(), revoked_at: null })
    .execute();
}

/** Puts a gift voucher in the browser's cart, so the cart has a session; answers the cart's id. */
async function fillCart(jar: CookieJar): Promise<number> {
  const product = await shop.app.request("/api/v1/product/web/get?slug=poklon-bon-20", { headers: { apiKey: DEMO_API_KEY } });
  const { id } = ((await product.json()) as { data: { id: number } }).data;
  await shop.postForm("/cart/action", { js: "1", locale: "hr", intent: "add", productId: String(id) }, jar);
  return Number(jar.get("cartId"));
}

const cartCard = async (cartId: number) =>
  (await shop.db.db.selectFrom("carts").select("member_card").where("id", "=", cartId).executeTakeFirstOrThrow()).member_card;

describe("edit profile", () => {
  it("saves the names and shows them; SPEC §5 rules keep what was typed and save nothing", async () => {
    const c = await customer();
    const bad = await shop.postForm(
      "/profil",
      { ...DETAILS, "details.firstName": "Iv4na", "details.lastName": "", email: "nije-adresa" },
      c.jar,
    );
    expect(bad.status).toBe(400);
    const page = await bad.text();
    expect(page).toContain(html(hr("validation.lettersOnly")));
    expect(page).toContain(`id="field-details-lastName-error"`);
    expect(page).toContain(html(hr("validation.email")));
    expect(page).toContain('value="Iv4na"');
    expect(await userRow(c.id)).toMatchObject({ first_name: "Ivana", last_name: "Babić" });

    const res = await shop.postForm("/profil", { ...DETAILS, "details.firstName": "Ana-Marija", email: c.email }, c.jar);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/profil?done=details#details");
    expect(await userRow(c.id)).toMatchObject({ first_name: "Ana-Marija", email: c.email });
    expect(await (await shop.get("/profil?done=details", c.jar)).text()).toContain(html(hr("profile.details.saved")));
  });

  it("changes the e-mail only after the link mailed to the new address is opened, once", async () => {
    const c = await customer();
    const next = `novi-${randomBytes(4).toString("hex")}@example.hr`;
    const noPassword = await shop.postForm("/profil", { ...DETAILS, email: next }, c.jar);
    expect(noPassword.status).toBe(400);
    expect(await noPassword.text()).toContain(`id="field-password-error"`);
    const wrong = await shop.postForm("/profil", { ...DETAILS, email: next, password: "Pogresna-lozinka" }, c.jar);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(html(hr("error.incorrectPassword")));

    const res = await shop.postForm("/profil", { ...DETAILS, email: next, password: PASSWORD }, c.jar);
    expect(res.headers.get("location")).toBe("/profil?done=emailPending#details");
    expect((await userRow(c.id)).email).toBe(c.email);
    expect(await (await shop.get("/profil?done=emailPending", c.jar)).text()).toContain(html(hr("profile.details.emailPending")));

    const link = /\/prijava\?emailToken=[\w-]+/.exec(await mailTo(next))?.[0];
    expect(link).toBeDefined();
    const confirmed = await shop.get(link as string, c.jar);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/profil");
    expect((await userRow(c.id)).email).toBe(next);
    // Single use: the same link again changes nothing and says so.
    const again = await shop.get(link as string);
    expect(await again.text()).toContain(html(hr("error.tokenInvalid")));
  });

  it("checks a new membership card on the server first and saves nothing for one not issued to the customer", async () => {
    const c = await customer();
    const other = await customer();
    await issueCard(other.id, "3850000000017");
    for (const barcode of ["3850000000017", "4006381333931"]) {
      const res = await shop.postForm(
        "/profil",
        { ...DETAILS, email: c.email, memberCardBarcode: barcode, "details.firstName": "Marko" },
        c.jar,
      );
      expect(res.status).toBe(400);
      const page = await res.text();
      expect(page).toContain(
        `<p class="field__error" id="field-memberCardBarcode-error">${html(hr("core.notifications.membershipCardBarcodeInvalid"))}</p>`,
      );
    }
    expect(await userRow(c.id)).toMatchObject({ first_name: "Ivana", member_card_barcode: null });
  });

  it("saves the customer's card and puts it on the cart; emptied, takes it off both (SPEC §4)", async () => {
    const c = await customer();
    await issueCard(c.id, "3850000000024");
    const cartId = await fillCart(c.jar);
    const saved = await shop.postForm("/profil", { ...DETAILS, email: c.email, memberCardBarcode: "3850000000024" }, c.jar);
    expect(saved.status).toBe(302);
    expect((await userRow(c.id)).member_card_barcode).toBe("3850000000024");
    expect(await cartCard(cartId)).toBe("3850000000024");

    const emptied = await shop.postForm("/profil", { ...DETAILS, email: c.email, memberCardBarcode: "" }, c.jar);
    expect(emptied.status).toBe(302);
    expect((await userRow(c.id)).member_card_barcode).toBeNull();
    expect(await cartCard(cartId)).toBeNull();
  });

  it("shows the profile in English and German with the same forms", async () => {
    const c = await customer();
    const en_ = await (await shop.get("/en/profile", c.jar)).text();
    expect(en_).toContain(html(en("profile.details.title")));
    expect(en_).toContain(html(en("profile.password.title")));
    const de = await (await shop.get("/de/profil", c.jar)).text();
    expect(de).toContain(html(translator("de")("profile.addresses.title")));
  });
});

/** A gift voucher ordered through the platform's checkout with the customer's login, or as a guest without one (bank transfer or card). */
async function placeOrderAs(c: TestCustomer | null, payment: "bank_transfer" | "card" = "bank_transfer") {
  const token = c?.jar.get("accessToken");
  const session = (await apiCall<{ cartId: number; protectCode: string }>(shop, "GET", "/v2/cart/getNewCartSession", token)).data;
  const s = { cartId: session.cartId, protectCode: session.protectCode };
  const product = (await apiCall<{ id: number }>(shop, "GET", "/v1/product/web/get?slug=poklon-bon-20", undefined)).data;
  expect((await apiCall(shop, "POST", "/v2/cart/addItem", token, { ...s, productId: product.id, qty: 1 })).status).toBe(200);
  const delivery = { ...Object.fromEntries(Object.entries(ADDRESS).map(([k, v]) => [k.replace("address.", ""), v])) };
  const email = c ? {} : { email: "gost@example.hr" };
  expect((await apiCall(shop, "PUT", "/v2/checkout/saveAddresses", token, { ...s, ...email, delivery })).status).toBe(200);
  const method = await shop.db.db.selectFrom("payment_methods").select("id").where("code", "=", payment).executeTakeFirstOrThrow();
  expect((await apiCall(shop, "PUT", "/v2/payment/savePaymentMethod", token, { ...s, paymentMethodId: method.id })).status).toBe(200);
  const consents = await shop.db.db.selectFrom("consent_assignments").select("consent_id").where("assigned_to", "=", "checkout").execute();
  const order = await apiCall<{ orderSlug: string; accessToken: string }>(shop, "POST", "/v2/order/create", token, {
    ...s,
    consents: consents.map((r) => r.consent_id),
  });
  expect(order.status).toBe(200);
  return order.data;
}

/** The customer's order: its code. */
const placeOrder = async (c: TestCustomer, payment: "bank_transfer" | "card" = "bank_transfer") =>
  (await placeOrderAs(c, payment)).orderSlug;

describe("my orders", () => {
  it("counts the orders on the profile and lists them newest first with their statuses in words", async () => {
    const c = await customer();
    expect(await (await shop.get("/profil", c.jar)).text()).toContain(html(hr("profile.orders.count.other", { count: 0 })));
    const first = await placeOrder(c);
    const second = await placeOrder(c, "card");
    expect(await (await shop.get("/profil", c.jar)).text()).toContain(html(hr("profile.orders.count.few", { count: 2 })));
    const res = await shop.get("/profil/narudzbe", c.jar);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page.indexOf(`/profil/narudzbe/${second}`)).toBeLessThan(page.indexOf(`/profil/narudzbe/${first}`));
    expect(page).toContain(html(hr("orders.status.order.pending_payment")));
    expect(page).toContain(html(hr("orders.status.order.placed")));
    expect(page).toContain(html(hr("orders.status.payment.initiated")));
    // A page past the end shows the last one.
    const beyond = await shop.get("/profil/narudzbe?page=5", c.jar);
    expect(beyond.status).toBe(302);
    expect(beyond.headers.get("location")).toBe("/profil/narudzbe");
  });

  it("shows an order's details: lines, VAT, payment, history in words and the HUB-3 slip again", async () => {
    const c = await customer();
    const code = await placeOrder(c);
    const res = await shop.get(`/en/profile/orders/${code}`, c.jar);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain(html(en("checkout.success.lines")));
    expect(page).toContain("Poklon bon");
    expect(page).toMatch(/data-testid="order-total">[^<]*20[.,]00/);
    expect(page).toContain(html(en("orders.historyEntry", { axis: en("orders.axis.order"), status: en("orders.status.order.placed") })));
    expect(page).not.toContain(html(en("orders.payAgain")));
    // The bank section links the slip as the order's document.
    const slipHref = `/order/document/paymentSlip-${code}?from=%2Fen%2Fprofile%2Forders`;
    expect(page).toContain(`href="${slipHref}">${html(en("checkout.success.slipPdf"))}<`);
    const slip = await shop.get(slipHref, c.jar);
    expect(slip.status).toBe(200);
    expect(slip.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await slip.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("offers 'pay again' for an unpaid card order and answers the provider's form", async () => {
    const c = await customer();
    const code = await placeOrder(c, "card");
    const page = await (await shop.get(`/profil/narudzbe/${code}`, c.jar)).text();
    expect(page).toContain(html(hr("orders.payAgain")));
    const res = await shop.postForm(`/profil/narudzbe/${code}`, {}, c.jar);
    expect(res.status).toBe(200);
    const answer = await res.text();
    expect(answer).toContain(html(hr("checkout.provider.title")));
    expect(answer).toMatch(/<form[^>]+action="[^"]+"/);
  });

  it("answers another customer's order, and its slip, exactly like a missing one", async () => {
    const owner = await customer();
    const other = await customer();
    const code = await placeOrder(owner);
    const foreign = await shop.get(`/profil/narudzbe/${code}`, other.jar);
    const missing = await shop.get("/profil/narudzbe/ZZZZZZZZZZZZZZZZ", other.jar);
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(mainOf(await foreign.text())).toBe(mainOf(await missing.text()));
    expect((await shop.get(`/order/document/paymentSlip-${code}`, other.jar)).status).toBe(404);
    expect((await shop.postForm(`/profil/narudzbe/${code}`, {}, other.jar)).status).toBe(404);
    expect((await shop.get(`/order/document/paymentSlip-${code}`)).status).toBe(404);
    // The slip's old address is gone: no e-mail ever carried it, the pages now link the document.
    expect((await shop.get(`/order/my-payment-slip/${code}`, owner.jar)).status).toBe(404);
    expect(await (await shop.get("/profil/narudzbe", other.jar)).text()).toContain(html(hr("orders.none")));
  });

  it("sends a visitor to the login page", async () => {
    const res = await shop.get("/de/profil/bestellungen");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/de/login?redirect=%2Fde%2Fprofil%2Fbestellungen");
  });
});

describe("order documents", () => {
  /** The links of the page's documents section, in order. */
  const documentLinks = (page: string) =>
    [...(/data-testid="order-documents"[\s\S]*?<\/section>/.exec(page)?.[0] ?? "").matchAll(/href="([^"]+)"[^>]*>([^<]+)</g)].map((m) => ({
      href: (m[1] as string).replace(/&amp;/g, "&"),
      text: m[2],
    }));
  const pdfText = async (res: Response) => pdfTextLines(Buffer.from(await res.arrayBuffer())).join("\n");

  it("lists the receipt and the slip on the profile's order page, and downloads them for the owner only", async () => {
    const c = await customer();
    const code = await placeOrder(c);
    const links = documentLinks(await (await shop.get(`/en/profile/orders/${code}`, c.jar)).text());
    expect(links).toEqual([
      { href: `/order/document/receipt-${code}?from=%2Fen%2Fprofile%2Forders`, text: en("documents.kind.receipt") },
      { href: `/order/document/paymentSlip-${code}?from=%2Fen%2Fprofile%2Forders`, text: en("documents.kind.paymentSlip") },
    ]);
    const receipt = await shop.get(links[0]?.href ?? "", c.jar);
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get("content-type")).toBe("application/pdf");
    expect(receipt.headers.get("content-disposition")).toMatch(/^attachment; filename="racun-\d+-[^"]+\.pdf"$/);
    const text = await pdfText(receipt);
    // The order was placed in Croatian: so is its receipt.
    expect(text).toMatch(/Račun \d+\/\w+\/\w+/);
    expect(text).toContain(COMPANY.legalName);
    expect(text).toContain("Poklon bon");
    expect(text).toMatch(/ZKI: [0-9a-f]{32}/);
    const slip = await shop.get(links[1]?.href ?? "", c.jar);
    expect(slip.status).toBe(200);
    expect(await pdfText(slip)).toContain(`HR12 1001 0051 8630 0016 0`);

    const other = await customer();
    const foreign = await shop.get(`/order/document/receipt-${code}`, other.jar);
    const missing = await shop.get("/order/document/receipt-ZZZZZZZZZZZZZZZZ", other.jar);
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toBe(await missing.text());
    expect((await shop.get(`/order/document/receipt-${code}`)).status).toBe(404);
    expect((await shop.get("/order/document/invoice-1")).status).toBe(404);
  });

  it("lists a guest's documents on the success page for the browser holding the order's token", async () => {
    const order = await placeOrderAs(null);
    const jar = new CookieJar();
    jar.set(COOKIE.orderAccess, `${order.orderSlug}.${order.accessToken}`);
    const page = await (await shop.get(`/naplata/uspjesna?orderSlug=${order.orderSlug}`, jar)).text();
    const links = documentLinks(page);
    expect(links.map((l) => l.text)).toEqual([hr("documents.kind.receipt"), hr("documents.kind.paymentSlip")]);
    const receipt = await shop.get(links[0]?.href ?? "", jar);
    expect(receipt.status).toBe(200);
    expect(await pdfText(receipt)).toMatch(/JIR: |čeka dostavu/);
    // Another browser, or one holding another order's token, gets nothing.
    expect((await shop.get(links[0]?.href ?? "")).status).toBe(404);
    const forged = new CookieJar();
    forged.set(COOKIE.orderAccess, `${order.orderSlug}.${"x".repeat(43)}`);
    expect((await shop.get(links[0]?.href ?? "", forged)).status).toBe(404);
  });

  it("shows no documents for a card order that is not paid yet", async () => {
    const c = await customer();
    const code = await placeOrder(c, "card");
    expect(documentLinks(await (await shop.get(`/profil/narudzbe/${code}`, c.jar)).text())).toEqual([]);
  });
});
