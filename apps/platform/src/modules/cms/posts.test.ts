import type { Paged, PostView } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { backofficeToken, customerToken, daysAgo, insertPost, insertTerm } from "./cms.fixtures.ts";

let p: TestPlatform;
let admin: string;
let customer: string;
let tips: number;
let news: number;

beforeAll(async () => {
  p = await createTestPlatform();
  admin = await backofficeToken(p);
  customer = await customerToken(p);
  tips = await insertTerm(p, [
    { lang: "hr", slug: "savjeti", title: "Savjeti za njegu" },
    { lang: "en", slug: "care-tips", title: "Care tips" },
  ]);
  news = await insertTerm(p, [{ lang: "hr", slug: "novosti", title: "Novosti" }]);
  // Twelve tips, one a day, the newest yesterday; three news; a draft, a future post and a page.
  for (let i = 1; i <= 12; i++) {
    await insertPost(p, {
      publishedAt: daysAgo(i),
      terms: [tips],
      translations: [
        { lang: "hr", slug: `savjet-broj-${i}`, title: `Savjet ${i}`, excerpt: i === 1 ? "Kratki sažetak prvog savjeta." : undefined },
        ...(i <= 2 ? [{ lang: "en", slug: `tip-number-${i}`, title: `Tip ${i}` }] : []),
      ],
    });
  }
  for (let i = 1; i <= 3; i++) {
    await insertPost(p, {
      publishedAt: daysAgo(40 + i),
      terms: [news],
      translations: [{ lang: "hr", slug: `novost-${i}`, title: `Novost ${i}` }],
    });
  }
  await insertPost(p, { status: "draft", terms: [tips], translations: [{ lang: "hr", slug: "skica-savjeta", title: "Skica" }] });
  await insertPost(p, { publishedAt: daysAgo(-3), terms: [tips], translations: [{ lang: "hr", slug: "buduci-savjet", title: "Budući" }] });
  await insertPost(p, {
    type: "page",
    translations: [
      { lang: "hr", slug: "stranica-o-nama", title: "O nama", components: [{ id: 1, template: "richText", data: { html: "<p>x</p>" } }] },
    ],
  });
});
afterAll(() => p.close());

const filter = (body: unknown, language?: string) => p.call<Paged<PostView>>("POST", "/api/v1/post/filterStandard", { body, language });
const create = (body: unknown, token: string | undefined = admin) => p.call<PostView>("POST", "/api/v1/post/create", { body, token });

describe("POST /v1/post/filterStandard", () => {
  it("answers published posts of type post, newest first, ten a page by default", async () => {
    const res = await filter({});
    expect(res.status).toBe(200);
    expect(res.body.data.pagination).toMatchObject({ page: 1, limit: 10, total: 15, lastPage: 2 });
    const titles = res.body.data.records.map((r) => r.title);
    expect(titles.slice(0, 3)).toEqual(["Savjet 1", "Savjet 2", "Savjet 3"]);
    expect(titles).not.toContain("Skica");
    expect(titles).not.toContain("Budući");
    expect(titles).not.toContain("O nama");
    const first = res.body.data.records[0];
    expect(first).toMatchObject({ postType: "post", slug: "savjet-broj-1", excerpt: "Kratki sažetak prvog savjeta." });
    expect(first?.terms).toEqual([{ id: tips, slug: "savjeti", title: "Savjeti za njegu" }]);
    // The excerpt falls back to the body's text.
    expect(res.body.data.records[1]?.excerpt).toBe("Savjet 2 – tekst objave.");
  });

  it("pages with page and limit", async () => {
    const res = await filter({ page: 3, limit: 5 });
    expect(res.body.data.pagination).toMatchObject({ page: 3, perPage: 5, lastPage: 3, totalRecords: 15 });
    expect(res.body.data.records.map((r) => r.title)).toEqual(["Savjet 11", "Savjet 12", "Novost 1", "Novost 2", "Novost 3"]);
  });

  it("filters by term slugs, in the request language or hr", async () => {
    const hr = await filter({ termSlugs: ["novosti"] });
    expect(hr.body.data.records.map((r) => r.title)).toEqual(["Novost 1", "Novost 2", "Novost 3"]);
    const en = await filter({ termSlugs: ["care-tips"], limit: 3 }, "en");
    expect(en.body.data.pagination.total).toBe(12);
    expect(en.body.data.records.map((r) => [r.title, r.language])).toEqual([
      ["Tip 1", "en"],
      ["Tip 2", "en"],
      ["Savjet 3", "hr"],
    ]);
    expect(en.body.data.records[0]?.terms[0]).toMatchObject({ slug: "care-tips", title: "Care tips" });
    expect(en.body.data.records[0]?.translations).toEqual({ hr: "savjet-broj-1", en: "tip-number-1" });
  });

  it("filters by a date range (whole days)", async () => {
    const day = (n: number) => daysAgo(n).slice(0, 10);
    const res = await filter({ dateFrom: day(5), dateTo: day(3) });
    expect(res.body.data.records.map((r) => r.title)).toEqual(["Savjet 3", "Savjet 4", "Savjet 5"]);
  });

  it("answers other post types when asked, and components or the legacy body", async () => {
    const pages = await filter({ postTypeSlugs: ["page"], display: "components" });
    expect(pages.body.data.records.map((r) => r.title)).toEqual(["O nama"]);
    expect(pages.body.data.records[0]?.components?.[0]).toMatchObject({ template: "richText" });
    expect(pages.body.data.records[0]?.body).toBeUndefined();
    const legacy = await filter({ display: "legacy", limit: 1 });
    expect(legacy.body.data.records[0]?.body).toBe("<p>Savjet 1 – tekst objave.</p>");
    expect(legacy.body.data.records[0]?.components).toBeUndefined();
  });

  it("takes the excerpt from the opening paragraphs, not from headings or lists", async () => {
    await insertPost(p, {
      type: "vijest",
      translations: [
        {
          lang: "hr",
          slug: "vijest-s-popisom",
          title: "Vijest",
          body: "<h2>Naslov</h2><p>Prvi <strong>odlomak</strong>.</p><ul><li>stavka</li></ul>",
        },
      ],
    });
    const res = await filter({ postTypeSlugs: ["vijest"] });
    expect(res.body.data.records[0]?.excerpt).toBe("Prvi odlomak.");
  });

  it("answers an empty page past the end", async () => {
    const res = await filter({ page: 9 });
    expect(res.status).toBe(200);
    expect(res.body.data.records).toEqual([]);
  });

  it("refuses bad input with 400", async () => {
    for (const body of [
      { page: 0 },
      { limit: 101 },
      { display: "html" },
      { postTypeSlugs: [] },
      { dateFrom: "yesterday" },
      { termSlugs: ["a b"] },
    ]) {
      const res = await filter(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.code).toBe("VALIDATION_ERROR");
    }
  });
});

describe("POST /v1/post/create", () => {
  const post = (over: Record<string, unknown> = {}, translation: Record<string, unknown> = {}) => ({
    termIds: [tips],
    translations: [{ language: "hr", slug: "nova-objava", title: "Nova objava", body: "<p>Tekst nove objave.</p>", ...translation }],
    ...over,
  });

  it("creates a published post with its terms, sanitizing the HTML body", async () => {
    const res = await create(
      post(
        {},
        {
          slug: "zimska-njega-laka",
          body: '<p onclick="x()">Zimi <strong>operite</strong> podvozje.</p><script>alert(1)</script><a href="javascript:alert(1)">klik</a>',
        },
      ),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      slug: "zimska-njega-laka",
      title: "Nova objava",
      postType: "post",
      terms: [{ slug: "savjeti" }],
    });
    expect(res.body.data.body).toBe("<p>Zimi <strong>operite</strong> podvozje.</p><a>klik</a>");
    expect(res.body.data.publishedAt).not.toBeNull();
    const listed = await filter({ termSlugs: ["savjeti"], limit: 1 });
    expect(listed.body.data.records[0]?.slug).toBe("zimska-njega-laka");
  });

  it("creates a page from components, validated against their templates", async () => {
    const res = await create({
      postType: "page",
      translations: [
        {
          language: "hr",
          slug: "nova-stranica",
          title: "Nova stranica",
          components: [
            { template: "hero", data: { title: "Dobro došli" } },
            { template: "richText", data: { html: "<p>Tekst<img src=x onerror=alert(1)></p>" } },
          ],
        },
        { language: "en", slug: "new-page", title: "New page", components: [{ template: "hero", data: { title: "Welcome" } }] },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.components).toEqual([
      { id: 1, template: "hero", data: { title: "Dobro došli" } },
      { id: 2, template: "richText", data: { html: '<p>Tekst<img src="x" /></p>' } },
    ]);
    expect(res.body.data.translations).toEqual({ hr: "nova-stranica", en: "new-page" });
  });

  it("refuses empty components on a page with the SPEC message", async () => {
    for (const translation of [{ components: [] }, { components: undefined }]) {
      const res = await create({
        postType: "page",
        translations: [{ language: "hr", slug: "prazna-stranica", title: "Prazna", ...translation }],
      });
      expect(res.status).toBe(400);
      expect(res.body.error?.payload.message).toBe("Saving empty components on a page is refused");
    }
  });

  it("refuses a short slug with the SPEC message, and malformed, reserved or taken slugs", async () => {
    const short = await create(post({}, { slug: "abc" }));
    expect(short.status).toBe(400);
    expect(short.body.error?.payload.message).toBe("Slug je kratak (minimum 4 znaka)!");
    expect(short.body.error?.payload.fields?.[0]).toMatchObject({ path: "translations.0.slug", key: "validation.minLength" });
    for (const slug of ["Velika-Slova", "dvije--crtice", "razmak u slugu", "čistoća"]) {
      const res = await create(post({}, { slug }));
      expect(res.status, slug).toBe(400);
      expect(res.body.error?.payload.key).toBe("error.cms.slugFormat");
    }
    const reserved = await create(post({}, { slug: "prijava" }));
    expect(reserved.status).toBe(400);
    expect(reserved.body.error?.payload.key).toBe("error.cms.slugReserved");
    const taken = await create(post({}, { slug: "savjet-broj-1" }));
    expect(taken.status).toBe(409);
    expect(taken.body.error?.payload.key).toBe("error.cms.slugTaken");
  });

  it("refuses invalid component data, unknown templates, masters and post types, naming the field", async () => {
    const badData = await create(post({}, { components: [{ template: "hero", data: { title: 7 } }] }));
    expect(badData.status).toBe(400);
    expect(badData.body.error?.payload.fields?.[0]?.path).toBe("translations.0.components.0.data.title");
    const unknown = await create(post({}, { components: [{ template: "marquee", data: {} }] }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.payload.fields?.[0]?.path).toBe("translations.0.components.0.template");
    const master = await create(post({}, { components: [{ master: 999 }] }));
    expect(master.status).toBe(400);
    expect(master.body.error?.payload.fields?.[0]?.path).toBe("translations.0.components.0.master");
    const type = await create(post({ postType: "recept" }));
    expect(type.status).toBe(400);
    expect(type.body.error?.payload.key).toBe("error.cms.postTypeUnknown");
    const term = await create(post({ termIds: [99_999] }));
    expect(term.status).toBe(400);
  });

  it("refuses a post without body or components, duplicate languages and malformed bodies", async () => {
    expect((await create(post({}, { body: "<script>x</script>" }))).status).toBe(400);
    const twice = await create({
      translations: [
        { language: "hr", slug: "prva-verzija", title: "A", body: "<p>a</p>" },
        { language: "hr", slug: "druga-verzija", title: "B", body: "<p>b</p>" },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error?.payload.key).toBe("error.cms.duplicateLanguage");
    expect((await create({ translations: [] })).status).toBe(400);
    expect((await create("{not json")).status).toBe(400);
    expect((await create(post({ status: "archived" }))).status).toBe(400);
  });

  it("writes nothing when one translation fails", async () => {
    const res = await create({
      translations: [
        { language: "hr", slug: "pola-objave", title: "Pola", body: "<p>a</p>" },
        { language: "en", slug: "x", title: "Half", body: "<p>b</p>" },
      ],
    });
    expect(res.status).toBe(400);
    const row = await p.db.selectFrom("post_translations").select("id").where("slug", "=", "pola-objave").executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it("keeps a draft out of the lists", async () => {
    const res = await create(post({ status: "draft" }, { slug: "skica-nova" }));
    expect(res.status).toBe(200);
    expect(res.body.data.publishedAt).toBeNull();
    const listed = await filter({ limit: 100 });
    expect(listed.body.data.records.map((r) => r.slug)).not.toContain("skica-nova");
  });

  it("needs a backoffice user", async () => {
    expect((await create(post({}, { slug: "bez-prijave" }), "")).status).toBe(401);
    const res = await create(post({}, { slug: "kupac-pise" }), customer);
    expect(res.status).toBe(403);
    expect(res.body.error?.code).toBe("FORBIDDEN");
  });
});
