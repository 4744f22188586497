import type { ReviewList, ReviewOptions, ReviewView } from "@shop/contracts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { insertProduct } from "./product.fixtures.ts";

let p: TestPlatform;
let admin: string;
/** A product on sale, an archived one and a variant that has no page of its own. */
let product: number;
let archived: number;
let variant: number;

interface Member {
  id: number;
  token: string;
}

beforeAll(async () => {
  p = await createTestPlatform();
  admin = (await p.login(await p.createUser({ isBackoffice: true, firstName: "Ana" }))).accessToken;
  product = await insertProduct(p.db);
  archived = await insertProduct(p.db, { archived: true });
  variant = await insertProduct(p.db, { visibleIndividually: false });
});
afterAll(() => p.close());

const OPTION_KEYS = [
  "NumberOfStars",
  "RequireRatingForComment",
  "RequireCommentForRating",
  "AnonymousCanMultipleReview",
  "RequireRatingForCommentOnSite",
  "RequireCommentForRatingOnSite",
];

const DEFAULT_OPTIONS = {
  NumberOfStars: "5",
  RequireRatingForComment: "false",
  RequireCommentForRating: "false",
  AnonymousCanMultipleReview: "false",
};

beforeEach(async () => {
  await p.db.deleteFrom("cms_options").where("key", "in", OPTION_KEYS).execute();
  await setOptions(DEFAULT_OPTIONS);
});

async function setOptions(options: Record<string, string>) {
  for (const [key, value] of Object.entries(options)) {
    await p.db.deleteFrom("cms_options").where("key", "=", key).execute();
    await p.db.insertInto("cms_options").values({ key, value, media_id: null }).execute();
  }
}

async function member(firstName = "Ivana"): Promise<Member> {
  const user = await p.createUser({ firstName });
  return { id: user.id, token: (await p.login(user)).accessToken };
}

const create = (token: string | undefined, body: unknown, options: { ip?: string; language?: string } = {}) =>
  p.call<ReviewView>("POST", "/api/v1/review/create", { body, token, ...options });
const list = (productId: number, token?: string, extra: Record<string, unknown> = {}) =>
  p.call<ReviewList>("POST", "/api/v1/review/filterStandard", { body: { product_id: productId, ...extra }, token });
const update = (token: string | undefined, id: number | string, body: unknown, language?: string) =>
  p.call<ReviewView>("PATCH", `/api/v1/review/update/${id}`, { body, token, language });

async function review(productId: number, who: Member, body: { rating?: number | null; content?: string } = {}): Promise<ReviewView> {
  const res = await create(who.token, { product_id: productId, rating: 5, content: "Odličan šampon, auto blista!", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const reviewsOf = (userId: number) => p.db.selectFrom("reviews").selectAll().where("user_id", "=", userId).execute();

describe("POST /v1/review/getOptions", () => {
  it("answers the review options from the CMS options", async () => {
    const res = await p.call<ReviewOptions>("POST", "/api/v1/review/getOptions", { body: { store_id: 1 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      NumberOfStars: 5,
      RequireRatingForComment: false,
      RequireCommentForRating: false,
      AnonymousCanMultipleReview: false,
      RequireAdminPublishing: false,
    });
    await setOptions({ NumberOfStars: "10", RequireRatingForComment: "true", AnonymousCanMultipleReview: "true" });
    const changed = await p.call<ReviewOptions>("POST", "/api/v1/review/getOptions", { body: {} });
    expect(changed.body.data).toEqual({
      NumberOfStars: 10,
      RequireRatingForComment: true,
      RequireCommentForRating: false,
      AnonymousCanMultipleReview: true,
      RequireAdminPublishing: false,
    });
  });

  it("lets the OnSite flags win over the plain ones", async () => {
    await setOptions({ RequireRatingForComment: "true", RequireCommentForRatingOnSite: "true", RequireRatingForCommentOnSite: "false" });
    const res = await p.call<ReviewOptions>("POST", "/api/v1/review/getOptions", { body: {} });
    expect(res.body.data).toMatchObject({ RequireRatingForComment: false, RequireCommentForRating: true });
  });

  it("falls back to 5 stars when NumberOfStars is missing or unusable", async () => {
    for (const value of [null, "", "abc", "0", "2.5", "11", "-3"]) {
      await p.db.deleteFrom("cms_options").where("key", "=", "NumberOfStars").execute();
      if (value !== null) await setOptions({ NumberOfStars: value });
      const res = await p.call<ReviewOptions>("POST", "/api/v1/review/getOptions", { body: {} });
      expect(res.body.data.NumberOfStars, String(value)).toBe(5);
    }
  });

  it("refuses a bad store id", async () => {
    const res = await p.call("POST", "/api/v1/review/getOptions", { body: { store_id: "x" } });
    expect(res.status).toBe(400);
    expect(res.body.error?.payload.fields?.[0]?.path).toBe("store_id");
  });
});

describe("POST /v1/review/create", () => {
  it("publishes a registered user's review at once, without the author's e-mail", async () => {
    const marko = await member("Marko");
    const created = await review(product, marko, { rating: 4 });
    expect(created).toMatchObject({
      product_id: product,
      author: { firstName: "Marko" },
      rating: 4,
      content: "Odličan šampon, auto blista!",
      own: true,
      canEdit: true,
    });
    expect(JSON.stringify(created)).not.toContain("@");
    expect((await list(product)).body.data.records.map((r) => r.id)).toContain(created.id);
  });

  it("takes a rating alone or a comment alone while neither option requires the other", async () => {
    expect((await review(product, await member(), { rating: 3, content: "" })).rating).toBe(3);
    const comment = await review(product, await member(), { rating: null, content: "Samo komentar" });
    expect(comment).toMatchObject({ rating: null, content: "Samo komentar" });
    const omitted = await create((await member()).token, { product_id: product, content: "Bez ocjene" });
    expect(omitted.status).toBe(200);
    expect(omitted.body.data.rating).toBeNull();
  });

  it("needs a comment or a rating", async () => {
    const ivana = await member();
    for (const body of [
      { product_id: product },
      { product_id: product, rating: null, content: "" },
      { product_id: product, content: "  \n\t " },
      { product_id: product, content: "\u200b\u202e" },
    ]) {
      const res = await create(ivana.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatchObject({
        code: "VALIDATION_ERROR",
        payload: { key: "reviews.error.ratingOrCommentRequired", message: "Ocijenite proizvod ili napišite komentar." },
      });
      expect(res.body.error?.payload.fields?.map((f) => f.path)).toEqual(["rating", "content"]);
    }
    const en = await create(ivana.token, { product_id: product }, { language: "en" });
    expect(en.body.error?.payload.message).toBe("Rate the product or write a comment.");
    expect(await reviewsOf(ivana.id)).toHaveLength(0);
  });

  it("requires a rating with a comment under RequireRatingForComment", async () => {
    await setOptions({ RequireRatingForComment: "true" });
    const ivana = await member();
    const res = await create(ivana.token, { product_id: product, content: "Dobar proizvod" });
    expect(res.status).toBe(400);
    expect(res.body.error?.payload).toMatchObject({
      key: "reviews.error.ratingRequired",
      message: "Uz komentar dodajte i ocjenu.",
      fields: [{ path: "rating", key: "reviews.error.ratingRequired", message: "Uz komentar dodajte i ocjenu." }],
    });
    // A rating alone is still fine: this option only binds comments.
    expect((await create(ivana.token, { product_id: product, rating: 2 })).status).toBe(200);
  });

  it("requires a comment with a rating under RequireCommentForRating", async () => {
    await setOptions({ RequireCommentForRating: "true" });
    const ivana = await member();
    const res = await create(ivana.token, { product_id: product, rating: 5 }, { language: "de" });
    expect(res.status).toBe(400);
    expect(res.body.error?.payload.fields).toEqual([
      { path: "content", key: "reviews.error.commentRequired", message: "Bitte fügen Sie Ihrer Bewertung einen Kommentar hinzu." },
    ]);
    expect((await create(ivana.token, { product_id: product, content: "Samo riječi" })).status).toBe(200);
  });

  it("needs both under both options", async () => {
    await setOptions({ RequireRatingForComment: "true", RequireCommentForRating: "true" });
    const ivana = await member();
    expect((await create(ivana.token, { product_id: product, rating: 4 })).status).toBe(400);
    expect((await create(ivana.token, { product_id: product, content: "Tekst" })).status).toBe(400);
    expect((await create(ivana.token, { product_id: product, rating: 4, content: "Tekst" })).status).toBe(200);
  });

  it("keeps the rating within 1..NumberOfStars", async () => {
    const ivana = await member();
    const six = await create(ivana.token, { product_id: product, rating: 6, content: "Šest" }, { language: "en" });
    expect(six.status).toBe(400);
    expect(six.body.error?.payload.fields).toEqual([
      { path: "rating", key: "reviews.error.ratingRange", params: { max: 5 }, message: "The rating must be between 1 and 5." },
    ]);
    for (const rating of [0, -1, 2.5, "4", 11, true]) {
      const res = await create(ivana.token, { product_id: product, rating, content: "Loše" });
      expect(res.status, String(rating)).toBe(400);
      expect(res.body.error?.payload.fields?.[0], String(rating)).toMatchObject({ path: "rating", message: "Neispravna vrijednost" });
    }
    await setOptions({ NumberOfStars: "10" });
    expect((await create(ivana.token, { product_id: product, rating: 9, content: "Devet od deset" })).body.data.rating).toBe(9);
  });

  it("allows one review per user and product (SPEC §8), also when requests arrive at once", async () => {
    const ivana = await member();
    await review(product, ivana);
    const again = await create(ivana.token, { product_id: product, rating: 1, content: "Opet" });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: "CONFLICT",
      payload: {
        key: "reviews.error.onePerUser",
        message: "Već ste ocijenili ovaj proizvod: dopuštena je jedna recenzija po korisniku.",
      },
    });
    // Another product is another review.
    expect((await create(ivana.token, { product_id: await insertProduct(p.db), rating: 4 })).status).toBe(200);

    const racer = await member();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => create(racer.token, { product_id: product, rating: 5, content: "Brzo!" })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await reviewsOf(racer.id)).toHaveLength(1);
  });

  it("keeps content as plain text: markup is stored as written and never turned into HTML", async () => {
    const payload = '<script>alert(1)</script><img src=x onerror="alert(2)"> & "navodnici"';
    const created = await review(product, await member(), { content: `  ${payload}\r\nnovi red\u0000\u202e  ` });
    expect(created.content).toBe(`${payload}\nnovi red`);
    const listed = (await list(product)).body.data.records.find((r) => r.id === created.id);
    expect(listed?.content).toBe(`${payload}\nnovi red`);
  });

  it("is for registered users only", async () => {
    const res = await create(undefined, { product_id: product, rating: 5 });
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe("UNAUTHORIZED");
    expect((await create("not-a-token", { product_id: product, rating: 5 })).status).toBe(401);
  });

  it("refuses bad input with translated field errors", async () => {
    const ivana = await member();
    const cases: [unknown, string, string][] = [
      [{ product_id: product, content: "x".repeat(2001) }, "content", "Maksimalna duljina je 2000 znakova"],
      [{ product_id: product, content: 42 }, "content", "Neispravna vrijednost"],
      [{ product_id: "abc", rating: 5 }, "product_id", "Neispravna vrijednost"],
      [{ rating: 5 }, "product_id", "Neispravna vrijednost"],
      [{ product_id: 0, rating: 5 }, "product_id", "Neispravna vrijednost"],
    ];
    for (const [body, path, message] of cases) {
      const res = await create(ivana.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.payload.fields?.find((f) => f.path === path)?.message, JSON.stringify(body)).toBe(message);
    }
    expect((await create(ivana.token, "{not json")).status).toBe(400);
    expect(await reviewsOf(ivana.id)).toHaveLength(0);
  });

  it("answers 404 for unknown and archived products and for variants without a page", async () => {
    const ivana = await member();
    for (const productId of [987654, archived, variant]) {
      const res = await create(ivana.token, { product_id: productId, rating: 5 });
      expect(res.status, String(productId)).toBe(404);
      expect(res.body.error?.code).toBe("NOT_FOUND");
    }
    expect(await reviewsOf(ivana.id)).toHaveLength(0);
  });

  it("limits reviews per user and per address", async () => {
    const busy = await member();
    const products = await Promise.all(Array.from({ length: 11 }, () => insertProduct(p.db)));
    for (const id of products.slice(0, 10)) expect((await create(busy.token, { product_id: id, rating: 4 })).status).toBe(200);
    const limited = await create(busy.token, { product_id: products[10], rating: 4 });
    expect(limited.status).toBe(429);
    expect(limited.body.error?.payload.message).toBe("Previše pokušaja. Pokušajte ponovno za nekoliko minuta.");

    const ip = "10.201.0.1";
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const person = await member();
      for (const id of products.slice(0, 10)) statuses.push((await create(person.token, { product_id: id, rating: 3 }, { ip })).status);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect((await create((await member()).token, { product_id: product, rating: 3 }, { ip })).status).toBe(429);
  });
});

describe("POST /v1/review/filterStandard", () => {
  it("lists published reviews newest first with the rating summary, options and the reader's standing", async () => {
    const productId = await insertProduct(p.db);
    const petra = await member("Petra");
    const luka = await member("Luka");
    await review(productId, petra, { rating: 5, content: "Prva" });
    await review(productId, luka, { rating: 4, content: "Druga" });
    await review(productId, await member("Maja"), { rating: null, content: "Treća, bez ocjene" });
    await review(productId, await member("Iva"), { rating: 4, content: "" });

    const visitor = await list(productId);
    expect(visitor.status).toBe(200);
    expect(visitor.body.data.records.map((r) => r.content)).toEqual(["", "Treća, bez ocjene", "Druga", "Prva"]);
    expect(visitor.body.data.records.map((r) => r.author.firstName)).toEqual(["Iva", "Maja", "Luka", "Petra"]);
    expect(visitor.body.data.records.every((r) => !r.own && !r.canEdit)).toBe(true);
    // (5 + 4 + 4) / 3 = 4.333…: one decimal; the review without a rating is not counted.
    expect(visitor.body.data.summary).toEqual({ average: 4.3, count: 3 });
    expect(visitor.body.data.viewer).toBeNull();
    expect(visitor.body.data.options).toEqual({
      NumberOfStars: 5,
      RequireRatingForComment: false,
      RequireCommentForRating: false,
      AnonymousCanMultipleReview: false,
      RequireAdminPublishing: false,
    });
    expect(visitor.body.data.pagination).toMatchObject({ page: 1, total: 4, lastPage: 1 });

    const author = await list(productId, luka.token);
    expect(author.body.data.records.map((r) => [r.content, r.own, r.canEdit])).toEqual([
      ["", false, false],
      ["Treća, bez ocjene", false, false],
      ["Druga", true, true],
      ["Prva", false, false],
    ]);
    expect(author.body.data.viewer).toEqual({ reviewed: true, canReview: false, waiting: false });
    expect((await list(productId, (await member()).token)).body.data.viewer).toEqual({ reviewed: false, canReview: true, waiting: false });
    expect((await list(productId, admin)).body.data.records.every((r) => r.canEdit)).toBe(true);
  });

  it("answers an empty list with a zero summary for a product without reviews", async () => {
    const res = await list(await insertProduct(p.db));
    expect(res.body.data).toMatchObject({ records: [], summary: { average: 0, count: 0 }, pagination: { total: 0 } });
  });

  it("leaves out unpublished reviews, also from the summary", async () => {
    const productId = await insertProduct(p.db);
    const shown = await review(productId, await member(), { rating: 2 });
    const hidden = await review(productId, await member(), { rating: 5 });
    await p.db.updateTable("reviews").set({ published: 0 }).where("id", "=", hidden.id).execute();
    const res = await list(productId);
    expect(res.body.data.records.map((r) => r.id)).toEqual([shown.id]);
    expect(res.body.data.summary).toEqual({ average: 2, count: 1 });
  });

  it("pages newest first", async () => {
    const productId = await insertProduct(p.db);
    for (const content of ["Prva", "Druga", "Treća"]) await review(productId, await member(), { content });
    const page2 = await list(productId, undefined, { page: 2, limit: 2 });
    expect(page2.body.data.records.map((r) => r.content)).toEqual(["Prva"]);
    expect(page2.body.data.pagination).toMatchObject({ page: 2, limit: 2, total: 3, lastPage: 2 });
    // The summary covers every review, not the page.
    expect(page2.body.data.summary.count).toBe(3);
  });

  it("refuses bad input and answers 404 for products without a page", async () => {
    for (const body of [{}, { product_id: "x" }, { product_id: product, limit: 1000 }, { product_id: product, page: 0 }]) {
      const res = await p.call("POST", "/api/v1/review/filterStandard", { body, language: "de" });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.payload.message).toContain("Bitte");
    }
    for (const productId of [987654, archived, variant]) expect((await list(productId)).status).toBe(404);
  });
});

describe("PATCH /v1/review/update/:id", () => {
  it("lets the author change rating and content", async () => {
    const ivana = await member();
    const created = await review(product, ivana, { rating: 2, content: "Prva verzija" });
    const res = await update(ivana.token, created.id, { rating: 5, content: "  Druga verzija  " });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: created.id, rating: 5, content: "Druga verzija", own: true, canEdit: true });
    expect(res.body.data.updated_at >= created.updated_at).toBe(true);
    expect(res.body.data.created_at).toBe(created.created_at);
  });

  it("forbids editing someone else's review (SPEC §8 'edit not allowed') and changes nothing", async () => {
    const created = await review(product, await member(), { rating: 4, content: "Moja recenzija" });
    const intruder = await member();
    const res = await update(intruder.token, created.id, { rating: 1, content: "Tuđa izmjena" }, "en");
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({
      code: "FORBIDDEN",
      payload: { key: "reviews.error.editNotAllowed", message: "Editing this review is not allowed." },
    });
    const row = await p.db.selectFrom("reviews").select(["content", "rating"]).where("id", "=", created.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ content: "Moja recenzija", rating: 4 });
  });

  it("lets staff correct any review", async () => {
    const created = await review(product, await member(), { content: "Psovka" });
    const res = await update(admin, created.id, { rating: 5, content: "Uređeno" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ content: "Uređeno", own: false, canEdit: true });
  });

  it("applies the same rules as create", async () => {
    const ivana = await member();
    const created = await review(product, ivana, { rating: 4, content: "Dobro" });
    const empty = await update(ivana.token, created.id, { rating: null, content: "" });
    expect(empty.status).toBe(400);
    expect(empty.body.error?.payload.key).toBe("reviews.error.ratingOrCommentRequired");
    expect((await update(ivana.token, created.id, { rating: 6, content: "Dobro" })).status).toBe(400);
    await setOptions({ RequireCommentForRating: "true" });
    const noComment = await update(ivana.token, created.id, { rating: 3 });
    expect(noComment.status).toBe(400);
    expect(noComment.body.error?.payload.fields?.[0]?.path).toBe("content");
    const row = await p.db.selectFrom("reviews").select(["content", "rating"]).where("id", "=", created.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ content: "Dobro", rating: 4 });
  });

  it("refuses bad input, unknown reviews and visitors", async () => {
    const ivana = await member();
    const created = await review(product, ivana);
    expect((await update(ivana.token, created.id, { content: "x".repeat(2001) })).status).toBe(400);
    expect((await update(ivana.token, created.id, { rating: "pet" })).status).toBe(400);
    expect((await update(ivana.token, "abc", { rating: 5 })).status).toBe(400);
    expect((await update(ivana.token, 987654, { rating: 5 })).status).toBe(404);
    expect((await update(undefined, created.id, { rating: 5 })).status).toBe(401);
  });
});
