import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pathOf, visible, waitForPath } from "./support/assert.ts";
import { seriousViolations } from "./support/axe.ts";
import { useJourney } from "./support/fixtures.ts";
import { submitLogin } from "./support/login.ts";

/** Demo products (seed): a simple one with plenty of stock at 5,99 € (discounted), and one with only 2 in stock. */
const GLASS = "Sredstvo za čišćenje stakla";
const CLOTH = "Mikrofiber krpa za sušenje";
const CATEGORY = "/shop/njega-vozila";

const cartModal = (page: Page) => page.getByRole("dialog", { name: /Košarica/ });
const cartLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Košarica, / });
const line = (page: Page, name: string) => page.locator("main .cart-line").filter({ hasText: name });
const grandTotal = (page: Page) => page.locator("main [data-testid=grand-total]");
const couponLine = (page: Page) => page.locator("main [data-testid=coupon-discount]");
const emptyCart = (page: Page, text = "Vaša košarica je prazna.") => page.getByRole("main").getByText(text);

/** The add button on the product's card in the category's grid (the featured row may list it too). */
function addButton(page: Page, name: string) {
  return page
    .locator("article.product-card")
    .filter({ has: page.getByRole("link", { name, exact: true }) })
    .first()
    .locator('form[action="/cart/action"] button[type="submit"]');
}

async function addFromShop(page: Page, name: string): Promise<void> {
  await page.goto(CATEGORY, { waitUntil: "networkidle" });
  await addButton(page, name).click();
  await visible(cartModal(page));
  await cartModal(page).getByRole("button", { name: "Zatvori" }).click();
  await cartModal(page).waitFor({ state: "hidden" });
}

describe("cart", () => {
  const j = useJourney();

  it("adds from the shop into the cart modal, then the cart page updates quantities (debounced), coupons and lines", async () => {
    const { page } = j;
    await page.goto(CATEGORY, { waitUntil: "networkidle" });
    expect(await cartLink(page).getAttribute("aria-label")).toBe("Košarica, 0 proizvoda");
    const add = addButton(page, GLASS);
    await add.click();

    // Demo behaviour 2: the modal opens with the line, focus inside; Escape closes it and focus comes back.
    const modal = await visible(cartModal(page));
    await visible(modal.getByRole("link", { name: GLASS }));
    expect(await modal.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    expect(await cartLink(page).getAttribute("aria-label")).toBe("Košarica, 1 proizvod");
    expect(pathOf(page)).toBe(CATEGORY);
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "hidden" });
    expect(await add.evaluate((b) => b === document.activeElement)).toBe(true);

    // A second add: same line, quantity 2; the modal's link goes to the cart page.
    await add.click();
    await visible(cartModal(page));
    await page.waitForFunction(() => document.querySelector(".cart-link")?.getAttribute("aria-label") === "Košarica, 2 proizvoda");
    await cartModal(page).getByRole("link", { name: "Idi u košaricu" }).click();
    await waitForPath(page, (p) => p === "/kosarica");
    await visible(page.getByRole("heading", { level: 1, name: /Košarica/ }));
    const glass = line(page, GLASS);
    await visible(glass.getByText("11,98 €"));

    // Two quick changes send one update, 500 ms after the last (SPEC §4, §9).
    const updates: string[] = [];
    page.on("request", (req) => {
      if (req.method() === "POST" && req.url().includes("/cart/action") && (req.postData() ?? "").includes("intent=update")) {
        updates.push(req.postData() ?? "");
      }
    });
    const qty = glass.getByRole("spinbutton", { name: /Količina/ });
    await qty.fill("3");
    await page.waitForTimeout(150);
    expect(updates).toHaveLength(0);
    await qty.fill("4");
    await visible(glass.locator("[data-testid=row-total]").getByText("23,96 €"));
    await visible(grandTotal(page).getByText("23,96 €"));
    expect(updates).toHaveLength(1);
    expect(updates[0]).toContain("qty=4");

    // The demo coupon: a discount line, the field disabled, the button now removes it.
    expect(await couponLine(page).count()).toBe(0);
    await page.getByRole("main").getByLabel("Kupon", { exact: true }).fill("DOBRODOSLI10");
    await page.getByRole("main").getByRole("button", { name: "Primijeni" }).click();
    await visible(couponLine(page));
    expect(await couponLine(page).textContent()).toContain("DOBRODOSLI10");
    expect(await page.getByRole("main").getByLabel("Kupon", { exact: true }).isDisabled()).toBe(true);
    await visible(grandTotal(page).getByText("21,56 €"));
    await page
      .locator("main form")
      .filter({ has: page.getByLabel("Kupon", { exact: true }) })
      .getByRole("button", { name: "Ukloni" })
      .click();
    await couponLine(page).waitFor({ state: "detached" });
    await visible(grandTotal(page).getByText("23,96 €"));

    // A wrong code: the server's message as it is, and no coupon.
    await page.getByRole("main").getByLabel("Kupon", { exact: true }).fill("NEPOSTOJECI");
    await page.getByRole("main").getByRole("button", { name: "Primijeni" }).click();
    await visible(page.getByRole("alert").filter({ hasText: "Coupon not found!" }));
    expect(await couponLine(page).count()).toBe(0);

    // The cart is kept in httpOnly cookies and survives a reload.
    const cookies = (await j.context.cookies()).filter((c) => c.name === "cartId" || c.name === "protectCode");
    expect(cookies).toHaveLength(2);
    for (const c of cookies) expect(c.httpOnly).toBe(true);
    await page.reload({ waitUntil: "networkidle" });
    await visible(line(page, GLASS).locator("[data-testid=row-total]").getByText("23,96 €"));

    // Removing the line: flagged while it goes, a toast, then the empty cart.
    await line(page, GLASS)
      .getByRole("button", { name: /Ukloni/ })
      .click();
    await visible(page.getByText("Proizvod je uklonjen iz košarice."));
    await visible(emptyCart(page));
    expect(await page.locator("main .cart-line").count()).toBe(0);
    await page.waitForFunction(() => document.querySelector(".cart-link")?.getAttribute("aria-label") === "Košarica, 0 proizvoda");
    expect(j.consoleErrors).toEqual([]);
  });

  it("a quantity above the stock shows the stock error next to the line and keeps the server's quantity", async () => {
    const { page } = j;
    await addFromShop(page, CLOTH);
    await page.goto("/kosarica", { waitUntil: "networkidle" });
    const cloth = line(page, CLOTH);
    const qty = cloth.getByRole("spinbutton", { name: /Količina/ });
    await qty.fill("3");
    await visible(cloth.getByRole("alert").filter({ hasText: /samo 2/ }));
    await page.waitForFunction(() => (document.querySelector("main .cart-line__qty-input") as HTMLInputElement | null)?.value === "1");
    await qty.fill("2");
    await visible(cloth.locator("[data-testid=row-total]").getByText("19,80 €"));
    expect(await cloth.getByRole("alert").count()).toBe(0);
  });

  it("another browser with only the first visitor's cartId (no or a wrong protectCode) sees an empty cart", async () => {
    const { page, context } = j;
    await addFromShop(page, GLASS);
    const cartId = (await context.cookies()).find((c) => c.name === "cartId");
    expect(cartId?.value).toMatch(/^\d+$/);
    if (!cartId) return;

    const other = await j.newContext();
    await other.addCookies([{ name: "cartId", value: cartId.value, domain: "127.0.0.1", path: "/" }]);
    const otherPage = await other.newPage();
    await otherPage.goto("/kosarica", { waitUntil: "networkidle" });
    await visible(emptyCart(otherPage));
    expect(await otherPage.getByText(GLASS).count()).toBe(0);

    await other.addCookies([{ name: "protectCode", value: "x".repeat(43), domain: "127.0.0.1", path: "/" }]);
    await otherPage.goto("/kosarica", { waitUntil: "networkidle" });
    await visible(emptyCart(otherPage));
    expect(await otherPage.getByText(GLASS).count()).toBe(0);
    // The rejected session is dropped from the cookies.
    expect((await other.cookies()).filter((c) => c.name === "cartId" && c.value !== "")).toEqual([]);

    // The owner still has the line.
    await page.goto("/kosarica", { waitUntil: "networkidle" });
    await visible(line(page, GLASS));
  });

  it("without JavaScript adding comes back with the cart open, and the cart page's update button changes the quantity", async () => {
    const context = await j.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(CATEGORY);
    await addButton(page, GLASS).click();
    await page.waitForURL((url) => url.pathname === CATEGORY && url.searchParams.get("cart") === "open");
    const modal = await visible(cartModal(page));
    await visible(modal.getByRole("link", { name: GLASS }));
    expect(await cartLink(page).getAttribute("aria-label")).toBe("Košarica, 1 proizvod");

    await modal.getByRole("link", { name: "Idi u košaricu" }).click();
    await page.waitForURL((url) => url.pathname === "/kosarica");
    const glass = line(page, GLASS);
    await glass.getByRole("spinbutton", { name: /Količina/ }).fill("3");
    await glass.getByRole("button", { name: "Ažuriraj" }).click();
    await page.waitForURL((url) => url.pathname === "/kosarica");
    await visible(line(page, GLASS).locator("[data-testid=row-total]").getByText("17,97 €"));
    await visible(page.getByText("Košarica je ažurirana."));
  });

  it("an add the balancer sends twice adds once, and the next press adds again, with and without JavaScript (issue 25)", async () => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await j.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      const count = (n: number) => expect.poll(() => cartLink(page).getAttribute("aria-label")).toMatch(new RegExp(`^Košarica, ${n} `));
      const add = async (name: string, n: number) => {
        await page.goto(CATEGORY, { waitUntil: "networkidle" });
        await addButton(page, name).click();
        await visible(cartModal(page));
        await count(n);
      };
      // A cart first: the repeat then comes with the session its first post used.
      await add(CLOTH, 1);
      // The post reaches the shop, its answer is lost, and the same post goes again (a balancer's retry).
      await page.route(
        "**/cart/action**",
        async (route) => {
          await route.fetch({ maxRedirects: 0 });
          await route.continue();
        },
        { times: 1 },
      );
      await add(GLASS, 2);
      if (javaScriptEnabled) {
        // The same page, no reload: the form took a new key after its answer.
        await cartModal(page).getByRole("button", { name: "Zatvori" }).click();
        await cartModal(page).waitFor({ state: "hidden" });
        await addButton(page, GLASS).click();
        await count(3);
      } else {
        await add(GLASS, 3);
      }
      await page.goto("/kosarica");
      expect(
        await line(page, GLASS)
          .getByRole("spinbutton", { name: /Količina/ })
          .inputValue(),
      ).toBe("2");
      await context.close();
    }
  });

  it("switching the language clears the cart session (SPEC §4)", async () => {
    const { page } = j;
    await addFromShop(page, GLASS);
    await page.goto("/en/cart", { waitUntil: "networkidle" });
    await visible(emptyCart(page, "Your cart is empty."));
    expect((await j.context.cookies()).filter((c) => c.name === "cartId" && c.value !== "")).toEqual([]);
    await page.goto("/kosarica", { waitUntil: "networkidle" });
    await visible(emptyCart(page));
  });

  it("a customer's cart comes back on the next login (abandoned cart), and logout clears it from the browser", async () => {
    const { page, shop } = j;
    await page.goto("/prijava", { waitUntil: "networkidle" });
    await submitLogin(page, shop.customer.email, shop.customer.password);
    await waitForPath(page, (p) => p !== "/prijava");
    await addFromShop(page, GLASS);

    await page.getByRole("banner").getByRole("button", { name: /Odjav/i }).first().click({ force: true });
    await waitForPath(page, (p) => p === "/");
    expect((await j.context.cookies()).filter((c) => (c.name === "cartId" || c.name === "protectCode") && c.value !== "")).toEqual([]);
    await page.waitForFunction(() => document.querySelector(".cart-link")?.getAttribute("aria-label") === "Košarica, 0 proizvoda");

    await page.goto("/prijava", { waitUntil: "networkidle" });
    await submitLogin(page, shop.customer.email, shop.customer.password);
    await waitForPath(page, (p) => p !== "/prijava");
    await page.goto("/kosarica", { waitUntil: "networkidle" });
    await visible(line(page, GLASS));
    // Logged in, the membership card form is offered.
    await visible(page.getByLabel("Članska kartica"));
  });

  it("a visitor's cart points card holders to the login, which comes back to the cart and its card form", async () => {
    const visitor = await j.newContext();
    const page = await visitor.newPage();
    await addFromShop(page, CLOTH);
    await page.goto("/kosarica", { waitUntil: "networkidle" });
    expect(await page.getByLabel("Članska kartica").count()).toBe(0);
    await page.getByRole("main").getByRole("link", { name: "Prijavite se da biste ostvarili članske cijene." }).click();
    await waitForPath(page, (p) => p === "/prijava");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/kosarica");
    await submitLogin(page, j.shop.customer.email, j.shop.customer.password);
    await waitForPath(page, (p) => p === "/kosarica");
    await visible(page.getByLabel("Članska kartica"));
    await visitor.close();
  });

  it("the cart page with items has no serious or critical WCAG 2.1 AA violations", async () => {
    const { page } = j;
    await addFromShop(page, GLASS);
    await page.goto("/kosarica", { waitUntil: "networkidle" });
    await visible(line(page, GLASS));
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe("cart at 360 px", () => {
  const j = useJourney({ context: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } });

  it("the cart page and the cart modal fit the screen without horizontal scroll", async () => {
    const { page } = j;
    await page.goto(CATEGORY, { waitUntil: "networkidle" });
    await addButton(page, GLASS).click();
    const modal = await visible(cartModal(page));
    const box = await modal.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    await modal.getByRole("link", { name: "Idi u košaricu" }).click();
    await waitForPath(page, (p) => p === "/kosarica");
    await visible(line(page, GLASS));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
