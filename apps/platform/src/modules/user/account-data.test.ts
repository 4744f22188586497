import type { AccountExport, CartView, NewCartSession, OrderCreateAnswer } from "@shop/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANONYMISED } from "../../shared/anonymised.ts";
import { createTestPlatform, DEFAULT_PASSWORD, insertPost, type TestPlatform } from "../../test-support.ts";
import { type CartCatalog, insertCartCatalog } from "../cart/cart.fixtures.ts";
import { insertCheckoutSetup, methodIds } from "../orders/orders.fixtures.ts";
import { deleteAccount as deleteAccountService } from "./user.service.ts";

let p: TestPlatform;
let c: CartCatalog;
let m: Awaited<ReturnType<typeof methodIds>>;
let postId: number;
let consentId: number;

beforeAll(async () => {
  p = await createTestPlatform();
  c = await insertCartCatalog(p.db);
  await insertCheckoutSetup(p.db);
  m = await methodIds(p.db);
  const now = new Date().toISOString();
  postId = await insertPost(p.db, {
    type: "news",
    status: "published",
    publishedAt: now,
    translations: [{ lang: "hr", slug: "vijest", title: "Vijest" }],
  });
  consentId = (
    await p.db
      .insertInto("consents")
      .values({ unique_number: "marketing", version: 2, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => p.close());

const COMPANY = { companyName: "Firma d.o.o.", oib: "69435151530" };

/** An order through the checkout, for a company; logged in with `token`, else as a guest with `guestEmail`. */
async function placeOrder(token: string | undefined, delivery: Record<string, string>, guestEmail?: string): Promise<string> {
  const s = (await p.call<NewCartSession>("GET", "/api/v2/cart/getNewCartSession", { token })).body.data;
  const session = { cartId: s.cartId, protectCode: s.protectCode };
  expect((await p.call<CartView>("POST", "/api/v2/cart/addItem", { token, body: { ...session, productId: c.wax, qty: 2 } })).status).toBe(
    200,
  );
  const steps: [string, Record<string, unknown>][] = [
    ["checkout/saveAddresses", { delivery, company: COMPANY, ...(guestEmail ? { email: guestEmail } : {}) }],
    ["delivery/saveDeliveryMethod", { deliveryMethodId: m.pickup, branchId: m.branches[1] }],
    ["payment/savePaymentMethod", { paymentMethodId: m.bankTransfer }],
  ];
  for (const [path, body] of steps)
    expect((await p.call("PUT", `/api/v2/${path}`, { token, body: { ...session, ...body } })).status).toBe(200);
  const order = await p.call<OrderCreateAnswer>("POST", "/api/v2/order/create", { token, body: session });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  return order.body.data.orderSlug;
}

/** A customer with something in every table the shop keeps about a person, each marked with `mark`. */
async function customerWithData(mark: string) {
  const user = await p.createUser({ firstName: mark, lastName: "Kupac" });
  const token = (await p.login(user)).accessToken;
  const address = { firstName: mark, lastName: "Kupac", contactEmail: user.email, contactPhone: "+385 91 555 0101" };
  const place = { country: "HR", city: "Zagreb", street: `Ulica ${mark}`, houseNumber: "1", zipCode: "10000" };
  expect(
    (await p.call("POST", "/api/v1/user/web/address/create", { token, body: { address: { type: "shipping", ...address, ...place } } }))
      .status,
  ).toBe(200);

  const orderCode = await placeOrder(token, { ...address, ...place });

  const now = new Date().toISOString();
  await p.db
    .insertInto("consent_log")
    .values({
      consent_id: consentId,
      consent_version: 2,
      status: "accepted",
      status_timestamp: now,
      source_type: "newsletter",
      user_type: "webUser",
      email: user.email,
      user_id: user.id,
      ip_hash: "x",
      language_code: "hr",
      created_at: now,
    })
    .execute();
  await p.db
    .insertInto("newsletter_subscriptions")
    .values({ email: user.email, language_code: "hr", consent_ids: "[]", confirmed_at: now, created_at: now, updated_at: now })
    .execute();
  await p.db.insertInto("wishlist_items").values({ user_id: user.id, product_id: c.wax, created_at: now }).execute();
  await p.db
    .insertInto("reviews")
    .values({
      product_id: c.wax,
      user_id: user.id,
      rating: 5,
      content: `Recenzija ${mark}`,
      published: 1,
      single_author: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await p.db
    .insertInto("comments")
    .values({
      post_id: postId,
      user_id: user.id,
      content: `Komentar ${mark}`,
      published: 1,
      single_author: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await p.db
    .insertInto("social_logins")
    .values({ user_id: user.id, provider: "google", subject: `sub-${mark}`, created_at: now, last_login_at: now })
    .execute();
  await p.db
    .insertInto("guests")
    .values({
      token_hash: `guest-${mark}`,
      email: user.email,
      details: "{}",
      created_at: now,
      last_used_at: now,
      expires_at: "2999-01-01T00:00:00.000Z",
    })
    .execute();
  return { ...user, token, mark, orderCode, delivery: { ...address, ...place } };
}

type Customer = Awaited<ReturnType<typeof customerWithData>>;

/** Until no mail to the address is on its way (one being sent stays in the outbox, by design). */
async function mailSettled(email: string): Promise<void> {
  const busy = () =>
    p.db.selectFrom("outbox").select("id").where("to_address", "=", email).where("status", "in", ["pending", "sending"]).execute();
  await expect.poll(async () => (await busy()).length, { timeout: 5000 }).toBe(0);
}

const exportOf = (token: string) => p.call<AccountExport>("GET", "/api/v1/user/web/export", { token });
const deleteAccount = (token: string, body: Record<string, unknown>) => p.call("POST", "/api/v1/user/web/delete", { token, body });

/** The rows that name the user, table by table (the orders are checked column by column apart). */
async function rowsOf(u: Customer) {
  const byUser = async (
    table: "addresses" | "wishlist_items" | "reviews" | "comments" | "social_logins" | "refresh_tokens" | "consent_log",
  ) => (await p.db.selectFrom(table).select("id").where("user_id", "=", u.id).execute()).length;
  return {
    users: (await p.db.selectFrom("users").select("id").where("id", "=", u.id).execute()).length,
    addresses: await byUser("addresses"),
    wishlist: await byUser("wishlist_items"),
    reviews: await byUser("reviews"),
    comments: await byUser("comments"),
    socialLogins: await byUser("social_logins"),
    refreshTokens: await byUser("refresh_tokens"),
    consents: await byUser("consent_log"),
    newsletter: (await p.db.selectFrom("newsletter_subscriptions").select("id").where("email", "=", u.email).execute()).length,
    guests: (await p.db.selectFrom("guests").select("id").where("email", "=", u.email).execute()).length,
    mail: (await p.db.selectFrom("outbox").select("id").where("to_address", "=", u.email).execute()).length,
    carts: (await p.db.selectFrom("carts").select("id").where("user_id", "=", u.id).execute()).length,
  };
}

describe("GET /v1/user/web/export", () => {
  it("answers everything the shop holds about the customer and nothing of anyone else", async () => {
    const a = await customerWithData("Ana");
    const b = await customerWithData("Branko");
    const res = await exportOf(a.token);
    expect(res.status).toBe(200);
    const doc = res.body.data;
    expect(doc.account).toMatchObject({ id: a.id, email: a.email, firstName: "Ana", lastName: "Kupac" });
    expect(doc.addresses.map((x) => x.street)).toEqual(["Ulica Ana"]);
    expect(doc.orders.map((o) => o.code)).toEqual([a.orderCode]);
    expect(doc.orders[0]?.lines).toEqual([expect.objectContaining({ qty: 2 })]);
    expect(doc.orders[0]?.customer).toMatchObject({ delivery: { firstName: "Ana" }, company: COMPANY });
    expect(doc.consents).toEqual([expect.objectContaining({ consent: "marketing", version: 2, status: "accepted" })]);
    expect(doc.newsletter).toMatchObject({ email: a.email });
    expect(doc.wishlist).toEqual([expect.objectContaining({ productId: c.wax })]);
    expect(doc.reviews).toEqual([expect.objectContaining({ content: "Recenzija Ana", rating: 5 })]);
    expect(doc.comments).toEqual([expect.objectContaining({ content: "Komentar Ana", postId })]);
    expect(doc.socialLogins).toEqual([expect.objectContaining({ provider: "google" })]);
    const text = JSON.stringify(doc);
    for (const foreign of [b.email, "Branko", b.orderCode]) expect(text).not.toContain(foreign);
  });

  it("is only for a logged-in customer", async () => {
    expect((await p.call("GET", "/api/v1/user/web/export")).status).toBe(401);
  });
});

describe("POST /v1/user/web/delete", () => {
  it("refuses a wrong password and changes nothing", async () => {
    const a = await customerWithData("Cvita");
    const before = await rowsOf(a);
    const res = await deleteAccount(a.token, { password: "Kriva-lozinka-1", confirm: true });
    expect(res.status).toBe(400);
    expect(res.body.error?.payload.fields?.[0]).toMatchObject({ path: "password", key: "error.incorrectPassword" });
    expect(await rowsOf(a)).toEqual(before);
    expect((await exportOf(a.token)).status).toBe(200);
  });

  it("refuses without the confirmation, with a field error", async () => {
    const a = await customerWithData("Dora");
    const res = await deleteAccount(a.token, { password: DEFAULT_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.error?.payload.fields?.map((f) => f.path)).toEqual(["confirm"]);
    expect((await rowsOf(a)).users).toBe(1);
  });

  it("anonymises the orders, removes the rest, ends the sessions, and frees the e-mail", async () => {
    const a = await customerWithData("Ema");
    const b = await customerWithData("Frane");
    // Placed as a guest before registering: the customer's too once the account confirmed the address.
    const guestOrder = await placeOrder(undefined, a.delivery, a.email);
    const bBefore = await rowsOf(b);
    // The order confirmations went to the address.
    await mailSettled(a.email);
    expect((await rowsOf(a)).mail).toBeGreaterThan(0);
    const orderBefore = await p.db.selectFrom("orders").selectAll().where("code", "=", a.orderCode).executeTakeFirstOrThrow();
    const linesBefore = await p.db.selectFrom("order_lines").selectAll().where("order_id", "=", orderBefore.id).execute();

    const res = await deleteAccount(a.token, { password: DEFAULT_PASSWORD, confirm: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const order = await p.db.selectFrom("orders").selectAll().where("code", "=", a.orderCode).executeTakeFirstOrThrow();
    // What the accounting act keeps.
    expect({
      ...order,
      user_id: orderBefore.user_id,
      email: orderBefore.email,
      customer: orderBefore.customer,
      search_text: orderBefore.search_text,
      updated_at: orderBefore.updated_at,
    }).toEqual(orderBefore);
    expect(await p.db.selectFrom("order_lines").selectAll().where("order_id", "=", order.id).execute()).toEqual(linesBefore);
    // What named the person.
    expect(order.user_id).toBeNull();
    expect(order.email).toBe(ANONYMISED.email);
    expect(JSON.parse(order.customer)).toEqual({ delivery: null, billing: null, company: COMPANY });
    expect(JSON.stringify(order)).not.toContain("Ema");
    expect(orderBefore.search_text).toContain("kupac");
    expect(order.search_text).not.toContain("kupac");
    const actors = await p.db.selectFrom("order_history").select("actor").where("order_id", "=", order.id).execute();
    expect(actors.length).toBeGreaterThan(0);
    expect(actors.every((h) => h.actor === ANONYMISED.actor)).toBe(true);
    const guest = await p.db.selectFrom("orders").select(["email", "customer"]).where("code", "=", guestOrder).executeTakeFirstOrThrow();
    expect(guest).toEqual({ email: ANONYMISED.email, customer: order.customer });
    const carts = await p.db.selectFrom("carts").select(["checkout", "guest_email"]).where("id", "=", order.cart_id).execute();
    expect(carts).toEqual([{ checkout: "{}", guest_email: null }]);

    expect(await rowsOf(a)).toEqual({
      users: 0,
      addresses: 0,
      wishlist: 0,
      reviews: 0,
      comments: 0,
      socialLogins: 0,
      refreshTokens: 0,
      consents: 0,
      newsletter: 0,
      guests: 0,
      mail: 0,
      carts: 0,
    });
    expect(await rowsOf(b)).toEqual(bBefore);
    // The session is over: the access token opens nothing, and the login is gone.
    expect((await exportOf(a.token)).status).toBe(401);
    const login = await p.call("POST", "/api/v1/login", { body: { username: a.email, password: DEFAULT_PASSWORD } });
    expect(login.status).toBeGreaterThanOrEqual(400);
    expect(login.body).not.toHaveProperty("data.tokens");

    const again = await p.call("POST", "/api/v1/user/web/register", {
      body: {
        details: { firstName: "Ema", lastName: "Nova" },
        email: a.email,
        password: DEFAULT_PASSWORD,
        passwordConfirmation: DEFAULT_PASSWORD,
      },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ data: { verificationSent: true } });
    const fresh = await p.db.selectFrom("users").select("id").where("email", "=", a.email).executeTakeFirstOrThrow();
    expect(fresh.id).not.toBe(a.id);
  });
});

describe("a staff account", () => {
  it("is not deleted from the shop's profile", async () => {
    const staff = await p.createUser({ isBackoffice: true });
    const token = (await p.login(staff)).accessToken;
    const res = await deleteAccount(token, { password: DEFAULT_PASSWORD, confirm: true });
    expect(res.status).toBe(403);
    expect(await p.db.selectFrom("users").select("id").where("id", "=", staff.id).execute()).toHaveLength(1);
  });
});

describe("data kept under an e-mail address", () => {
  it("is not the customer's while the account has not confirmed the address: neither exported nor deleted", async () => {
    const user = await p.createUser();
    const token = (await p.login(user)).accessToken;
    await p.db.updateTable("users").set({ email_verified_at: null }).where("id", "=", user.id).execute();
    const now = new Date().toISOString();
    await p.db
      .insertInto("newsletter_subscriptions")
      .values({ email: user.email, language_code: "hr", consent_ids: "[]", confirmed_at: now, created_at: now, updated_at: now })
      .execute();
    expect((await exportOf(token)).body.data.newsletter).toBeNull();
    expect((await deleteAccount(token, { password: DEFAULT_PASSWORD, confirm: true })).status).toBe(200);
    expect(await p.db.selectFrom("newsletter_subscriptions").select("id").where("email", "=", user.email).execute()).toHaveLength(1);
  });
});

describe("a deletion that fails", () => {
  /** The database refuses to delete this one user (the last step), as a failing disk or constraint would. */
  async function refuseDeleting(userId: number) {
    if (p.dialect === "postgres") {
      await sql
        .raw(
          `CREATE FUNCTION keep_user() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'kept'; END $$ LANGUAGE plpgsql;
           CREATE TRIGGER keep_user BEFORE DELETE ON users FOR EACH ROW WHEN (OLD.id = ${userId}) EXECUTE FUNCTION keep_user();`,
        )
        .execute(p.db);
    } else {
      await sql
        .raw(`CREATE TRIGGER keep_user BEFORE DELETE ON users WHEN OLD.id = ${userId} BEGIN SELECT RAISE(ABORT, 'kept'); END;`)
        .execute(p.db);
    }
  }

  it("leaves everything as it was: the orders keep their customer and nothing is removed", async () => {
    const a = await customerWithData("Goran");
    const before = await rowsOf(a);
    const order = await p.db.selectFrom("orders").selectAll().where("code", "=", a.orderCode).executeTakeFirstOrThrow();
    await refuseDeleting(a.id);
    try {
      const ctx = p.requestCtx({ user: { id: a.id, isBackofficeUser: false, staff: null } });
      await expect(deleteAccountService(ctx, { password: DEFAULT_PASSWORD, confirm: true })).rejects.toThrow(/kept/);
    } finally {
      const drop = p.dialect === "postgres" ? "DROP TRIGGER keep_user ON users; DROP FUNCTION keep_user();" : "DROP TRIGGER keep_user";
      await sql.raw(drop).execute(p.db);
    }
    expect(await rowsOf(a)).toEqual(before);
    expect(await p.db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow()).toEqual(order);
    expect((await exportOf(a.token)).status).toBe(200);
  });
});

describe("password guessing", () => {
  it("is throttled like every password check: after the limit even the right password is refused", async () => {
    const a = await customerWithData("Hrvoje");
    let last = 0;
    for (let i = 0; i < 12 && last !== 429; i++)
      last = (await deleteAccount(a.token, { password: `Kriva-lozinka-${i}`, confirm: true })).status;
    expect(last).toBe(429);
    expect((await deleteAccount(a.token, { password: DEFAULT_PASSWORD, confirm: true })).status).toBe(429);
    expect((await rowsOf(a)).users).toBe(1);
  });
});

describe("afterwards", () => {
  it("logged no server errors", () => {
    expect(p.logs.filter((l) => l.level === "error")).toEqual([]);
  });
});
