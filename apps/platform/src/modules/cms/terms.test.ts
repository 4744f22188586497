import type { Paged, PostTypeView, TermView } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { backofficeToken, customerToken, insertPost, insertTerm } from "./cms.fixtures.ts";

let p: TestPlatform;
let admin: string;
let customer: string;
let tips: number;

beforeAll(async () => {
  p = await createTestPlatform();
  admin = await backofficeToken(p);
  customer = await customerToken(p);
  tips = await insertTerm(
    p,
    [
      { lang: "hr", slug: "savjeti", title: "Savjeti za njegu" },
      { lang: "en", slug: "care-tips", title: "Care tips" },
      { lang: "de", slug: "pflegetipps", title: "Pflegetipps" },
    ],
    { position: 1 },
  );
  await insertTerm(p, [{ lang: "hr", slug: "novosti", title: "Novosti" }], { position: 2 });
  await insertTerm(p, [{ lang: "hr", slug: "ekologija", title: "Ekologija" }], { position: 3 });
  await insertTerm(p, [{ lang: "hr", slug: "zima", title: "Zima" }], { type: "tag" });
  // Only in German: invisible to hr and en readers.
  await insertTerm(p, [{ lang: "de", slug: "nur-deutsch", title: "Nur Deutsch" }], { position: 9 });
});
afterAll(() => p.close());

describe("GET /v1/term/filter", () => {
  const get = (query: string, language?: string) => p.call<Paged<TermView>>("GET", `/api/v1/term/filter${query}`, { language });

  it("answers the terms of a type in their order, paged", async () => {
    const res = await get("?termType=category&limit=2");
    expect(res.status).toBe(200);
    expect(res.body.data.records.map((t) => t.title)).toEqual(["Savjeti za njegu", "Novosti"]);
    expect(res.body.data.pagination).toMatchObject({ page: 1, limit: 2, total: 3, lastPage: 2 });
    const tags = await get("?termType=tag");
    expect(tags.body.data.records.map((t) => t.slug)).toEqual(["zima"]);
  });

  it("answers every type without termType, in the request language with hr fallback", async () => {
    const res = await get("", "en");
    expect(res.body.data.records.map((t) => [t.slug, t.language])).toEqual([
      ["zima", "hr"],
      ["care-tips", "en"],
      ["novosti", "hr"],
      ["ekologija", "hr"],
    ]);
    const de = await get("?termType=category", "de");
    expect(de.body.data.records.map((t) => t.slug)).toContain("nur-deutsch");
  });

  it("refuses bad paging with 400", async () => {
    expect((await get("?page=0")).status).toBe(400);
    expect((await get("?limit=abc")).status).toBe(400);
  });
});

describe("POST /v1/term/filterStandard", () => {
  const filter = (body: unknown, language?: string) => p.call<Paged<TermView>>("POST", "/api/v1/term/filterStandard", { body, language });

  it("filters by termTypeTitles and answers all with noPaginate", async () => {
    const res = await filter({ termTypeTitles: ["category"], limit: 1, noPaginate: true });
    expect(res.status).toBe(200);
    expect(res.body.data.records.map((t) => t.slug)).toEqual(["savjeti", "novosti", "ekologija"]);
    expect(res.body.data.pagination).toMatchObject({ page: 1, total: 3, lastPage: 1 });
    const paged = await filter({ termTypeTitles: ["category", "tag"], limit: 3, page: 2 });
    expect(paged.body.data.records.map((t) => t.slug)).toEqual(["ekologija"]);
  });

  it("refuses bad input with 400", async () => {
    expect((await filter({ termTypeTitles: "category" })).status).toBe(400);
    expect((await filter({ noPaginate: "yes" })).status).toBe(400);
  });
});

describe("GET /v1/term/get/:id and /v1/term/getBySlug/:slug", () => {
  it("answers a term with slugMain (its hr slug) and its slugs per language", async () => {
    const res = await p.call<TermView>("GET", `/api/v1/term/get/${tips}`, { language: "de" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: tips,
      termType: "category",
      slug: "pflegetipps",
      slugMain: "savjeti",
      title: "Pflegetipps",
      translations: { hr: "savjeti", en: "care-tips", de: "pflegetipps" },
    });
  });

  it("finds a term by its slug in the request language or hr", async () => {
    const en = await p.call<TermView>("GET", "/api/v1/term/getBySlug/care-tips", { language: "en" });
    expect(en.body.data).toMatchObject({ id: tips, title: "Care tips", slugMain: "savjeti" });
    const fallback = await p.call<TermView>("GET", "/api/v1/term/getBySlug/savjeti", { language: "en" });
    expect(fallback.body.data).toMatchObject({ id: tips, title: "Care tips", slug: "care-tips" });
  });

  it("answers 404 for unknown ids and slugs, and terms without the language", async () => {
    expect((await p.call("GET", "/api/v1/term/get/99999")).status).toBe(404);
    expect((await p.call("GET", "/api/v1/term/getBySlug/ne-postoji")).status).toBe(404);
    expect((await p.call("GET", "/api/v1/term/getBySlug/nur-deutsch")).status).toBe(404);
  });

  it("refuses malformed ids and slugs with 400", async () => {
    expect((await p.call("GET", "/api/v1/term/get/abc")).status).toBe(400);
    expect((await p.call("GET", "/api/v1/term/get/-1")).status).toBe(400);
    expect((await p.call("GET", `/api/v1/term/getBySlug/${encodeURIComponent("a'b")}`)).status).toBe(400);
  });
});

describe("post types", () => {
  const createType = (body: unknown, token: string | undefined = admin) =>
    p.call<PostTypeView>("POST", "/api/v1/postType/create", { body, token });
  const list = (body: unknown = {}, language?: string) =>
    p.call<Paged<PostTypeView>>("POST", "/api/v1/postType/filterStandard", { body, language });

  it("creates a post type with titles and lists it with its post count", async () => {
    const res = await createType({
      slug: "recepti",
      translations: [
        { language: "hr", title: "Recepti" },
        { language: "en", title: "Recipes" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ slug: "recepti", title: "Recepti", translations: { hr: "Recepti", en: "Recipes" }, posts: 0 });
    await insertPost(p, { translations: [{ lang: "hr", slug: "prva-objava", title: "Prva" }] });
    const all = await list({ noPaginate: true }, "en");
    expect(all.status).toBe(200);
    expect(all.body.data.records.map((t) => [t.slug, t.title, t.posts])).toEqual([
      ["page", "page", 0],
      ["post", "post", 1],
      ["recepti", "Recipes", 0],
    ]);
    const paged = await list({ limit: 1, page: 2 });
    expect(paged.body.data.records.map((t) => t.slug)).toEqual(["post"]);
    expect(paged.body.data.pagination).toMatchObject({ total: 3, lastPage: 3 });
  });

  it("refuses short, malformed and taken slugs", async () => {
    const short = await createType({ slug: "faq", translations: [{ language: "hr", title: "FAQ" }] });
    expect(short.status).toBe(400);
    expect(short.body.error?.payload.message).toBe("Slug je kratak (minimum 4 znaka)!");
    expect((await createType({ slug: "Vijesti!", translations: [{ language: "hr", title: "V" }] })).status).toBe(400);
    expect((await createType({ slug: "vijesti", translations: [] })).status).toBe(400);
    const taken = await createType({ slug: "post", translations: [{ language: "hr", title: "Objava" }] });
    expect(taken.status).toBe(409);
  });

  it("deletes an unused type, keeps built-in and used ones", async () => {
    const created = await createType({ slug: "privremeno", translations: [{ language: "hr", title: "Privremeno" }] });
    const del = await p.call<{ id: number }>("DELETE", `/api/v1/postType/delete/${created.body.data.id}`, { token: admin });
    expect(del.status).toBe(200);
    expect((await p.call("DELETE", `/api/v1/postType/delete/${created.body.data.id}`, { token: admin })).status).toBe(404);
    const types = await list({ noPaginate: true });
    const post = types.body.data.records.find((t) => t.slug === "post");
    const builtIn = await p.call("DELETE", `/api/v1/postType/delete/${post?.id}`, { token: admin });
    expect(builtIn.status).toBe(409);
    expect(builtIn.body.error?.payload.key).toBe("error.cms.postTypeBuiltIn");
    const used = await createType({ slug: "dogadjanja", translations: [{ language: "hr", title: "Događanja" }] });
    await insertPost(p, { type: "dogadjanja", translations: [{ lang: "hr", slug: "sajam-automobila", title: "Sajam" }] });
    const inUse = await p.call("DELETE", `/api/v1/postType/delete/${used.body.data.id}`, { token: admin });
    expect(inUse.status).toBe(409);
    expect(inUse.body.error?.payload.key).toBe("error.cms.postTypeInUse");
    expect((await p.call("DELETE", "/api/v1/postType/delete/x", { token: admin })).status).toBe(400);
  });

  it("refuses bad list input with 400", async () => {
    expect((await list({ limit: 0 })).status).toBe(400);
  });

  it("needs a backoffice user to create or delete", async () => {
    const body = { slug: "kupac-tip", translations: [{ language: "hr", title: "K" }] };
    expect((await createType(body, "")).status).toBe(401);
    expect((await createType(body, customer)).status).toBe(403);
    expect((await p.call("DELETE", "/api/v1/postType/delete/1", { token: customer })).status).toBe(403);
    expect((await p.call("DELETE", "/api/v1/postType/delete/1")).status).toBe(401);
  });
});
