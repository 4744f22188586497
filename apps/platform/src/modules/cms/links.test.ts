import type { FinderDecision, MasterView, Paged, PostTypeView, PostView, SlugMatch, UrlOnLanguage } from "@shop/contracts";
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
  tips = await insertTerm(p, [
    { lang: "hr", slug: "savjeti", title: "Savjeti" },
    { lang: "en", slug: "care-tips", title: "Care tips" },
  ]);
  await p.db.insertInto("cms_options").values({ key: "HomePageSlug", value: "pocetna", media_id: null }).execute();
  await insertPost(p, {
    type: "page",
    translations: [
      { lang: "hr", slug: "pocetna", title: "Početna", components: [{ id: 1, template: "hero", data: { title: "Dobro došli" } }] },
      { lang: "en", slug: "pocetna", title: "Home", components: [{ id: 1, template: "hero", data: { title: "Welcome" } }] },
    ],
  });
  await insertPost(p, {
    type: "page",
    translations: [
      { lang: "hr", slug: "kontakt", title: "Kontakt", components: [{ id: 1, template: "hero", data: { title: "Kontakt" } }] },
      { lang: "de", slug: "kontakt-de", title: "Kontakt DE", components: [{ id: 1, template: "hero", data: { title: "Kontakt" } }] },
    ],
  });
  await insertPost(p, { translations: [{ lang: "hr", slug: "zimska-sol", title: "Sol i zima" }], terms: [tips] });
  await insertPost(p, { status: "draft", translations: [{ lang: "hr", slug: "zimska-skica", title: "Skica" }] });
});
afterAll(() => p.close());

describe("PUT /v1/link/postTranslation/:slug/bulk", () => {
  const bulk = (slug: string, body: unknown, token: string | undefined = admin) =>
    p.call<PostView>("PUT", `/api/v1/link/postTranslation/${slug}/bulk`, { body, token });

  it("adds and replaces languages of a post", async () => {
    const res = await bulk("zimska-sol", {
      translations: [
        { language: "en", slug: "winter-salt", title: "Salt and winter", body: "<p>Rinse the underbody.</p>", excerpt: "Why salt harms." },
        { language: "hr", slug: "zimska-sol", title: "Sol i zima – ažurirano", body: "<p>Isperite podvozje.</p>" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.translations).toEqual({ hr: "zimska-sol", en: "winter-salt" });
    expect(res.body.data.title).toBe("Sol i zima – ažurirano");
    const en = await p.call<FinderDecision>("GET", "/api/v1/finder/decide?params=winter-salt", { language: "en" });
    expect(en.body.data).toMatchObject({
      type: "post",
      post: { title: "Salt and winter", excerpt: "Why salt harms.", terms: [{ slug: "care-tips" }] },
    });
  });

  it("refuses a slug another post uses, bad slugs and unknown posts", async () => {
    const taken = await bulk("zimska-sol", { translations: [{ language: "hr", slug: "kontakt", title: "X", body: "<p>x</p>" }] });
    expect(taken.status).toBe(409);
    const short = await bulk("zimska-sol", { translations: [{ language: "de", slug: "sal", title: "X", body: "<p>x</p>" }] });
    expect(short.body.error?.payload.message).toBe("Slug je kratak (minimum 4 znaka)!");
    expect((await bulk("ne-postoji", { translations: [{ language: "de", slug: "salz", title: "X", body: "<p>x</p>" }] })).status).toBe(404);
    expect((await bulk("zimska-sol", { translations: [] })).status).toBe(400);
  });

  it("refuses empty components on pages", async () => {
    const res = await bulk("kontakt", { translations: [{ language: "en", slug: "contact", title: "Contact", components: [] }] });
    expect(res.status).toBe(400);
    expect(res.body.error?.payload.message).toBe("Saving empty components on a page is refused");
  });

  it("needs a backoffice user", async () => {
    const body = { translations: [{ language: "de", slug: "winter-salz", title: "X", body: "<p>x</p>" }] };
    expect((await bulk("zimska-sol", body, "")).status).toBe(401);
    expect((await bulk("zimska-sol", body, customer)).status).toBe(403);
  });
});

describe("PUT /v1/link/postTranslation/:slug/bulkExisting", () => {
  const attach = (slug: string, body: unknown, token: string | undefined = admin) =>
    p.call<PostView>("PUT", `/api/v1/link/postTranslation/${slug}/bulkExisting`, { body, token });

  it("moves a separately written post in as a translation and removes the emptied post", async () => {
    const original = await insertPost(p, { terms: [tips], translations: [{ lang: "hr", slug: "nova-lokacija", title: "Nova lokacija" }] });
    const german = await insertPost(p, {
      translations: [{ lang: "de", slug: "neuer-standort", title: "Neuer Standort", excerpt: "Eröffnung" }],
    });
    const res = await attach("nova-lokacija", { posts: [{ language: "de", slug: "neuer-standort" }] });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(original);
    expect(res.body.data.translations).toEqual({ hr: "nova-lokacija", de: "neuer-standort" });
    expect(await p.db.selectFrom("posts").select("id").where("id", "=", german).executeTakeFirst()).toBeUndefined();
    const meta = await p.db.selectFrom("post_meta").selectAll().where("post_id", "=", original).execute();
    expect(meta.map((m) => m.excerpt)).toEqual(["Eröffnung"]);
    // Linking again is a no-op.
    expect((await attach("nova-lokacija", { posts: [{ language: "de", slug: "neuer-standort" }] })).status).toBe(200);
  });

  it("refuses a language the post already has, other post types and unknown slugs", async () => {
    await insertPost(p, { translations: [{ lang: "en", slug: "second-english", title: "Second" }] });
    const conflict = await attach("zimska-sol", { posts: [{ language: "en", slug: "second-english" }] });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error?.payload.key).toBe("error.cms.translationExists");
    const mismatch = await attach("kontakt", { posts: [{ language: "en", slug: "second-english" }] });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error?.payload.key).toBe("error.cms.postTypeMismatch");
    expect((await attach("zimska-sol", { posts: [{ language: "de", slug: "gibt-es-nicht" }] })).status).toBe(404);
    expect((await attach("zimska-sol", { posts: [] })).status).toBe(400);
  });

  it("needs a backoffice user", async () => {
    expect((await attach("zimska-sol", { posts: [{ language: "de", slug: "x-y-z" }] }, customer)).status).toBe(403);
  });
});

describe("POST /v1/link/:id/createTranslationFromOriginal", () => {
  const copy = (id: number | string, body: unknown, token: string | undefined = admin) =>
    p.call<PostView>("POST", `/api/v1/link/${id}/createTranslationFromOriginal`, { body, token });

  it("copies the hr original into a new language", async () => {
    const id = await insertPost(p, {
      type: "page",
      translations: [{ lang: "hr", slug: "o-nama", title: "O nama", components: [{ id: 1, template: "hero", data: { title: "O nama" } }] }],
    });
    const res = await copy(id, { language: "en", slug: "about-us", title: "About us" });
    expect(res.status).toBe(200);
    expect(res.body.data.translations).toEqual({ hr: "o-nama", en: "about-us" });
    const en = await p.call<FinderDecision>("GET", "/api/v1/finder/decide?params=about-us", { language: "en" });
    expect(en.body.data).toMatchObject({
      type: "page",
      page: { title: "About us", components: [{ template: "hero", data: { title: "O nama" } }] },
    });
    const derived = await copy(id, { language: "de" });
    expect(derived.body.data.translations.de).toBe("o-nama-de");
  });

  it("refuses an existing language, bad slugs and unknown posts", async () => {
    const id = await insertPost(p, { translations: [{ lang: "hr", slug: "kopija-objave", title: "Kopija" }] });
    expect((await copy(id, { language: "hr" })).status).toBe(409);
    expect((await copy(id, { language: "en", slug: "kontakt!" })).status).toBe(400);
    expect((await copy(id, { language: "xx" })).status).toBe(400);
    expect((await copy(99_999, { language: "en" })).status).toBe(404);
    expect((await copy("abc", { language: "en" })).status).toBe(400);
  });

  it("needs a backoffice user", async () => {
    expect((await copy(1, { language: "en" }, "")).status).toBe(401);
    expect((await copy(1, { language: "en" }, customer)).status).toBe(403);
  });
});

describe("PUT /v1/link/postType/:id/bulk", () => {
  const titles = (id: number | string, body: unknown, token: string | undefined = admin) =>
    p.call<PostTypeView>("PUT", `/api/v1/link/postType/${id}/bulk`, { body, token });

  it("sets the post type's titles per language", async () => {
    const type = await p.db.selectFrom("post_types").select("id").where("slug", "=", "post").executeTakeFirstOrThrow();
    const res = await titles(type.id, {
      translations: [
        { language: "hr", title: "Objava" },
        { language: "en", title: "Post" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.translations).toEqual({ hr: "Objava", en: "Post" });
    const again = await titles(type.id, { translations: [{ language: "en", title: "Blog post" }] });
    expect(again.body.data.translations).toEqual({ hr: "Objava", en: "Blog post" });
  });

  it("refuses unknown types, empty lists and the wrong role", async () => {
    expect((await titles(99_999, { translations: [{ language: "hr", title: "X" }] })).status).toBe(404);
    expect((await titles(1, { translations: [] })).status).toBe(400);
    expect((await titles(1, { translations: [{ language: "hr", title: "" }] })).status).toBe(400);
    expect((await titles(1, { translations: [{ language: "hr", title: "X" }] }, customer)).status).toBe(403);
  });
});

describe("master components", () => {
  const createMaster = (body: unknown, token: string | undefined = admin) =>
    p.call<MasterView>("POST", "/api/v1/master/create", { body, token });
  const banner = {
    template: "hero",
    title: "Zimska akcija",
    translations: [{ language: "hr", data: { title: "Zimska akcija: pranje podvozja −20 %", cta: { label: "Cjenik", href: "/cjenik" } } }],
  };

  it("is shown by every page that uses it, and an edit changes all of them", async () => {
    const created = await createMaster(banner);
    expect(created.status).toBe(200);
    const master = created.body.data;
    for (const slug of ["akcija-prva", "akcija-druga"]) {
      const page = await p.call("POST", "/api/v1/post/create", {
        token: admin,
        body: {
          postType: "page",
          translations: [
            {
              language: "hr",
              slug,
              title: slug,
              components: [{ template: "richText", data: { html: "<p>Uvod</p>" } }, { master: master.id }],
            },
          ],
        },
      });
      expect(page.status).toBe(200);
    }
    const show = async (slug: string, language?: string) =>
      (await p.call<FinderDecision>("GET", `/api/v1/finder/decide?params=${slug}`, { language })).body.data;
    expect(await show("akcija-prva")).toMatchObject({
      page: {
        components: [
          { id: 1, template: "richText" },
          { id: 2, template: "hero", master: master.id, data: { title: "Zimska akcija: pranje podvozja −20 %" } },
        ],
      },
    });
    const updated = await p.call<MasterView>("PATCH", `/api/v1/master/update/${master.id}`, {
      token: admin,
      body: { language: "hr", data: { title: "Zimska akcija produljena" } },
    });
    expect(updated.status).toBe(200);
    for (const slug of ["akcija-prva", "akcija-druga"]) {
      const view = await show(slug);
      expect(view.type === "page" && view.page.components[1]?.data.title).toBe("Zimska akcija produljena");
    }
    // English pages fall back to the hr master until it has an English version.
    const linked = await p.call<MasterView>("POST", `/api/v1/link/masters/${master.id}`, {
      token: admin,
      body: { languages: ["en", "de"] },
    });
    expect(linked.status).toBe(200);
    expect(Object.keys(linked.body.data.translations).sort()).toEqual(["de", "en", "hr"]);
    await p.call("PATCH", `/api/v1/master/update/${master.id}`, {
      token: admin,
      body: { language: "en", data: { title: "Winter offer" } },
    });
    const en = await show("akcija-prva", "en");
    expect(en.type === "page" && en.page.components[1]?.data.title).toBe("Winter offer");
  });

  it("lists masters for editors, optionally of one template", async () => {
    await createMaster({ template: "richText", title: "Napomena", translations: [{ language: "hr", data: { html: "<p>Napomena</p>" } }] });
    const res = await p.call<Paged<MasterView>>("POST", "/api/v1/master/filterStandard", { token: admin, body: { template: "richText" } });
    expect(res.status).toBe(200);
    expect(res.body.data.records.map((m) => m.title)).toEqual(["Napomena"]);
    expect((await p.call("POST", "/api/v1/master/filterStandard", { token: admin, body: { limit: 0 } })).status).toBe(400);
  });

  it("refuses invalid data, unknown templates and masters", async () => {
    const bad = await createMaster({ ...banner, translations: [{ language: "hr", data: { title: 5 } }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.payload.fields?.[0]?.path).toBe("translations.0.data.title");
    const unknown = await createMaster({ ...banner, template: "marquee" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.payload.fields?.[0]?.path).toBe("template");
    expect(
      (await p.call("PATCH", "/api/v1/master/update/99999", { token: admin, body: { language: "hr", data: { title: "x" } } })).status,
    ).toBe(404);
    expect((await p.call("POST", "/api/v1/link/masters/99999", { token: admin, body: { languages: ["en"] } })).status).toBe(404);
    expect((await p.call("POST", "/api/v1/link/masters/1", { token: admin, body: { languages: [] } })).status).toBe(400);
  });

  it("needs a backoffice user", async () => {
    expect((await createMaster(banner, "")).status).toBe(401);
    expect((await createMaster(banner, customer)).status).toBe(403);
    expect((await p.call("PATCH", "/api/v1/master/update/1", { token: customer, body: { language: "hr", data: {} } })).status).toBe(403);
    expect((await p.call("POST", "/api/v1/master/filterStandard", { token: customer, body: {} })).status).toBe(403);
    expect((await p.call("POST", "/api/v1/link/masters/1", { token: customer, body: { languages: ["en"] } })).status).toBe(403);
  });
});

describe("GET /v1/finder/searchSlugs", () => {
  const search = (query: string, token: string | undefined = admin) =>
    p.call<SlugMatch[]>("GET", `/api/v1/finder/searchSlugs${query}`, { token });

  it("answers pages, posts (drafts too) and terms whose slug starts with the prefix", async () => {
    const res = await search("?prefix=zimska");
    expect(res.status).toBe(200);
    expect(res.body.data.map((m) => [m.type, m.slug, m.status])).toEqual([
      ["post", "zimska-skica", "draft"],
      ["post", "zimska-sol", "published"],
    ]);
    const terms = await search("?prefix=SAV");
    expect(terms.body.data).toEqual([expect.objectContaining({ type: "term", slug: "savjeti", id: tips })]);
    const en = await search("?prefix=care&language=en");
    expect(en.body.data.map((m) => m.slug)).toEqual(["care-tips"]);
    const limited = await search("?prefix=a&limit=1");
    expect(limited.body.data.length).toBeLessThanOrEqual(1);
  });

  it("treats LIKE wildcards as text", async () => {
    expect((await search("?prefix=%25")).body.data).toEqual([]);
    expect((await search("?prefix=_")).body.data).toEqual([]);
  });

  it("refuses a missing prefix and the wrong role", async () => {
    expect((await search("")).status).toBe(400);
    expect((await search("?prefix=a&limit=500")).status).toBe(400);
    expect((await search("?prefix=zimska", customer)).status).toBe(403);
    expect((await search("?prefix=zimska", "")).status).toBe(401);
  });
});

describe("POST /v1/finder/getUrlOnLanguage", () => {
  const url = (body: unknown) => p.call<UrlOnLanguage>("POST", "/api/v1/finder/getUrlOnLanguage", { body });

  it("answers the localized URL of the same page, post or category", async () => {
    expect((await url({ slug: "zimska-sol", fromLanguage: "hr", toLanguage: "en" })).body.data).toEqual({
      url: "/en/winter-salt",
      type: "post",
      slug: "winter-salt",
      language: "en",
    });
    expect((await url({ slug: "kontakt", fromLanguage: "hr", toLanguage: "de" })).body.data.url).toBe("/de/kontakt-de");
    expect((await url({ slug: "kontakt-de", fromLanguage: "de", toLanguage: "hr" })).body.data.url).toBe("/kontakt");
    expect((await url({ slug: "savjeti", fromLanguage: "hr", toLanguage: "en" })).body.data).toMatchObject({
      url: "/en/blog/care-tips",
      type: "term",
    });
  });

  it("answers the language root for the home page and the hr slug when untranslated", async () => {
    expect((await url({ slug: "pocetna", fromLanguage: "hr", toLanguage: "en" })).body.data.url).toBe("/en");
    expect((await url({ slug: "pocetna", fromLanguage: "en", toLanguage: "hr" })).body.data.url).toBe("/");
    expect((await url({ slug: "kontakt", fromLanguage: "hr", toLanguage: "en" })).body.data).toMatchObject({
      url: "/en/kontakt",
      language: "hr",
    });
  });

  it("answers 404 for unknown slugs and drafts, 400 for bad input", async () => {
    expect((await url({ slug: "zimska-skica", fromLanguage: "hr", toLanguage: "en" })).status).toBe(404);
    expect((await url({ slug: "zimska-sol", fromLanguage: "en", toLanguage: "hr" })).status).toBe(404);
    expect((await url({ slug: "zimska-sol", fromLanguage: "hr" })).status).toBe(400);
    expect((await url({ slug: "../x", fromLanguage: "hr", toLanguage: "en" })).status).toBe(400);
  });
});
