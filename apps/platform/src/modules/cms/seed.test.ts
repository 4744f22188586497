import {
  blockSchemas,
  type FinderDecision,
  LOCALES,
  matchLocalizedRoute,
  type Paged,
  type PostTypeView,
  type PostView,
  type RedirectView,
  type TermView,
} from "@shop/contracts";
import { seedCms } from "@shop/db/seed/cms.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { sanitizeStoredHtml } from "./html.ts";

/** The demo blog as the platform serves it. */

let p: TestPlatform;

beforeAll(async () => {
  p = await createTestPlatform();
  const now = new Date().toISOString();
  // A home page like the demo's, ending with the EU notice.
  const home = await p.db
    .insertInto("posts")
    .values({ post_type: "page", status: "published", published_at: now, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const language of LOCALES) {
    const components = [
      { id: 1, template: "hero", data: { title: "Naslov" } },
      { id: 2, template: "euNotice", data: { text: "EU", link: { label: "EU", href: "/eu-projekt" } } },
    ];
    await p.db
      .insertInto("post_translations")
      .values({
        post_id: home.id,
        language_code: language,
        slug: "pocetna",
        title: "Početna",
        body: "",
        components: JSON.stringify(components),
      })
      .execute();
  }
  await p.db.transaction().execute((trx) => seedCms({ trx, now, users: { adminId: 0, customerId: 0 } }));
});
afterAll(() => p.close());

const posts = (body: unknown, language: string) => p.call<Paged<PostView>>("POST", "/api/v1/post/filterStandard", { body, language });

describe("demo blog", () => {
  it("has at least 14 posts in every language, published over the last months", async () => {
    for (const language of LOCALES) {
      const res = await posts({ limit: 100, display: "legacy" }, language);
      expect(res.body.data.pagination.total).toBeGreaterThanOrEqual(14);
      for (const post of res.body.data.records) {
        expect(post.language, `${language} ${post.slug}`).toBe(language);
        expect(post.excerpt.length).toBeGreaterThan(40);
        expect(post.terms.length).toBeGreaterThan(0);
        // The seeded HTML is already within the allow-list.
        expect(sanitizeStoredHtml(post.body ?? "")).toBe(post.body);
      }
      const dates = res.body.data.records.map((r) => Date.parse(r.publishedAt ?? ""));
      expect(Math.max(...dates)).toBeLessThan(Date.now());
      expect(Math.max(...dates) - Math.min(...dates)).toBeGreaterThan(90 * 86_400_000);
    }
  });

  it("has the three blog categories in hr, en and de, enough care tips to page through", async () => {
    const res = await p.call<Paged<TermView>>("POST", "/api/v1/term/filterStandard", {
      body: { termTypeTitles: ["category"], noPaginate: true },
    });
    expect(res.body.data.records.map((t) => [t.slug, t.title])).toEqual([
      ["savjeti", "Savjeti za njegu"],
      ["novosti", "Novosti"],
      ["ekologija", "Ekologija"],
    ]);
    for (const term of res.body.data.records) expect(Object.keys(term.translations).sort()).toEqual(["de", "en", "hr"]);
    const tips = await posts({ termSlugs: ["savjeti"], limit: 5 }, "hr");
    expect(tips.body.data.pagination.lastPage).toBeGreaterThanOrEqual(3);
  });

  it("has the 'Čistoća' post for the search journey", async () => {
    const res = await p.call<FinderDecision>("GET", "/api/v1/finder/decide?params=cistoca-koja-traje");
    expect(res.status).toBe(200);
    expect(res.body.data.type === "post" && res.body.data.post.title).toMatch(/^Čistoća/);
  });

  it("links only to known routes of the post's own language", async () => {
    const rows = await p.db.selectFrom("post_translations").select(["language_code", "body"]).execute();
    const hrefs = rows.flatMap((r) => [...r.body.matchAll(/href="([^"]*)"/g)].map((m) => ({ href: m[1] ?? "", lang: r.language_code })));
    expect(hrefs.length).toBeGreaterThan(20);
    for (const { href, lang } of hrefs) {
      const match = matchLocalizedRoute(href);
      expect(match, href).toBeDefined();
      expect(match?.locale, href).toBe(lang);
    }
  });

  it("puts the latest posts on the home page before the EU notice, valid for its template", async () => {
    for (const language of LOCALES) {
      const res = await p.call<FinderDecision>("GET", "/api/v1/finder/decide", { language });
      if (res.body.data.type !== "page") throw new Error("home is a page");
      const templates = res.body.data.page.components.map((c) => c.template);
      expect(templates).toEqual(["hero", "latestPosts", "euNotice"]);
      const block = res.body.data.page.components[1];
      expect(blockSchemas.latestPosts.safeParse(block?.data).success).toBe(true);
      expect(block?.id).toBe(3);
    }
  });

  it("names the post types and redirects the old price list", async () => {
    const types = await p.call<Paged<PostTypeView>>("POST", "/api/v1/postType/filterStandard", {
      body: { noPaginate: true },
      language: "de",
    });
    expect(types.body.data.records.map((t) => t.title)).toEqual(["Seite", "Beitrag"]);
    const redirect = await p.call<RedirectView>("GET", "/api/v1/redirect/resolve?path=/stari-cjenik");
    expect(redirect.body.data).toMatchObject({ toPath: "/cjenik", status: 301 });
  });
});
