import { AxeBuilder } from "@axe-core/playwright";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pathOf, visible, waitForPath } from "./support/assert.ts";
import { useJourney } from "./support/fixtures.ts";

/*
 * The shop list and category pages (SPEC §2 Shop screens, §4 Product list, §5 Filter query parsing):
 * the demo catalog has 24 products that are not archived, so with 12 per page /shop has two pages.
 */

const results = (page: Page) => page.locator(".shop__results");
const cards = (page: Page) => results(page).locator(".product-card");
const count = (page: Page) => page.locator(".shop-toolbar__count");
const filter = (page: Page, legend: string) => page.getByRole("group", { name: legend, exact: true });

/** The number in '24 proizvoda'. */
async function total(page: Page): Promise<number> {
  const text = (await count(page).textContent()) ?? "";
  const n = /(\d+)/.exec(text)?.[1];
  if (!n) throw new Error(`no count in '${text}'`);
  return Number(n);
}

/** The final prices of the grid's cards, in order ('17,90 €' → 17.9). */
async function finalPrices(page: Page): Promise<number[]> {
  const texts = await results(page).locator(".product-price__final").allTextContents();
  return texts.map((t) => Number(t.replace(/[^\d,]/g, "").replace(",", ".")));
}

/** Waits until the count says `n` no longer (the loader answered). */
async function countChanges(page: Page, from: number): Promise<number> {
  await page.waitForFunction(
    (before) => {
      const text = document.querySelector(".shop-toolbar__count")?.textContent ?? "";
      return /^\d+/.test(text) && Number(/\d+/.exec(text)?.[0]) !== before;
    },
    from,
    { timeout: 10_000 },
  );
  return total(page);
}

/** The cookie banner sits over the bottom of the screen: chosen beforehand, it stays away. */
async function withoutBanner(context: BrowserContext, baseUrl: string): Promise<void> {
  await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseUrl }]);
}

describe("shop list", () => {
  const j = useJourney();

  it("filters by a multi-select and a price range: the address, the count and the list follow", async () => {
    const { page, context, shop } = j;
    await withoutBanner(context, shop.baseUrl);
    const res = await page.goto("/shop", { waitUntil: "networkidle" });
    expect(res?.status()).toBe(200);
    await visible(page.getByRole("heading", { level: 1, name: "Trgovina" }));
    const all = await total(page);
    expect(all).toBe(24);
    expect(await cards(page).count()).toBe(12);

    await filter(page, "Namjena")
      .getByLabel(/^Eksterijer/)
      .check();
    await page.waitForURL((url) => url.searchParams.get("namjena") !== null);
    const exterior = await countChanges(page, all);
    expect(exterior).toBeLessThan(all);
    expect(exterior).toBeGreaterThan(1);
    expect(await cards(page).count()).toBe(exterior);
    // The value counts of the other filters now count only exterior products.
    await visible(filter(page, "Namjena").getByLabel(/^Eksterijer \(\d+\)/));

    const priceRequests: string[] = [];
    page.on("request", (req) => {
      if (req.url().includes(".data") && req.url().includes("price=")) priceRequests.push(req.url());
    });
    const price = filter(page, "Cijena");
    await price.getByLabel("Od").fill("10");
    await price.getByLabel("Do").fill("30");
    await page.waitForURL((url) => /^10,30$/.test(url.searchParams.get("price") ?? ""));
    const narrowed = await countChanges(page, exterior);
    // Both ends typed within 500 ms: one request, not one per change (SPEC §9 debounce).
    expect(priceRequests.length).toBe(1);
    expect(narrowed).toBeLessThan(exterior);
    const prices = await finalPrices(page);
    expect(prices.length).toBe(narrowed);
    for (const p of prices) expect(p >= 10 && p <= 30, `${p} within 10–30`).toBe(true);
    // Filters are in the query string, named by attribute code (SPEC §2) and starting at page 1.
    const url = new URL(page.url());
    expect(url.searchParams.get("page")).toBeNull();
    expect(url.search).toMatch(/namjena=\d+/);

    await page.getByRole("link", { name: "Očisti filtre" }).first().click();
    await page.waitForURL((u) => u.search === "");
    expect(await countChanges(page, narrowed)).toBe(all);
    expect(j.consoleErrors).toEqual([]);
  });

  it("sorts by price ascending, pages forward, and a new sort starts at page 1 again", async () => {
    const { page, context, shop } = j;
    await withoutBanner(context, shop.baseUrl);
    await page.goto("/shop", { waitUntil: "networkidle" });
    await page.getByLabel("Poredaj").selectOption({ label: "Cijena: od najniže" });
    await page.waitForURL((url) => url.searchParams.get("sort") === "cheapest");
    // The address changes before the new list is drawn: wait for the list itself.
    const ascending = (list: number[]) => list.length === 12 && list.every((p, i) => i === 0 || p >= (list[i - 1] ?? 0));
    await expect.poll(() => finalPrices(page).then(ascending)).toBe(true);
    const first = await finalPrices(page);

    const pagination = page.getByRole("navigation", { name: "Stranice proizvoda" });
    await pagination.getByRole("link", { name: "Stranica 2" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await visible(pagination.locator('a[aria-current="page"]', { hasText: "2" }));
    await expect.poll(() => finalPrices(page).then((list) => list[0] ?? 0)).toBeGreaterThanOrEqual(first[first.length - 1] ?? 0);
    const second = await finalPrices(page);
    expect(second.length).toBe(12);
    expect(ascending(second)).toBe(true);
    expect(new URL(page.url()).searchParams.get("sort")).toBe("cheapest");

    await page.getByLabel("Po stranici").selectOption("24");
    await page.waitForURL((url) => url.searchParams.get("perPage") === "24");
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();
    await expect.poll(() => cards(page).count()).toBe(24);
    expect(await pagination.count()).toBe(0);
  });

  it("opens a product from the grid", async () => {
    const { page, context, shop } = j;
    await withoutBanner(context, shop.baseUrl);
    await page.goto("/shop", { waitUntil: "networkidle" });
    const link = cards(page).first().locator(".product-card__link");
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/product\/[\w-]+$/);
    await link.click();
    expect(await waitForPath(page, (p) => p === href)).toBe(href);
  });

  it("offers add to cart for simple products and 'Odaberi opcije' for configurable ones", async () => {
    const { page } = j;
    await page.goto("/shop/njega-vozila", { waitUntil: "networkidle" });
    const shampoo = results(page).locator(".product-card", { has: page.getByRole("link", { name: "Auto šampon", exact: true }) });
    await visible(shampoo.getByRole("link", { name: /Odaberi opcije/ }));
    expect(await shampoo.getByRole("button").count()).toBe(0);
    const simple = results(page)
      .locator(".product-card", { has: page.locator("form.add-to-cart") })
      .first();
    await visible(simple.getByRole("button", { name: "U košaricu" }));
    expect(await simple.locator('input[name="productId"]').count()).toBe(1);
  });

  it("works as a plain form without JavaScript", async () => {
    const context = await j.newContext({ javaScriptEnabled: false });
    await withoutBanner(context, j.shop.baseUrl);
    const page = await context.newPage();
    await page.goto("/shop");
    const all = await total(page);
    await filter(page, "Namjena")
      .getByLabel(/^Interijer/)
      .check();
    await filter(page, "Cijena").getByLabel("Do").fill("6");
    await page.getByLabel("Poredaj").selectOption("cheapest");
    await page.getByRole("button", { name: "Primijeni filtre" }).click();
    // The form's address is redirected to the short spelling: comma lists, an open end filled in.
    await page.waitForURL((url) => url.searchParams.get("namjena") !== null && url.searchParams.get("sort") === "cheapest");
    const url = new URL(page.url());
    expect(url.searchParams.get("price")).toMatch(/^[\d.]+,6$/);
    expect(url.searchParams.get("perPage")).toBeNull();
    const shown = await total(page);
    expect(shown).toBeLessThan(all);
    const prices = await finalPrices(page);
    expect(prices.length).toBe(shown);
    for (const p of prices) expect(p).toBeLessThanOrEqual(6);
    expect(
      await filter(page, "Namjena")
        .getByLabel(/^Interijer/)
        .isChecked(),
    ).toBe(true);
  });

  it("limits the list to featured products with ?featured=1", async () => {
    const { page } = j;
    await page.goto("/shop?featured=1", { waitUntil: "networkidle" });
    const featured = await total(page);
    expect(featured).toBeGreaterThan(0);
    expect(featured).toBeLessThan(24);
    expect(await results(page).locator(".product-card__flag").count()).toBe(await cards(page).count());
    // The list is already featured-only: no strip of them above it.
    expect(await page.locator(".shop-featured").count()).toBe(0);
  });

  it("fits a 360 px screen: filters behind the 'Filtri' toggle, no sideways scrolling in the page", async () => {
    const context = await j.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await withoutBanner(context, j.shop.baseUrl);
    const page = await context.newPage();
    await page.goto("/shop", { waitUntil: "networkidle" });
    const firstOption = filter(page, "Namjena").getByLabel(/^Eksterijer/);
    expect(await firstOption.isVisible()).toBe(false);
    await page.locator("summary", { hasText: "Filtri" }).click();
    await visible(firstOption);
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      return [...document.querySelectorAll("main *")]
        .filter((e) => e.getBoundingClientRect().right > width + 0.5)
        .map((e) => e.className)
        .slice(0, 5);
    });
    expect(overflow).toEqual([]);
  });

  it("has no serious or critical WCAG 2.1 AA violations", async () => {
    const { page } = j;
    await page.goto("/shop?namjena=9", { waitUntil: "networkidle" });
    const scan = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const blocking = scan.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
    expect(blocking).toEqual([]);
  });
});

describe("category pages", () => {
  const j = useJourney();

  it("shows a category by its slug in each language and moves a foreign slug to this language's", async () => {
    const { page } = j;
    const res = await page.goto("/shop/njega-vozila", { waitUntil: "networkidle" });
    expect(res?.status()).toBe(200);
    await visible(page.getByRole("heading", { level: 1, name: "Njega vozila" }));
    const inCategory = await total(page);
    expect(inCategory).toBeGreaterThan(0);
    expect(inCategory).toBeLessThan(24);

    await page.goto("/en/shop/njega-vozila", { waitUntil: "networkidle" });
    expect(pathOf(page)).toBe("/en/shop/car-care");
    await visible(page.getByRole("heading", { level: 1, name: "Car care" }));
    await page.goto("/de/shop/autopflege", { waitUntil: "networkidle" });
    await visible(page.getByRole("heading", { level: 1, name: "Autopflege" }));
    expect((await page.goto("/shop/nema-takve-kategorije"))?.status()).toBe(404);
    expect((await page.goto("/shop?page=99"))?.status()).toBe(404);
  });

  it("lists the categories at /kategorije, each linking to its shop page", async () => {
    const { page } = j;
    expect((await page.goto("/kategorije", { waitUntil: "networkidle" }))?.status()).toBe(200);
    await visible(page.getByRole("heading", { level: 1, name: "Kategorije" }));
    const link = page.getByRole("link", { name: "Poklon bonovi" });
    expect(await link.getAttribute("href")).toBe("/shop/poklon-bonovi");
    await link.click();
    await waitForPath(page, (p) => p === "/shop/poklon-bonovi");
    await visible(page.getByRole("heading", { level: 1, name: "Poklon bonovi" }));
    expect((await page.goto("/en/categories"))?.status()).toBe(200);
    await visible(page.getByRole("heading", { level: 1, name: "Categories" }));
    expect((await page.goto("/de/kategorien"))?.status()).toBe(200);
    await visible(page.getByRole("heading", { level: 1, name: "Kategorien" }));
  });
});
