import type { ElementView, FinderDecision, NavigationItem, PageView } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { backofficeToken, customerToken, daysAgo, insertPost, insertTerm } from "./cms.fixtures.ts";

let p: TestPlatform;
let admin: string;
let customer: string;
const now = new Date().toISOString();

beforeAll(async () => {
  p = await createTestPlatform();
  admin = await backofficeToken(p);
  customer = await customerToken(p);
  await seedNavigation();
  await seedElements();
  await seedPages();
});
afterAll(() => p.close());

async function seedNavigation() {
  const nav = await p.db
    .insertInto("navigations")
    .values({ handle: "main", language_code: "hr" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const item = (position: number, title: string, url: string | null, parent_id: number | null = null) =>
    p.db
      .insertInto("navigation_items")
      .values({ navigation_id: nav.id, parent_id, position, type: url === null ? "linkless" : "link", title, url })
      .returning("id")
      .executeTakeFirstOrThrow();
  const services = await item(1, "Usluge", null);
  await item(2, "Poliranje", "/poliranje", services.id);
  await item(1, "Pranje", "/pranje", services.id);
  await item(2, "Kontakt", "/kontakt");
  await item(3, "EU projekt", "https://europa.eu/projekt");
}

async function seedElements() {
  const element = (handler: string, variant: string, language_code: string, title: string) => ({
    handler,
    variant,
    title,
    type: "static-element",
    slug: `${handler}-${variant}-${language_code}`,
    language_code,
    options: JSON.stringify({ logo: `${title}.svg` }),
    meta: "{}",
    created_at: now,
  });
  await p.db
    .insertInto("elements")
    .values([
      element("header-section", "default", "hr", "Zaglavlje"),
      element("header-section", "carwash", "hr", "Zaglavlje autopraonice"),
      element("footer-section", "default", "hr", "Podnožje"),
      element("footer-section", "default", "en", "Footer"),
      element("cookie-section", "default", "hr", "Kolačići"),
    ])
    .execute();
}

async function seedPages() {
  const page = async (status: "draft" | "published", translations: { lang: string; slug: string; title: string }[]) => {
    const post = await p.db
      .insertInto("posts")
      .values({ post_type: "page", status, published_at: status === "published" ? now : null, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const t of translations) {
      await p.db
        .insertInto("post_translations")
        .values({
          post_id: post.id,
          language_code: t.lang,
          slug: t.slug,
          title: t.title,
          body: "",
          components: JSON.stringify([{ id: 1, template: "hero", data: { title: t.title } }]),
        })
        .execute();
    }
  };
  await page("published", [{ lang: "hr", slug: "pocetna", title: "Početna" }]);
  await page("published", [
    { lang: "hr", slug: "o-nama", title: "O nama" },
    { lang: "en", slug: "about-us", title: "About us" },
  ]);
  await page("published", [{ lang: "hr", slug: "cjenik", title: "Cjenik" }]);
  await page("draft", [{ lang: "hr", slug: "skica", title: "Skica" }]);
}

describe("GET /v1/navigation/tree/:id", () => {
  it("answers the nested tree in position order", async () => {
    const res = await p.call<NavigationItem[]>("GET", "/api/v1/navigation/tree/main");
    expect(res.status).toBe(200);
    const [services, contact, eu] = res.body.data;
    expect(res.body.data.map((i) => i.title)).toEqual(["Usluge", "Kontakt", "EU projekt"]);
    expect(services).toMatchObject({ type: "linkless", url: null });
    expect(services?.children.map((c) => c.title)).toEqual(["Pranje", "Poliranje"]);
    expect(contact).toMatchObject({ url: "/kontakt", external: false, children: [] });
    expect(eu).toMatchObject({ external: true });
  });

  it("falls back to the Croatian menu for English", async () => {
    const res = await p.call<NavigationItem[]>("GET", "/api/v1/navigation/tree/main", { language: "en" });
    expect(res.body.data.map((i) => i.title)).toEqual(["Usluge", "Kontakt", "EU projekt"]);
  });

  it("answers an empty list for a menu without items", async () => {
    const res = await p.call<NavigationItem[]>("GET", "/api/v1/navigation/tree/footer1");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it("refuses an unknown menu with 400", async () => {
    expect((await p.call("GET", "/api/v1/navigation/tree/sidebar")).status).toBe(400);
  });
});

describe("POST /v1/element/getByHandlers", () => {
  const get = (body: unknown, language?: string) => p.call<ElementView[]>("POST", "/api/v1/element/getByHandlers", { body, language });

  it("answers the elements of the request language, with options parsed", async () => {
    const res = await get({ handlers: ["header-section", "footer-section", "cookie-section"] });
    expect(res.status).toBe(200);
    expect(res.body.data.map((e) => e.title)).toEqual(["Zaglavlje", "Podnožje", "Kolačići"]);
    expect(res.body.data[0]?.options).toEqual({ logo: "Zaglavlje.svg" });
  });

  it("prefers the requested language and falls back to hr", async () => {
    const res = await get({ handlers: ["header-section", "footer-section"] }, "en");
    expect(res.body.data.map((e) => [e.title, e.language_code])).toEqual([
      ["Zaglavlje", "hr"],
      ["Footer", "en"],
    ]);
  });

  it("answers the car-wash variant where one exists and the default otherwise", async () => {
    const res = await get({ handlers: ["header-section", "footer-section"], variant: "carwash" });
    expect(res.body.data.map((e) => e.title)).toEqual(["Zaglavlje autopraonice", "Podnožje"]);
  });

  it("refuses unknown handlers and empty lists with 400", async () => {
    expect((await get({ handlers: ["admin-section"] })).status).toBe(400);
    expect((await get({ handlers: [] })).status).toBe(400);
  });
});

describe("GET /v1/finder/decide", () => {
  const decide = (query: string, language?: string) =>
    p.call<{ type: string; page: PageView }>("GET", `/api/v1/finder/decide${query}`, { language });

  it("answers the home page for an empty slug", async () => {
    const res = await decide("");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: "page", page: { slug: "pocetna", title: "Početna", language: "hr" } });
    expect(res.body.data.page.components[0]).toMatchObject({ template: "hero" });
  });

  it("answers a page with its translations", async () => {
    const res = await decide("?slug=o-nama");
    expect(res.body.data.page).toMatchObject({ title: "O nama", translations: { hr: "o-nama", en: "about-us" } });
  });

  it("answers the English page in English", async () => {
    const res = await decide("?slug=about-us", "en");
    expect(res.body.data.page).toMatchObject({ title: "About us", language: "en" });
  });

  it("falls back to the Croatian page when there is no English one", async () => {
    const res = await decide("?slug=cjenik", "en");
    expect(res.status).toBe(200);
    expect(res.body.data.page).toMatchObject({ title: "Cjenik", language: "hr" });
  });

  it("answers 404 for drafts and unknown slugs", async () => {
    expect((await decide("?slug=skica")).status).toBe(404);
    const res = await decide("?slug=ne-postoji", "en");
    expect(res.status).toBe(404);
    expect(res.body.error?.payload.message).toBe("The requested resource was not found.");
  });

  it("refuses a malformed slug with 400", async () => {
    expect((await decide("?slug=..%2Fadmin")).status).toBe(400);
    expect((await decide(`?slug=${encodeURIComponent("x' OR 1=1 --")}`)).status).toBe(400);
  });
});

describe("GET /v1/finder/decide with route params", () => {
  const decide = (query: string, language?: string) => p.call<FinderDecision>("GET", `/api/v1/finder/decide${query}`, { language });
  let tips: number;

  beforeAll(async () => {
    tips = await insertTerm(p, [{ lang: "hr", slug: "savjeti", title: "Savjeti" }]);
    await insertPost(p, {
      publishedAt: daysAgo(2),
      terms: [tips],
      translations: [
        { lang: "hr", slug: "cistoca-koja-traje", title: "Čistoća koja traje", body: '<p>Tekst <a href="/cjenik">cjenik</a>.</p>' },
        { lang: "en", slug: "lasting-cleanliness", title: "Cleanliness that lasts" },
      ],
    });
    await insertPost(p, { publishedAt: daysAgo(-5), translations: [{ lang: "hr", slug: "buduca-objava", title: "Uskoro" }] });
    await insertPost(p, { status: "draft", translations: [{ lang: "hr", slug: "skica-objave", title: "Skica" }] });
  });

  it("answers a page for the params list", async () => {
    const res = await decide("?params=o-nama");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: "page", page: { title: "O nama" } });
    const home = await decide("?params=");
    expect(home.body.data).toMatchObject({ type: "page", page: { slug: "pocetna" } });
  });

  it("answers a post (SPEC §2: a post maps to /{slug}) with its date, terms and body", async () => {
    const res = await decide("?params=cistoca-koja-traje");
    expect(res.status).toBe(200);
    expect(res.body.data.type).toBe("post");
    if (res.body.data.type !== "post") return;
    expect(res.body.data.post).toMatchObject({
      title: "Čistoća koja traje",
      postType: "post",
      terms: [{ id: tips, slug: "savjeti" }],
      body: '<p>Tekst <a href="/cjenik">cjenik</a>.</p>',
      translations: { hr: "cistoca-koja-traje", en: "lasting-cleanliness" },
    });
    expect(Date.now() - Date.parse(res.body.data.post.publishedAt ?? "")).toBeGreaterThan(86_400_000);
  });

  it("answers the request language's version when found by another language's slug", async () => {
    const res = await decide("?params=cistoca-koja-traje", "en");
    expect(res.body.data).toMatchObject({ type: "post", post: { slug: "lasting-cleanliness", language: "en" } });
  });

  it("answers 404 for drafts, future posts, unknown slugs and nested params", async () => {
    expect((await decide("?params=skica-objave")).status).toBe(404);
    expect((await decide("?params=buduca-objava")).status).toBe(404);
    expect((await decide("?params=ne-postoji")).status).toBe(404);
    expect((await decide("?params=objave,cistoca-koja-traje")).status).toBe(404);
  });

  it("refuses malformed params with 400", async () => {
    expect((await decide(`?params=${encodeURIComponent("../admin")}`)).status).toBe(400);
    expect((await decide(`?params=${encodeURIComponent("a;b")}`)).status).toBe(400);
  });
});

describe("POST /v1/element/create and PATCH /v1/element/update/:id", () => {
  const footer = {
    logo: { src: "/logo.svg", alt: "Autopraonica" },
    description: "Pranje i njega vozila.",
    items: [{ icon: "phone", text: "+385 1 000 0000" }],
    openingHours: [{ days: "Pon – pet", time: "07 – 20" }],
    links: [{ label: "Privatnost", href: "/privatnost" }],
    euNotice: { text: "EU", link: { label: "EU projekt", href: "/eu-projekt" } },
    copyright: "© Autopraonica",
  };
  const create = (body: unknown, token: string | undefined = admin) =>
    p.call<ElementView>("POST", "/api/v1/element/create", { body, token });
  const update = (id: number | string, body: unknown, token: string | undefined = admin) =>
    p.call<ElementView>("PATCH", `/api/v1/element/update/${id}`, { body, token });

  it("creates an element whose options pass the handler's schema, served by getByHandlers", async () => {
    const res = await create({ handler: "footer-section", language: "de", title: "Fußzeile", options: footer });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      handler: "footer-section",
      language_code: "de",
      title: "Fußzeile",
      slug: "footer-section-default",
    });
    const served = await p.call<ElementView[]>("POST", "/api/v1/element/getByHandlers", {
      body: { handlers: ["footer-section"] },
      language: "de",
    });
    expect(served.body.data[0]).toMatchObject({ title: "Fußzeile", options: footer });
  });

  it("updates the title and options, checking options against the element's handler", async () => {
    const created = await create({
      handler: "cookie-section",
      variant: "carwash",
      language: "hr",
      title: "Kolačići",
      options: { text: "Kolačići", acceptLabel: "U redu" },
    });
    const id = created.body.data.id;
    const res = await update(id, { options: { text: "Koristimo kolačiće.", acceptLabel: "Prihvaćam" } });
    expect(res.status).toBe(200);
    expect(res.body.data.options).toEqual({ text: "Koristimo kolačiće.", acceptLabel: "Prihvaćam" });
    expect((await update(id, { title: "Obavijest" })).body.data).toMatchObject({
      title: "Obavijest",
      options: { acceptLabel: "Prihvaćam" },
    });
    const bad = await update(id, { options: { text: 5 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.payload.fields?.map((f) => f.path)).toEqual(["options.text", "options.acceptLabel"]);
  });

  it("refuses options that do not fit the handler, duplicates and unknown elements", async () => {
    const wrong = await create({ handler: "header-section", language: "en", title: "Header", options: { logo: "x" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.payload.fields?.[0]?.path).toBe("options.logo");
    expect((await create({ handler: "sidebar", language: "hr", title: "X", options: {} })).status).toBe(400);
    const twice = await create({ handler: "footer-section", language: "de", title: "Noch einmal", options: footer });
    expect(twice.status).toBe(409);
    expect((await update(99_999, { title: "X" })).status).toBe(404);
    expect((await update(1, {})).status).toBe(400);
  });

  it("needs a backoffice user", async () => {
    const body = { handler: "header-section", language: "en", title: "Header", options: { logo: { src: "/logo.svg", alt: "Logo" } } };
    expect((await create(body, "")).status).toBe(401);
    expect((await create(body, customer)).status).toBe(403);
    expect((await update(1, { title: "X" }, customer)).status).toBe(403);
  });
});
