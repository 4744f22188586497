import { AxeBuilder } from "@axe-core/playwright";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pathOf, visible, waitForPath } from "./support/assert.ts";
import { useJourney } from "./support/fixtures.ts";
import { submitLogin } from "./support/login.ts";

const SHAMPOO = "/product/auto-sampon";
const KIT = "/product/paket-njege";

const skuOf = (page: Page) => page.locator(".product-hero__sku-value").textContent();
const priceOf = (page: Page) => page.locator("#product-price .price-block__final").textContent();

/** A choice of a variant attribute: a swatch radio, or an option of its select. */
async function choose(scope: Locator, attribute: RegExp, value: RegExp): Promise<void> {
  const group = scope.getByRole("group", { name: attribute });
  if ((await group.count()) > 0) {
    await group.getByRole("radio", { name: value }).check();
    return;
  }
  const select = scope.getByRole("combobox", { name: attribute });
  const label = (await select.locator("option").allInnerTexts()).find((text) => value.test(text));
  if (!label) throw new Error(`no option ${value} in ${attribute}`);
  await select.selectOption({ label });
}

/** The cart action's answer to the add form (a fetcher with scripts). */
function cartPost(page: Page) {
  return page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/cart/action") && r.request().method() === "POST");
}

async function login(page: Page, email: string, password: string, back: string): Promise<void> {
  await page.goto(`/prijava?redirect=${encodeURIComponent(back)}`, { waitUntil: "networkidle" });
  await submitLogin(page, email, password);
  await waitForPath(page, (p) => p === back);
}

describe("product page", () => {
  const j = useJourney();

  it("the configurable shampoo: a scent and a size pick the variant, its price and SKU show, and it goes to the cart", async () => {
    const { page } = j;
    const res = await page.goto(SHAMPOO, { waitUntil: "networkidle" });
    expect(res?.status()).toBe(200);
    await visible(page.getByRole("heading", { level: 1, name: "Auto šampon" }));
    const sku = await skuOf(page);
    const price = await priceOf(page);

    const options = page.locator(".product-hero");
    await choose(options, /miris/i, /neutralni/i);
    await choose(options, /volumen/i, /1 l/i);
    await page.waitForFunction((before) => document.querySelector(".product-hero__sku-value")?.textContent !== before, sku);
    expect(await skuOf(page)).not.toBe(sku);
    expect(await priceOf(page)).not.toBe(price);
    // The choice is in the address (shareable), and the page did not reload for it.
    expect(new URL(page.url()).searchParams.get("miris")).toMatch(/^\d+$/);

    const answer = cartPost(page);
    await page.locator(".product-hero").getByRole("button", { name: "Dodaj u košaricu" }).click();
    expect((await answer).status()).toBeLessThan(400);
    expect(await page.getByRole("alert").filter({ hasText: /\S/ }).count()).toBe(0);

    await page.goto("/kosarica", { waitUntil: "networkidle" });
    await visible(page.getByRole("main").getByText("Auto šampon").first());
    expect(j.consoleErrors).toEqual([]);
  });

  it("without JavaScript the selectors reload the page with the choice (a GET form)", async () => {
    const context = await j.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(SHAMPOO);
    const sku = await skuOf(page);
    await choose(page.locator(".product-hero"), /miris/i, /neutralni/i);
    await page.getByRole("button", { name: "Primijeni odabir" }).click();
    await page.waitForURL((url) => url.searchParams.has("miris"));
    expect(await skuOf(page)).not.toBe(sku);
    // The add form is a plain post with the chosen variant's id.
    expect(await page.locator('.product-hero form[action="/cart/action"] input[name="productId"]').count()).toBe(1);
  });

  it("the care kit opens its customisation modal; a variant of its shampoo is chosen and the kit is added", async () => {
    const { page } = j;
    await page.goto(KIT, { waitUntil: "networkidle" });
    const open = page.getByRole("link", { name: "Prilagodi paket" });
    await open.click();
    const dialog = await visible(page.getByRole("dialog", { name: "Paket njege" }));
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    await choose(dialog, /miris/i, /lavanda/i);
    await choose(dialog, /volumen/i, /500 ml/i);
    await visible(dialog.getByText(/lavanda/i).first());

    const answer = cartPost(page);
    await dialog.getByRole("button", { name: "Dodaj u košaricu" }).click();
    const response = await answer;
    expect(response.status()).toBeLessThan(400);
    const sent = new URLSearchParams(response.request().postData() ?? "");
    const options = JSON.parse(sent.get("options") ?? "{}") as { bundleOptions?: { id: number; selected: number }[] };
    expect(options.bundleOptions?.length).toBe(1);
    await page.locator("#bundle-customise").waitFor({ state: "hidden" });
  });

  it("the modal closes on Escape and on its close button, and focus goes back to the opener", async () => {
    const { page } = j;
    await page.goto(KIT, { waitUntil: "networkidle" });
    const open = page.getByRole("link", { name: "Prilagodi paket" });
    await open.focus();
    await page.keyboard.press("Enter");
    const dialog = await visible(page.getByRole("dialog", { name: "Paket njege" }));
    // Focus is inside the modal, and Tab keeps it there.
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 15; i++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement) || document.activeElement === document.body)).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);

    await open.click();
    await visible(dialog);
    await dialog.getByRole("button", { name: "Zatvori" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  it("a customer toggles the wishlist (the heart flips, a toast shows, the profile lists it) and reviews the kit", async () => {
    const { page, shop } = j;
    await login(page, shop.customer.email, shop.customer.password, SHAMPOO);
    await page.goto(SHAMPOO, { waitUntil: "networkidle" });

    const heart = page.getByRole("button", { name: "Lista želja" });
    expect(await heart.getAttribute("aria-pressed")).toBe("false");
    await heart.click();
    await visible(page.getByText("Proizvod je dodan na listu želja."));
    await page.waitForFunction(() => document.querySelector(".wishlist-toggle__heart")?.getAttribute("aria-pressed") === "true");

    await page.goto("/profil", { waitUntil: "networkidle" });
    const list = page.getByRole("region", { name: "Lista želja" });
    await visible(list.getByRole("link", { name: "Auto šampon" }));
    // The same toggle removes it from the list.
    await list.getByRole("button", { name: /Ukloni/ }).click();
    await visible(page.getByText("Proizvod je uklonjen s liste želja."));
    await list.getByRole("link", { name: "Auto šampon" }).waitFor({ state: "detached" });

    // The demo customer already reviewed the shampoo: only they see 'Uredi' on it, and they may write no second one.
    await page.goto(SHAMPOO, { waitUntil: "networkidle" });
    const own = page.locator(".review").filter({ has: page.getByText("Uredi") });
    expect(await own.count()).toBe(1);
    expect(await page.locator("#review-form form").count()).toBe(0);

    // A review of the kit: the stars and the comment, sent without a page of its own.
    await page.goto(KIT, { waitUntil: "networkidle" });
    const form = page.locator("#review-form");
    await form.getByRole("radio", { name: "4 od 5" }).check();
    const text = `Odličan paket, auto sja (${Date.now()}).`;
    await form.getByLabel("Komentar").fill(text);
    await form.getByRole("button", { name: "Objavi recenziju" }).click();
    await page.waitForURL((url) => url.searchParams.get("reviewNotice") === "created");
    const review = page.locator(".review").filter({ hasText: text });
    await visible(review);
    await visible(review.getByRole("img", { name: "4 od 5" }));
    await visible(review.getByText("Uredi"));
    expect(pathOf(page)).toBe(KIT);
  });

  it("a review form without a rating and without a comment is refused with a message (SPEC §5)", async () => {
    const { page, shop } = j;
    await login(page, shop.customer.email, shop.customer.password, "/product/poklon-bon-20");
    await page.goto("/product/poklon-bon-20", { waitUntil: "networkidle" });
    const form = page.locator("#review-form");
    await form.getByRole("button", { name: "Objavi recenziju" }).click();
    await visible(form.getByRole("alert").filter({ hasText: /ocijenite proizvod ili napišite komentar/i }));
    expect(new URL(page.url()).searchParams.get("reviewNotice")).toBeNull();
  });

  it("a visitor is asked to log in to review, with a way back", async () => {
    const { page } = j;
    await page.goto(SHAMPOO, { waitUntil: "networkidle" });
    const link = page.getByRole("link", { name: "Prijavite se da biste napisali recenziju" });
    expect(await link.getAttribute("href")).toBe(`/prijava?redirect=${encodeURIComponent(SHAMPOO)}`);
  });

  it("an unknown product is a 404 page", async () => {
    const res = await j.page.goto("/product/nepostojeci-proizvod");
    expect(res?.status()).toBe(404);
    await visible(j.page.getByRole("heading", { name: "Stranica nije pronađena" }));
  });

  it("has no serious or critical WCAG 2.1 AA violations (axe-core)", async () => {
    const { page } = j;
    await page.goto(SHAMPOO, { waitUntil: "networkidle" });
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const blocking = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
    expect(blocking).toEqual([]);
  });

  it("has no horizontal scroll at 360 px, the kit's modal included", async () => {
    const context = await j.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.goto(SHAMPOO, { waitUntil: "networkidle" });
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.goto(KIT, { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "Prilagodi paket" }).click();
    const dialog = await visible(page.getByRole("dialog"));
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
