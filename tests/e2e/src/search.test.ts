import { AxeBuilder } from "@axe-core/playwright";
import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { visible, waitForPath } from "./support/assert.ts";
import { useJourney } from "./support/fixtures.ts";
import { apiLogin } from "./support/server.ts";

/*
 * Search (SPEC §2 search page, §9 500 ms debounce) and what search engines read: /sitemap.xml and
 * the head of every page. 'cistoca' finds the 'O nama' page (its values list 'Čistoća bez
 * kompromisa') and the blog post 'Čistoća koja traje'.
 */

const POST_TITLE = /Čistoća koja traje/;
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Pojam za pretraživanje" });
const tabs = (page: Page) => page.getByRole("navigation", { name: "Vrste rezultata" });

describe("search", () => {
  const j = useJourney();

  it("the header's search link opens the search page from any page, on a phone and by keyboard", async () => {
    const phone = await (await j.newContext({ viewport: { width: 360, height: 740 } })).newPage();
    await phone.goto("/shop", { waitUntil: "networkidle" });
    await phone.getByRole("banner").getByRole("link", { name: "Pretraživanje" }).click();
    await waitForPath(phone, (p) => p === "/pretraga");
    await visible(searchBox(phone));
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const { page } = j;
    await page.goto("/en/shop", { waitUntil: "networkidle" });
    const link = page.getByRole("banner").getByRole("link", { name: "Search" });
    await link.focus();
    await page.keyboard.press("Enter");
    await waitForPath(page, (p) => p === "/en/search");
    expect(j.consoleErrors).toEqual([]);
  });

  it("a visitor types 'cistoca' without diacritics and finds the page 'O nama' and the post 'Čistoća koja traje'", async () => {
    const { page } = j;
    const dataRequests: string[] = [];
    page.on("request", (req) => {
      if (req.url().includes(".data")) dataRequests.push(req.url());
    });
    expect((await page.goto("/pretraga", { waitUntil: "networkidle" }))?.status()).toBe(200);
    await visible(page.getByRole("heading", { level: 1, name: "Pretraživanje" }));
    const historyBefore = await page.evaluate(() => history.length);

    // Typed key by key: one search 500 ms after the last key, not one per key.
    await searchBox(page).pressSequentially("cistoca", { delay: 60 });
    await page.waitForURL((url) => url.searchParams.get("search") === "cistoca");
    await page.waitForLoadState("networkidle");
    expect(dataRequests.filter((u) => u.includes("search=")).length).toBe(1);
    // The URL was replaced, not pushed.
    expect(await page.evaluate(() => history.length)).toBe(historyBefore);
    expect(new URL(page.url()).searchParams.get("category")).toBe("pages");
    const pageHit = await visible(page.getByRole("main").getByRole("link", { name: /^O nama/ }));
    expect(await pageHit.getAttribute("href")).toBe("/o-nama");

    await tabs(page).getByRole("link", { name: "Objave" }).click();
    await page.waitForURL((url) => url.searchParams.get("category") === "posts");
    const hit = await visible(page.getByRole("link", { name: POST_TITLE }));
    expect(await hit.getAttribute("href")).toBe("/cistoca-koja-traje");
    await visible(page.getByRole("status").filter({ hasText: /Pronađen/ }));
    expect(j.consoleErrors).toEqual([]);
  });

  it("works as a plain form without JavaScript", async () => {
    const context = await j.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/pretraga");
    await searchBox(page).fill("ČISTOĆA");
    await page.getByRole("button", { name: "Traži" }).click();
    await page.waitForURL((url) => url.searchParams.get("search") === "ČISTOĆA");
    await tabs(page).getByRole("link", { name: "Objave" }).click();
    await page.waitForURL((url) => url.searchParams.get("category") === "posts");
    await visible(page.getByRole("link", { name: POST_TITLE }));
  });

  it("pages through results, and a new category starts at page 1", async () => {
    const { page } = j;
    await page.goto("/pretraga?search=pranje&category=posts", { waitUntil: "networkidle" });
    expect(await page.locator(".search-result").count()).toBe(10);
    const pagination = page.getByRole("navigation", { name: "Stranice rezultata" });
    await pagination.getByRole("link", { name: "Stranica 2" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await visible(pagination.locator('a[aria-current="page"]', { hasText: "2" }));
    expect(await page.locator(".search-result").count()).toBeGreaterThan(0);

    await tabs(page).getByRole("link", { name: "Stranice" }).click();
    await page.waitForURL((url) => url.searchParams.get("category") === "pages");
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();
    await visible(tabs(page).locator('a[aria-current="page"]', { hasText: "Stranice" }));
  });

  it("is at /en/search and /de/suche in the other languages", async () => {
    const { page } = j;
    expect((await page.goto("/en/search?search=cleanliness&category=posts", { waitUntil: "networkidle" }))?.status()).toBe(200);
    await visible(page.getByRole("searchbox", { name: "Search term" }));
    expect((await page.goto("/de/suche", { waitUntil: "networkidle" }))?.status()).toBe(200);
    await visible(page.getByRole("searchbox", { name: "Suchbegriff" }));
  });

  it("refuses a too long query with a message at the box", async () => {
    const { page } = j;
    const res = await page.goto(`/pretraga?search=${"a".repeat(101)}`, { waitUntil: "networkidle" });
    expect(res?.status()).toBe(400);
    expect(await searchBox(page).getAttribute("aria-invalid")).toBe("true");
    await visible(page.locator("#search-error").filter({ hasText: "100" }));
  });

  it("shows error.missingSearchCategories when the option names no category", async () => {
    const { page, shop } = j;
    const token = await apiLogin(shop, shop.admin, DEMO_API_KEY);
    const setCategories = (value: string) =>
      fetch(`${shop.baseUrl}/api/v1/option/SearchCategories`, {
        method: "PUT",
        headers: { "content-type": "application/json", apiKey: DEMO_API_KEY, accessToken: token },
        body: JSON.stringify({ value }),
      });
    expect((await setCategories("")).status).toBe(200);
    try {
      await page.goto("/pretraga", { waitUntil: "networkidle" });
      await visible(page.getByRole("alert").filter({ hasText: "nije postavljena nijedna kategorija" }));
      expect(await searchBox(page).count()).toBe(0);
      expect((await setCategories("posts")).status).toBe(200);
      await page.goto("/pretraga?search=cistoca", { waitUntil: "networkidle" });
      expect(await tabs(page).getByRole("link").allTextContents()).toEqual(["Objave"]);
      await visible(page.getByRole("link", { name: POST_TITLE }));
    } finally {
      await setCategories("pages,products,posts,productCategories");
    }
  });

  it("has no serious or critical WCAG 2.1 AA violations, with results shown", async () => {
    const { page } = j;
    await page.goto("/pretraga?search=pranje&category=posts", { waitUntil: "networkidle" });
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const blocking = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
    expect(blocking).toEqual([]);
  });

  it("fits a 360 px screen without sideways scrolling", async () => {
    const context = await j.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto("/pretraga?search=pranje&category=posts", { waitUntil: "networkidle" });
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  });
});

describe("what search engines read", () => {
  const j = useJourney();

  it("every page head has a canonical address, hreflang alternates, Open Graph and the business as JSON-LD", async () => {
    const { page, shop } = j;
    await page.goto("/kontakt?utm_source=newsletter&gclid=abc", { waitUntil: "networkidle" });
    const head = await page.evaluate(() => ({
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href"),
      alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [
        l.getAttribute("hreflang"),
        l.getAttribute("href"),
      ]),
      og: Object.fromEntries(
        [...document.querySelectorAll('meta[property^="og:"]')].map((m) => [m.getAttribute("property"), m.getAttribute("content")]),
      ),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? "null")),
    }));
    expect(head.canonical).toBe(`${shop.baseUrl}/kontakt`);
    expect(head.alternates).toEqual([
      ["hr", `${shop.baseUrl}/kontakt`],
      ["en", `${shop.baseUrl}/en/contact`],
      ["de", `${shop.baseUrl}/de/kontakt`],
      ["x-default", `${shop.baseUrl}/kontakt`],
    ]);
    expect(head.og).toMatchObject({ "og:url": `${shop.baseUrl}/kontakt`, "og:locale": "hr_HR", "og:type": "website" });
    expect(head.og["og:title"]).toBeTruthy();
    expect(head.og["og:description"]).toBeTruthy();
    const business = head.jsonLd.find((d) => d?.["@type"] === "AutoWash");
    expect(business).toMatchObject({
      "@context": "https://schema.org",
      telephone: expect.any(String),
      address: { "@type": "PostalAddress", addressLocality: "Zagreb", addressCountry: "HR" },
      openingHours: ["Mo-Fr 07:00-20:00"],
    });
    expect(business.department).toHaveLength(3);
    for (const d of business.department)
      expect(d).toMatchObject({ "@type": "AutoWash", telephone: expect.any(String), openingHours: ["Mo-Fr 07:00-20:00"] });
  });

  it("the English home page points at its siblings and has an image for link previews", async () => {
    const { page, shop } = j;
    await page.goto("/en", { waitUntil: "networkidle" });
    const alternates = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) => links.map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")]));
    expect(alternates).toEqual([
      ["hr", `${shop.baseUrl}/`],
      ["en", `${shop.baseUrl}/en`],
      ["de", `${shop.baseUrl}/de`],
      ["x-default", `${shop.baseUrl}/`],
    ]);
    expect(await page.locator('meta[property="og:locale"]').getAttribute("content")).toBe("en_GB");
    expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(new RegExp(`^${shop.baseUrl}/`));
  });

  it("/sitemap.xml is well-formed XML in the sitemaps.org namespace with absolute, dated, alternated URLs", async () => {
    const { page, shop } = j;
    const res = await fetch(`${shop.baseUrl}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await res.text();
    await page.goto("/", { waitUntil: "domcontentloaded" });
    // The browser's XML parser is strict: any well-formedness error yields a <parsererror>.
    const sitemap = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, "application/xml");
      const SM = "http://www.sitemaps.org/schemas/sitemap/0.9";
      const XHTML = "http://www.w3.org/1999/xhtml";
      const IMAGE = "http://www.google.com/schemas/sitemap-image/1.1";
      return {
        errors: doc.getElementsByTagName("parsererror").length,
        root: [doc.documentElement.namespaceURI, doc.documentElement.localName],
        urls: [...doc.documentElement.children].map((url) => ({
          ns: url.namespaceURI,
          name: url.localName,
          first: url.firstElementChild?.localName,
          loc: url.getElementsByTagNameNS(SM, "loc")[0]?.textContent ?? "",
          lastmod: url.getElementsByTagNameNS(SM, "lastmod")[0]?.textContent ?? null,
          links: [...url.getElementsByTagNameNS(XHTML, "link")].map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")]),
          images: [...url.getElementsByTagNameNS(IMAGE, "loc")].map((l) => l.textContent ?? ""),
        })),
      };
    }, xml);
    expect(sitemap.errors).toBe(0);
    expect(sitemap.root).toEqual(["http://www.sitemaps.org/schemas/sitemap/0.9", "urlset"]);
    for (const url of sitemap.urls) {
      expect([url.ns, url.name, url.first]).toEqual(["http://www.sitemaps.org/schemas/sitemap/0.9", "url", "loc"]);
      expect(url.loc.startsWith(`${shop.baseUrl}/`), url.loc).toBe(true);
      expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      for (const image of url.images) expect(image.startsWith("http")).toBe(true);
    }
    const locs = sitemap.urls.map((u) => u.loc);
    expect(locs).toContain(`${shop.baseUrl}/`);
    expect(locs).toContain(`${shop.baseUrl}/en/contact`);
    expect(locs).toContain(`${shop.baseUrl}/cistoca-koja-traje`);
    expect(new Set(locs).size).toBe(locs.length);
    const home = sitemap.urls.find((u) => u.loc === `${shop.baseUrl}/`);
    expect(home?.links).toContainEqual(["x-default", `${shop.baseUrl}/`]);
    expect(home?.links).toContainEqual(["de", `${shop.baseUrl}/de`]);
    expect(sitemap.urls.some((u) => u.images.length > 0)).toBe(true);
  });
});
