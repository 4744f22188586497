import type {
  CommentView,
  CsvFile,
  FormSubmissionView,
  ModeratedComment,
  ModeratedReview,
  Paged,
  ReviewList,
  ReviewView,
  SubscriberView,
} from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { insertPost } from "../cms/cms.fixtures.ts";
import { insertProduct } from "../reviews/product.fixtures.ts";

/** Issue 12's moderation: the queues of comments and reviews, form submissions and newsletter subscribers. */

let p: TestPlatform;
let staff: string;
let product: number;
let post: number;

beforeAll(async () => {
  p = await createTestPlatform();
  staff = (await p.login(await p.createUser({ staffScopes: ["content"] }))).accessToken;
  product = await insertProduct(p.db);
  post = await insertPost(p, { translations: [{ lang: "hr", slug: "zimsko-pranje", title: "Zimsko pranje" }] });
  for (const [key, value] of Object.entries({ RequireAdminPublishing: "true", CanCommentOnBlog: "RegisteredUsers" })) {
    await p.db.insertInto("cms_options").values({ key, value, media_id: null }).execute();
  }
});
afterAll(() => p.close());

async function customer(firstName: string) {
  const user = await p.createUser({ firstName, lastName: "Kupac" });
  return { ...user, token: (await p.login(user)).accessToken };
}

const reviewsQueue = (state: string) =>
  p.call<Paged<ModeratedReview>>("POST", "/api/v1/admin/review/filter", { token: staff, body: { state } });
const publicReviews = (token?: string) =>
  p.call<ReviewList>("POST", "/api/v1/review/filterStandard", { token, body: { product_id: product } });

describe("reviews under RequireAdminPublishing", () => {
  it("a customer's review waits for staff, who publish it; an author's change waits again; rejecting deletes it", async () => {
    const author = await customer("Vesna");
    const created = await p.call<ReviewView>("POST", "/api/v1/review/create", {
      token: author.token,
      body: { product_id: product, rating: 5, content: "Odlično pranje" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.published).toBe(false);
    const id = created.body.data.id;
    expect((await publicReviews()).body.data.records.some((r) => r.id === id)).toBe(false);
    expect((await publicReviews(author.token)).body.data.viewer).toEqual({ reviewed: true, canReview: false, waiting: true });

    const waiting = await reviewsQueue("waiting");
    expect(waiting.status).toBe(200);
    expect(waiting.body.data.records).toEqual([
      expect.objectContaining({
        id,
        product: { id: product, name: expect.any(String) },
        author: expect.objectContaining({ name: "Vesna Kupac", email: author.email }),
        rating: 5,
        published: false,
      }),
    ]);

    // Only staff publish.
    expect(
      (
        await p.call("PATCH", `/api/v1/review/update/${id}`, {
          token: author.token,
          body: { rating: 5, content: "Odlično pranje", published: true },
        })
      ).status,
    ).toBe(403);
    const published = await p.call<ReviewView>("PATCH", `/api/v1/review/update/${id}`, {
      token: staff,
      body: { rating: 5, content: "Odlično pranje", published: true },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect((await publicReviews()).body.data.records.map((r) => r.id)).toContain(id);
    expect((await reviewsQueue("waiting")).body.data.records).toEqual([]);

    const edited = await p.call<ReviewView>("PATCH", `/api/v1/review/update/${id}`, {
      token: author.token,
      body: { rating: 1, content: "Ipak ne" },
    });
    expect(edited.body.data.published).toBe(false);
    expect((await publicReviews()).body.data.records.some((r) => r.id === id)).toBe(false);

    expect((await p.call("DELETE", `/api/v1/admin/review/${id}`, { token: staff })).status).toBe(200);
    expect((await p.call("DELETE", `/api/v1/admin/review/${id}`, { token: staff })).status).toBe(404);
    expect((await reviewsQueue("all")).body.data.records.some((r) => r.id === id)).toBe(false);
    const audit = await p.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity", "=", "review")
      .where("entity_id", "=", String(id))
      .execute();
    // The moderator's publishing is in the audit log with before and after, like the rejection.
    expect(audit.map((a) => a.action).sort()).toEqual(["delete", "update"]);
  });

  it("lets a moderator (the content scope) work through more reviews than a customer may edit in ten minutes", async () => {
    const author = await customer("Goran");
    const created = await p.call<ReviewView>("POST", "/api/v1/review/create", {
      token: author.token,
      body: { product_id: product, rating: 4, content: "Dobro" },
    });
    const id = created.body.data.id;
    // Staff of another scope are no moderators: they may not publish another's review.
    const shopOnly = (await p.login(await p.createUser({ staffScopes: ["shop"] }))).accessToken;
    const refused = await p.call("PATCH", `/api/v1/review/update/${id}`, {
      token: shopOnly,
      body: { rating: 4, content: "Dobro", published: true },
    });
    expect(refused.status).toBe(403);
    for (let i = 0; i < 25; i++) {
      const res = await p.call("PATCH", `/api/v1/review/update/${id}`, {
        token: staff,
        body: { rating: 4, content: `Dobro ${i}`, published: i % 2 === 0 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });
});

describe("comments", () => {
  it("lists the waiting comments of every post with their post and author, and rejecting deletes one", async () => {
    const author = await customer("Marin");
    const created = await p.call<CommentView>("POST", "/api/v1/comment/create", {
      token: author.token,
      body: { post_id: post, content: "Kada otvarate?" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const queue = await p.call<Paged<ModeratedComment>>("POST", "/api/v1/admin/comment/filter", { token: staff, body: {} });
    expect(queue.body.data.records).toEqual([
      expect.objectContaining({
        id: created.body.data.id,
        post: { id: post, title: "Zimsko pranje" },
        content: "Kada otvarate?",
        published: false,
      }),
    ]);
    expect((await p.call("DELETE", `/api/v1/admin/comment/${created.body.data.id}`, { token: staff })).status).toBe(200);
    expect(
      (await p.call<Paged<ModeratedComment>>("POST", "/api/v1/admin/comment/filter", { token: staff, body: { state: "all" } })).body.data
        .records,
    ).toEqual([]);
  });
});

describe("form submissions and subscribers", () => {
  it("lists form submissions and exports them with a column per field", async () => {
    const form = await p.db
      .insertInto("forms")
      .values({
        slug: "kontakt",
        type: "contact",
        status: "published",
        send_email_to: null,
        goal_type: null,
        created_at: "2026-11-01T00:00:00.000Z",
        updated_at: "2026-11-01T00:00:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [i, data] of [
      { name: "Ana", message: "Pozdrav; hvala" },
      { name: "Ivo", phone: "091 555 0101" },
    ].entries()) {
      await p.db
        .insertInto("form_submissions")
        .values({
          form_id: form.id,
          language_code: "hr",
          data: JSON.stringify(data),
          email: `k${i}@example.hr`,
          consent_ids: "[]",
          confirmed_at: null,
          created_at: `2026-11-2${i}T10:00:00.000Z`,
        })
        .execute();
    }
    const list = await p.call<Paged<FormSubmissionView>>("POST", "/api/v1/admin/form-submission/filter", {
      token: staff,
      body: { formId: form.id },
    });
    expect(list.body.data.records.map((r) => [r.email, r.data])).toEqual([
      ["k1@example.hr", { name: "Ivo", phone: "091 555 0101" }],
      ["k0@example.hr", { name: "Ana", message: "Pozdrav; hvala" }],
    ]);
    const csv = await p.call<CsvFile>("POST", "/api/v1/admin/form-submission/export", {
      token: staff,
      language: "en",
      body: { formId: form.id },
    });
    const lines = csv.body.data.content
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Date;Form;E-mail;Confirmed;name;phone;message");
    expect(lines[2]).toBe('2026-11-20 11:00;kontakt;k0@example.hr;;Ana;;"Pozdrav; hvala"');
  });

  it("lists confirmed subscribers by default, searches them, and exports them", async () => {
    const now = new Date().toISOString();
    await p.db
      .insertInto("newsletter_subscriptions")
      .values([
        { email: "potvrden@example.hr", language_code: "hr", consent_ids: "[]", confirmed_at: now, created_at: now, updated_at: now },
        { email: "ceka@example.hr", language_code: "de", consent_ids: "[]", confirmed_at: null, created_at: now, updated_at: now },
      ])
      .execute();
    const confirmed = await p.call<Paged<SubscriberView>>("POST", "/api/v1/admin/newsletter/filter", { token: staff, body: {} });
    expect(confirmed.body.data.records.map((s) => s.email)).toEqual(["potvrden@example.hr"]);
    const search = await p.call<Paged<SubscriberView>>("POST", "/api/v1/admin/newsletter/filter", {
      token: staff,
      body: { state: "all", q: "CEKA" },
    });
    expect(search.body.data.records.map((s) => s.email)).toEqual(["ceka@example.hr"]);
    const csv = await p.call<CsvFile>("POST", "/api/v1/admin/newsletter/export", { token: staff, body: {} });
    expect(csv.body.data.content.startsWith("\uFEFFE-mail;Jezik;Potvrđeno;Datum\r\npotvrden@example.hr;hr;")).toBe(true);
  });
});

describe("access", () => {
  it("needs the content scope: customers and staff of other scopes are refused", async () => {
    const other = (await p.login(await p.createUser({ staffScopes: ["orders"] }))).accessToken;
    const buyer = (await customer("Luka")).token;
    for (const token of [other, buyer]) {
      expect((await p.call("POST", "/api/v1/admin/review/filter", { token, body: {} })).status).toBe(403);
      expect((await p.call("DELETE", "/api/v1/admin/comment/1", { token })).status).toBe(403);
    }
    expect((await p.call("POST", "/api/v1/admin/newsletter/export", { body: {} })).status).toBe(401);
  });
});
