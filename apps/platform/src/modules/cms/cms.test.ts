import type { ElementView, NavigationItem, PageView } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";

let p: TestPlatform;
const now = new Date().toISOString();

beforeAll(async () => {
  p = await createTestPlatform();
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
