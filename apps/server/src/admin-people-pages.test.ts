import { randomBytes } from "node:crypto";
import { translator } from "@shop/i18n";
import { describe, expect, it } from "vitest";
import { loggedInCustomer } from "./customers.test-support.ts";
import { adminLoginJar, staffWithJar } from "./staff-login.test-support.ts";
import { apiCall, html, useTestShop } from "./testing.ts";

/**
 * The people area of the back office (issue 12) in process, as a browser without JavaScript uses
 * it: customers (search, a customer's page, the data download, erasure) and moderation (the queue,
 * the CSV downloads, failed requests with 'create redirect').
 */

const shop = useTestShop();
const hr = translator("hr");

const tag = () => randomBytes(4).toString("hex");

/** A verified customer of their own, logged in on the site. */
const customer = (firstName: string, lastName: string) =>
  loggedInCustomer(shop, { emailPrefix: firstName.toLowerCase(), firstName, lastName });

async function saveCompanyAddress(userId: number, oib: string) {
  const now = new Date().toISOString();
  await shop.db.db
    .insertInto("addresses")
    .values({
      user_id: userId,
      type: "billing",
      first_name: "Marta",
      last_name: "Kovač",
      contact_email: "marta@example.hr",
      contact_phone: "+385 91 333 4444",
      country: "HR",
      city: "Split",
      street: "Riva",
      house_number: "7",
      zip_code: "21000",
      company_name: "Sjaj d.o.o.",
      company_oib: oib,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** A gift voucher ordered by bank transfer through the platform's checkout, with the customer's login: its code. */
async function placeOrder(token: string | undefined): Promise<string> {
  const session = (await apiCall<{ cartId: number; protectCode: string }>(shop, "GET", "/v2/cart/getNewCartSession", token)).data;
  const s = { cartId: session.cartId, protectCode: session.protectCode };
  const product = (await apiCall<{ id: number }>(shop, "GET", "/v1/product/web/get?slug=poklon-bon-20", undefined)).data;
  expect((await apiCall(shop, "POST", "/v2/cart/addItem", token, { ...s, productId: product.id, qty: 1 })).status).toBe(200);
  const delivery = {
    firstName: "Marta",
    lastName: "Kovač",
    contactEmail: "marta@example.hr",
    contactPhone: "+385 91 333 4444",
    street: "Riva",
    houseNumber: "7",
    zipCode: "21000",
    city: "Split",
    country: "HR",
  };
  expect((await apiCall(shop, "PUT", "/v2/checkout/saveAddresses", token, { ...s, delivery })).status).toBe(200);
  const method = await shop.db.db.selectFrom("payment_methods").select("id").where("code", "=", "bank_transfer").executeTakeFirstOrThrow();
  expect((await apiCall(shop, "PUT", "/v2/payment/savePaymentMethod", token, { ...s, paymentMethodId: method.id })).status).toBe(200);
  const consents = await shop.db.db.selectFrom("consent_assignments").select("consent_id").where("assigned_to", "=", "checkout").execute();
  const order = await apiCall<{ orderSlug: string }>(shop, "POST", "/v2/order/create", token, {
    ...s,
    consents: consents.map((r) => r.consent_id),
  });
  expect(order.status).toBe(200);
  return order.data.orderSlug;
}

describe("customers", () => {
  it("finds customers by name, e-mail and company OIB", async () => {
    const jar = await staffWithJar(shop, ["orders"]);
    const marta = await customer("Marta", `Kovač${tag()}`);
    const other = await customer("Petar", "Novak");
    await saveCompanyAddress(marta.id, "94577403194");
    for (const q of ["marta kovač", marta.email.toUpperCase(), "94577403194"]) {
      const res = await shop.get(`/admin/customers?q=${encodeURIComponent(q)}`, jar);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toContain("no-store");
      const page = await res.text();
      expect(page).toContain(`href="/admin/customers/${marta.id}"`);
      expect(page).not.toContain(other.email);
    }
    const none = await (await shop.get(`/admin/customers?q=nitko-${tag()}`, jar)).text();
    expect(none).toContain(html(hr("admin.customers.noneFound")));
  });

  it("pages the results, 25 to a page", async () => {
    const jar = await staffWithJar(shop, ["orders"]);
    const surname = `Stranić${tag()}`;
    const now = new Date().toISOString();
    await shop.db.db
      .insertInto("users")
      .values(
        Array.from({ length: 27 }, (_, i) => ({
          email: `stranica-${i}-${tag()}@example.hr`,
          username: `stranica-${i}-${tag()}@example.hr`,
          password_hash: "x",
          first_name: `Kupac${i}`,
          last_name: surname,
          company_name: null,
          member_card_barcode: null,
          is_backoffice: 0,
          language: "hr",
          email_verified_at: now,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const rows = (page: string) => (page.match(/href="\/admin\/customers\/\d+"/g) ?? []).length;
    const first = await (await shop.get(`/admin/customers?q=${encodeURIComponent(surname)}`, jar)).text();
    expect(rows(first)).toBe(25);
    expect(first).toContain(html(hr("admin.audit.pageOf", { page: 1, pages: 2 })));
    const next = `/admin/customers?q=${encodeURIComponent(surname).replace(/%20/g, "+")}&amp;page=2`;
    expect(first).toContain(`href="${next}"`);
    const second = await (await shop.get(`/admin/customers?q=${encodeURIComponent(surname)}&page=2`, jar)).text();
    expect(rows(second)).toBe(2);
  });

  it("shows a customer's orders (linked to the order's page), addresses, consents and newsletter", async () => {
    const jar = await staffWithJar(shop, ["orders"]);
    const c = await customer("Lucija", "Radić");
    await saveCompanyAddress(c.id, "94577403194");
    const code = await placeOrder(c.jar.get("accessToken"));
    await shop.db.db
      .insertInto("newsletter_subscriptions")
      .values({
        email: c.email,
        language_code: "hr",
        consent_ids: "[]",
        confirmed_at: "2026-03-02T10:00:00.000Z",
        created_at: "2026-03-01T10:00:00.000Z",
        updated_at: "2026-03-02T10:00:00.000Z",
      })
      .execute();
    const res = await shop.get(`/admin/customers/${c.id}`, jar);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain(`href="/admin/orders/${code}"`);
    expect(page).toContain("Sjaj d.o.o.");
    expect(page).toContain("OIB 94577403194");
    expect(page).toContain(html(hr("admin.customers.consentStatus.accepted")));
    expect(page).toContain(c.email);
    expect(page).toContain(html(hr("admin.customers.newsletter")));
    expect(page).not.toContain(html(hr("admin.customers.newsletterNone")));
    expect(page).toContain(`href="/admin/customers/${c.id}/data"`);
    // Erasing is the administrator's: staff with the orders scope are not offered it.
    expect(page).not.toContain(html(hr("admin.customers.erase.heading")));
  });

  it("downloads the customer's data as a JSON attachment that no cache keeps", async () => {
    const jar = await staffWithJar(shop, ["orders"]);
    const c = await customer("Ivan", "Perić");
    const res = await shop.get(`/admin/customers/${c.id}/data`, jar);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="customer-${c.id}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect(res.headers.get("cache-control")).toContain("no-store");
    const doc = (await res.json()) as { account: { email: string } };
    expect(doc.account.email).toBe(c.email);
  });

  it("answers a missing id, a staff member's id and a malformed one with the same 404", async () => {
    const jar = await staffWithJar(shop, ["orders"]);
    const staffRow = await shop.db.db.selectFrom("users").select("id").where("is_backoffice", "=", 1).executeTakeFirstOrThrow();
    const texts: string[] = [];
    for (const path of [
      "/admin/customers/987654",
      `/admin/customers/${staffRow.id}`,
      "/admin/customers/abc",
      "/admin/customers/987654/data",
    ]) {
      const res = await shop.get(path, jar);
      expect(res.status, path).toBe(404);
      const page = await res.text();
      expect(page).toContain(html(hr("error.notFound")));
      texts.push(/<main[\s\S]*<\/main>/.exec(page)?.[0] ?? "");
    }
    expect(new Set(texts.slice(0, 3)).size).toBe(1);
    // A missing record in the back office is no visitor's broken link: not listed for redirects.
    const failed = await shop.db.db.selectFrom("failed_requests").select("path").where("path", "like", "/admin/%").execute();
    expect(failed).toEqual([]);
  });

  it("erases a customer only for an administrator, after the confirmation, keeping the order anonymised", async () => {
    const c = await customer("Ana", "Brisić");
    const code = await placeOrder(c.jar.get("accessToken"));
    const orders = await staffWithJar(shop, ["orders"]);
    expect((await shop.postForm(`/admin/customers/${c.id}`, { intent: "erase", confirm: "yes" }, orders)).status).toBe(403);

    const jar = await adminLoginJar(shop);
    const confirmation = await (await shop.get(`/admin/customers/${c.id}?erase=confirm`, jar)).text();
    expect(confirmation).toContain(html(hr("admin.customers.erase.kept")));
    expect(confirmation).toContain('name="confirm" value="yes"');
    const unticked = await shop.postForm(`/admin/customers/${c.id}`, { intent: "erase" }, jar);
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain(html(hr("admin.customers.erase.confirmRequired")));
    expect(await shop.db.db.selectFrom("users").select("id").where("id", "=", c.id).executeTakeFirst()).toBeDefined();

    const erased = await shop.postForm(`/admin/customers/${c.id}`, { intent: "erase", confirm: "yes" }, jar);
    expect(erased.status).toBe(302);
    expect(erased.headers.get("location")).toBe("/admin/customers?done=erased");
    expect(await (await shop.get("/admin/customers?done=erased", jar)).text()).toContain(html(hr("admin.customers.erased")));
    expect(await shop.db.db.selectFrom("users").select("id").where("id", "=", c.id).executeTakeFirst()).toBeUndefined();
    const order = await shop.db.db.selectFrom("orders").select(["user_id", "email"]).where("code", "=", code).executeTakeFirstOrThrow();
    expect(order.user_id).toBeNull();
    expect(order.email).not.toBe(c.email);
    expect((await shop.get(`/admin/customers/${c.id}`, jar)).status).toBe(404);
  });
});

describe("moderation", () => {
  async function waitingReview(content: string): Promise<number> {
    const author = await customer("Recenzent", "Kupac");
    const now = new Date().toISOString();
    const product = await shop.db.db.selectFrom("products").select("id").orderBy("id").executeTakeFirstOrThrow();
    const row = await shop.db.db
      .insertInto("reviews")
      .values({
        product_id: product.id,
        user_id: author.id,
        rating: 4,
        content,
        published: 0,
        single_author: null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it("lists a waiting review, edits its text and publishes it, then deletes it", async () => {
    const jar = await staffWithJar(shop, ["content"]);
    const text = `Odlično pranje ${tag()}`;
    const id = await waitingReview(text);
    const queue = await (await shop.get("/admin/moderation", jar)).text();
    expect(queue).toContain(html(text));
    expect(queue).toContain(html(hr("admin.moderation.publish")));

    const edited = `${text}, brzo i temeljito`;
    const published = await shop.postForm(
      "/admin/moderation",
      { kind: "review", id: String(id), rating: "4", content: edited, intent: "publish" },
      jar,
    );
    expect(published.status).toBe(302);
    expect(published.headers.get("location")).toBe("/admin/moderation?done=published");
    expect(
      await shop.db.db.selectFrom("reviews").select(["published", "content", "rating"]).where("id", "=", id).executeTakeFirst(),
    ).toEqual({
      published: 1,
      content: edited,
      rating: 4,
    });
    expect(await (await shop.get("/admin/moderation", jar)).text()).not.toContain(html(edited));
    expect(await (await shop.get("/admin/moderation?state=published", jar)).text()).toContain(html(edited));

    const deleted = await shop.postForm("/admin/moderation?state=published", { kind: "review", id: String(id), intent: "delete" }, jar);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/admin/moderation?state=published&done=deleted");
    expect(await shop.db.db.selectFrom("reviews").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
  });

  it("unpublishes a published comment and publishes it again, each change in the audit log", async () => {
    const jar = await staffWithJar(shop, ["content"]);
    const author = await customer("Komentator", "Kupac");
    const post = await shop.db.db.selectFrom("posts").select("id").orderBy("id").executeTakeFirstOrThrow();
    const text = `Hvala na savjetima ${tag()}`;
    const now = new Date().toISOString();
    const row = await shop.db.db
      .insertInto("comments")
      .values({ post_id: post.id, user_id: author.id, content: text, published: 1, single_author: null, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const published = await (await shop.get("/admin/moderation?state=published", jar)).text();
    expect(published).toContain(html(text));
    expect(published).toContain(html(hr("admin.moderation.unpublish")));

    const fields = { kind: "comment", id: String(row.id), content: text };
    expect((await shop.postForm("/admin/moderation?state=published", { ...fields, intent: "unpublish" }, jar)).status).toBe(302);
    expect(await (await shop.get("/admin/moderation", jar)).text()).toContain(html(text));
    expect((await shop.postForm("/admin/moderation", { ...fields, intent: "publish" }, jar)).status).toBe(302);
    const stored = await shop.db.db.selectFrom("comments").select("published").where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(stored.published).toBe(1);
    const audit = await shop.db.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity", "=", "comment")
      .where("entity_id", "=", String(row.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["update", "update"]);

    // An empty text is refused on the item, in the staff member's language.
    const empty = await shop.postForm("/admin/moderation?state=published", { ...fields, content: "", intent: "save" }, jar);
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('role="alert"');
  });

  it("is closed to staff without the content scope, the downloads too", async () => {
    const jar = await staffWithJar(shop, ["shop"]);
    for (const path of [
      "/admin/moderation",
      "/admin/moderation/submissions",
      "/admin/moderation/failed-requests",
      "/admin/moderation/export/subscribers",
    ]) {
      const res = await shop.get(path, jar);
      expect(res.status, path).toBe(403);
    }
    expect((await shop.get("/admin/customers", jar)).status).toBe(403);
  });

  it("downloads submissions and subscribers as UTF-8 CSV with a BOM and semicolons", async () => {
    const jar = await staffWithJar(shop, ["content"]);
    const email = `pretplatnik-${tag()}@example.hr`;
    const now = new Date().toISOString();
    await shop.db.db
      .insertInto("newsletter_subscriptions")
      .values({ email, language_code: "hr", consent_ids: "[]", confirmed_at: now, created_at: now, updated_at: now })
      .execute();
    await shop.db.db
      .insertInto("form_submissions")
      .values({
        form_id: null,
        language_code: "hr",
        data: JSON.stringify({ Ime: "Željko Šimić", Poruka: "Radite li nedjeljom; i praznikom?" }),
        email: "zeljko@example.hr",
        consent_ids: "[]",
        confirmed_at: null,
        created_at: now,
      })
      .execute();
    const list = await (await shop.get("/admin/moderation/subscribers", jar)).text();
    expect(list).toContain(email);
    expect(list).toContain('href="/admin/moderation/export/subscribers?state=confirmed"');
    expect(await (await shop.get("/admin/moderation/submissions", jar)).text()).toContain(html("Željko Šimić"));

    for (const [path, expected] of [
      ["/admin/moderation/export/subscribers?state=all", email],
      ["/admin/moderation/export/submissions", "Željko Šimić"],
    ] as const) {
      const res = await shop.get(path, jar);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="[\w.-]+\.csv"$/);
      expect(res.headers.get("cache-control")).toContain("no-store");
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
      expect(text.split("\r\n")[0]).toContain(";");
      expect(text).toContain(expected);
    }
    expect((await shop.get("/admin/moderation/export/nothing", jar)).status).toBe(404);
  });

  it("creates a redirect from a failed request, and the old path then redirects", async () => {
    const jar = await staffWithJar(shop, ["content"]);
    const old = `/stari-cjenik-${tag()}`;
    expect((await shop.get(old)).status).toBe(404);
    expect((await shop.get(old)).status).toBe(404);
    const list = await (await shop.get("/admin/moderation/failed-requests", jar)).text();
    expect(list).toContain(`<code>${old}</code>`);

    const bad = await shop.postForm("/admin/moderation/failed-requests", { fromPath: old, toPath: "nije putanja", status: "301" }, jar);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('aria-invalid="true"');

    const made = await shop.postForm("/admin/moderation/failed-requests", { fromPath: old, toPath: "/kontakt", status: "302" }, jar);
    expect(made.status).toBe(302);
    const back = made.headers.get("location") ?? "";
    expect(back).toContain("done=redirected");
    expect(await (await shop.get(back, jar)).text()).toContain(html(hr("admin.moderation.redirectCreated", { from: old, to: "/kontakt" })));

    const visit = await shop.get(old);
    expect(visit.status).toBe(302);
    expect(visit.headers.get("location")).toBe("/kontakt");
  });
});
