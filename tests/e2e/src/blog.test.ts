import { AxeBuilder } from "@axe-core/playwright";
import type { FailedRequestView, Paged } from "@shop/contracts";
import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pathOf, visible, waitForPath } from "./support/assert.ts";
import { useJourney } from "./support/fixtures.ts";
import { apiCall, apiLogin } from "./support/server.ts";

/** The titles of the posts in the blog list, in order. */
function listedTitles(page: Page): Promise<string[]> {
  return page.locator(".post-list__items .post-card__title").allTextContents();
}

/** Navigates as a click on a link of the app does: the router fetches the next page's data. */
async function clientNavigate(page: Page, path: string): Promise<void> {
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.evaluate(
    (to) =>
      (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter.navigate(to),
    path,
  );
}

async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

describe("blog journey", () => {
  const j = useJourney();

  it("a visitor reads the home page, opens a category, pages through it and reads a post", async () => {
    const { page } = j;
    await page.goto("/", { waitUntil: "networkidle" });

    // The home page's latest posts: three, newest first, with a link to the blog.
    const latest = await visible(page.locator("section.latest-posts"));
    await visible(latest.getByRole("heading", { name: "Novo na blogu" }));
    expect(await latest.locator(".post-card").count()).toBe(3);
    await latest.getByRole("link", { name: "Sve objave" }).click();
    await waitForPath(page, (p) => p === "/objave");
    await visible(page.getByRole("heading", { level: 1, name: "Objave" }));

    // Category list: all categories, the current one marked.
    const categories = page.getByRole("navigation", { name: "Kategorije" });
    expect(await categories.getByRole("link").allTextContents()).toEqual(["Sve objave", "Savjeti za njegu", "Novosti", "Ekologija"]);
    await categories.getByRole("link", { name: "Savjeti za njegu" }).click();
    await waitForPath(page, (p) => p === "/objave/savjeti");
    await visible(page.getByRole("heading", { level: 1, name: "Savjeti za njegu" }));
    expect(await categories.getByRole("link", { name: "Savjeti za njegu" }).getAttribute("aria-current")).toBe("page");

    // Page 1 of 3: five posts; first and previous are disabled.
    const pagination = page.getByRole("navigation", { name: "Stranice s objavama" });
    const firstPage = await listedTitles(page);
    expect(firstPage).toHaveLength(5);
    expect(firstPage[0]).toContain("Zimska sol");
    for (const name of ["Prva", "Prethodna"]) {
      expect(await pagination.getByText(name).locator("xpath=..").getAttribute("aria-disabled")).toBe("true");
    }
    expect(await pagination.getByRole("link", { name: "Stranica 1" }).getAttribute("aria-current")).toBe("page");

    // Next page.
    await pagination.getByRole("link", { name: /Sljedeća/ }).click();
    await page.waitForURL((url) => url.search === "?page=2");
    const count = page.locator(".post-list__count");
    await visible(count.getByText("Objave 6–10 od 11"));
    const secondPage = await listedTitles(page);
    expect(secondPage).toHaveLength(5);
    expect(secondPage.some((title) => firstPage.includes(title))).toBe(false);
    expect(await pagination.getByRole("link", { name: "Stranica 2" }).getAttribute("aria-current")).toBe("page");

    // Load more appends the last page in place; the address stays, focus moves to the new post.
    await page.getByRole("link", { name: "Učitaj još objava" }).click();
    await visible(count.getByText("Objave 6–11 od 11"));
    expect(await page.getByRole("status").filter({ hasText: "Prikazane su objave 6–11 od 11." }).count()).toBe(1);
    expect(await page.locator(".post-list__items").getAttribute("aria-busy")).toBe("false");
    const appended = await listedTitles(page);
    expect(appended).toHaveLength(6);
    expect(appended.slice(0, 5)).toEqual(secondPage);
    expect(new URL(page.url()).search).toBe("?page=2");
    const lastTitle = appended[5] ?? "";
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(lastTitle);
    // On the last page: load more, next and last are disabled.
    expect(await page.getByText("Prikazane su sve objave").getAttribute("aria-disabled")).toBe("true");
    for (const name of ["Sljedeća", "Zadnja"]) {
      expect(await pagination.getByText(name).locator("xpath=..").getAttribute("aria-disabled")).toBe("true");
    }

    // Read the appended post.
    await page.locator(".post-list__items").getByRole("link", { name: lastTitle }).click();
    await waitForPath(page, (p) => !p.startsWith("/objave"));
    expect(pathOf(page)).toMatch(/^\/[a-z0-9-]+$/);
    await visible(page.getByRole("heading", { level: 1, name: lastTitle }));
    const article = page.locator("article.post");
    expect(await article.locator("time").getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await article.locator(".post__body").textContent())?.length).toBeGreaterThan(200);
    expect(await article.locator(".post__body script").count()).toBe(0);
    await visible(page.getByRole("heading", { name: /Komentari/ }));
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const posting = jsonLd.map((text) => JSON.parse(text)).find((d) => d["@type"] === "BlogPosting");
    expect(posting).toMatchObject({ headline: lastTitle, inLanguage: "hr" });
    expect(j.consoleErrors).toEqual([]);
  });

  it("without JavaScript 'load more' and the pagination are plain links", async () => {
    const context = await j.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/objave/savjeti");
    await page.getByRole("link", { name: "Učitaj još objava" }).click();
    await page.waitForURL((url) => url.pathname === "/objave/savjeti" && url.search === "?page=2");
    expect(await listedTitles(page)).toHaveLength(5);
    await page.getByRole("link", { name: /Zadnja/ }).click();
    await page.waitForURL((url) => url.search === "?page=3");
    expect(await listedTitles(page)).toHaveLength(1);
  });

  it("serves the blog in English and German, with the category's own slug", async () => {
    const { page } = j;
    await page.goto("/en/blog/savjeti");
    await waitForPath(page, (p) => p === "/en/blog/care-tips");
    await visible(page.getByRole("heading", { level: 1, name: "Care tips" }));
    await page.goto("/de/blog");
    await visible(page.getByRole("navigation", { name: "Kategorien" }).getByRole("link", { name: "Pflegetipps" }));
    await page.getByRole("link", { name: /Sauberkeit, die bleibt/ }).click();
    await waitForPath(page, (p) => p === "/de/sauberkeit-die-bleibt");
    await visible(page.getByRole("heading", { level: 1, name: /Sauberkeit, die bleibt/ }));
  });

  it("follows a configured redirect and answers 404 for unknown posts and categories", async () => {
    const moved = await fetch(`${j.shop.baseUrl}/stari-cjenik`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/cjenik");
    expect((await fetch(`${j.shop.baseUrl}/objave/ne-postoji`)).status).toBe(404);
    expect((await fetch(`${j.shop.baseUrl}/objave/savjeti?page=9`)).status).toBe(404);
    const gone = await j.page.goto("/stara-objava-koje-nema");
    expect(gone?.status()).toBe(404);
    await visible(j.page.getByRole("heading", { name: "Stranica nije pronađena" }));
  });

  it("redirects the old site's deeper paths too, and records the misses for the editors", async () => {
    const { shop } = j;
    const adminToken = await apiLogin(shop, shop.admin, DEMO_API_KEY);
    // Paths of two or more segments that no content slug answers: an old service page, an old product and blog category.
    const moved = { "/usluge/stari-paket": "/cjenik", "/product/stari-vosak": "/shop", "/objave/stara-kategorija": "/objave" };
    for (const [fromPath, toPath] of Object.entries(moved)) {
      await apiCall(shop, "POST", "/v1/redirect/create", { fromPath, toPath, status: 301 }, adminToken);
      const res = await fetch(`${shop.baseUrl}${fromPath}`, { redirect: "manual" });
      expect(res.status, fromPath).toBe(301);
      expect(res.headers.get("location"), fromPath).toBe(toPath);
    }
    await j.page.goto("/usluge/stari-paket");
    expect(pathOf(j.page)).toBe("/cjenik");
    // A navigation inside the page (its data request) is redirected too.
    await clientNavigate(j.page, "/product/stari-vosak");
    await waitForPath(j.page, (p) => p === "/shop");

    const missing = "/usluge/nema-ove-stranice";
    expect((await j.page.goto(missing))?.status()).toBe(404);
    await visible(j.page.getByRole("heading", { name: "Stranica nije pronađena" }));
    const misses = await apiCall<Paged<FailedRequestView>>(shop, "POST", "/v1/redirect/failedRequests", { limit: 100 }, adminToken);
    expect(misses.records.find((r) => r.path === missing)?.hits).toBe(1);
    await clientNavigate(j.page, "/usluge/ni-ove");
    await visible(j.page.getByRole("heading", { name: "Stranica nije pronađena" }));
    const after = await apiCall<Paged<FailedRequestView>>(shop, "POST", "/v1/redirect/failedRequests", { limit: 100 }, adminToken);
    expect(after.records.filter((r) => r.path.includes("ni-ove")).map((r) => r.path)).toEqual(["/usluge/ni-ove"]);
    // The browser reports the 404 document itself; nothing else may fail.
    expect(j.consoleErrors.filter((e) => !e.startsWith("Failed to load resource: the server responded with a status of 404"))).toEqual([]);
  });

  it("has no serious or critical WCAG 2.1 AA violations on a category and a post", async () => {
    const { page } = j;
    await page.goto("/objave/savjeti", { waitUntil: "networkidle" });
    expect(await blockingViolations(page)).toEqual([]);
    await page.goto("/cistoca-koja-traje", { waitUntil: "networkidle" });
    await visible(page.getByRole("heading", { level: 1, name: "Čistoća koja traje: kako održati auto sjajnim" }));
    expect(await blockingViolations(page)).toEqual([]);
  });
});

describe("blog on a small screen", () => {
  const j = useJourney({ context: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } });

  it("the category page and a post have no horizontal scroll at 360 px", async () => {
    const { page } = j;
    for (const path of ["/objave/savjeti?page=2", "/cistoca-koja-traje"]) {
      expect((await page.goto(path, { waitUntil: "networkidle" }))?.status()).toBe(200);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(360);
    }
  });
});
