import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { decodePng } from "../../../apps/platform/src/modules/bank-transfer/bank-transfer.test-support.ts";
import { pathOf, visible, waitForPath } from "./support/assert.ts";
import { seriousViolations } from "./support/axe.ts";
import { addFromCategory, CARE_CATEGORY as CATEGORY, GLASS } from "./support/cart.ts";
import { useJourney } from "./support/fixtures.ts";

/** Demo data: a product with stock at 5,99 €, the pickup method with the car wash's three branches, bank transfer. */
const BRANCH = "Zagreb – Dubrava";
const CART_UPDATED = "Košarica se u međuvremenu promijenila. Provjerite cijene i količine pa ponovno potvrdite narudžbu.";

const GUEST = {
  Ime: "Ivana",
  Prezime: "Babić",
  "E-mail": "ivana@example.hr",
  Telefon: "+385 91 555 0101",
  Ulica: "Ilica",
  "Kućni broj": "1",
  "Poštanski broj": "10000",
  Grad: "Zagreb",
};

/** The cookie choice made, so the banner covers nothing. */
async function cookiesChosen(context: BrowserContext, baseUrl: string): Promise<void> {
  await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseUrl }]);
}

const stepHeading = (page: Page, name: string) => page.getByRole("heading", { level: 2, name: new RegExp(name) });
const delivery = (page: Page) => page.getByRole("group", { name: "Podaci za dostavu" });
const next = (page: Page) => page.getByRole("button", { name: "Dalje" });
const placeOrder = (page: Page) => page.getByRole("button", { name: "Naruči s obvezom plaćanja" });

async function fillGuest(page: Page): Promise<void> {
  for (const [label, value] of Object.entries(GUEST)) await delivery(page).getByLabel(label, { exact: true }).fill(value);
}

async function tickConsents(page: Page): Promise<void> {
  for (const box of await page.locator(".consents input[type=checkbox]").all()) await box.check();
}

/** From an empty browser to the payment step: a guest, pickup at the Dubrava branch. */
async function toPayment(page: Page): Promise<void> {
  await addFromCategory(page);
  await page.goto("/naplata", { waitUntil: "networkidle" });
  await fillGuest(page);
  await tickConsents(page);
  await next(page).click();
  await visible(stepHeading(page, "Način dostave"));
  await page.getByLabel("Preuzimanje u poslovnici").check();
  await page.getByLabel(BRANCH).check();
  await next(page).click();
  await visible(stepHeading(page, "Plaćanje i potvrda"));
}

/** Presses Tab until the target has focus (keyboard alone, no clicks). */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** An element's text with the non-breaking spaces of formatted prices as plain ones. */
async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? "").replace(/\s+/g, " ");
}

const focusIsOn = (page: Page, id: string) => page.waitForFunction((want) => document.activeElement?.id === want, id);

describe("checkout", () => {
  const j = useJourney();

  it("a guest picks up at a branch and pays by bank transfer: the success page shows the order, the cart is empty", async () => {
    const { page, context, shop } = j;
    await cookiesChosen(context, shop.baseUrl);
    await addFromCategory(page);
    await page.goto("/kosarica", { waitUntil: "networkidle" });
    await page.getByRole("main").getByRole("link", { name: "Na naplatu" }).click();
    await waitForPath(page, (p) => p === "/naplata");
    await visible(stepHeading(page, "Adresa i kontakt"));
    expect(await page.getByRole("navigation", { name: "Koraci naplate" }).locator('[aria-current="step"]').textContent()).toContain(
      "Adresa",
    );

    // Next without the required consents: the message at the consent, nothing saved.
    await fillGuest(page);
    await next(page).click();
    await visible(page.getByText("Morate prihvatiti obavezne privole.").first());
    expect(new URL(page.url()).searchParams.get("step")).toBeNull();
    await tickConsents(page);
    await next(page).click();
    await page.waitForURL((url) => url.searchParams.get("step") === "shipping");
    await focusIsOn(page, "checkout-step-title");

    // A pickup needs its branch; the branches show once the pickup is chosen.
    await page.getByLabel("Preuzimanje u poslovnici").check();
    await next(page).click();
    await visible(page.getByText("Odaberite poslovnicu u kojoj ćete preuzeti narudžbu."));
    await page.getByLabel(BRANCH).check();
    await next(page).click();
    await page.waitForURL((url) => url.searchParams.get("step") === "payment");
    const summary = page.locator(".checkout-summary");
    await visible(summary.getByText(BRANCH));
    await visible(summary.getByText("ivana@example.hr", { exact: false }));

    await page.getByLabel("Virmansko plaćanje").check();
    await placeOrder(page).click();
    await waitForPath(page, (p) => p === "/naplata/uspjesna");
    await visible(page.getByRole("heading", { level: 1, name: "Hvala na narudžbi!" }));
    expect(await page.getByTestId("order-number").textContent()).toMatch(/^\d{4}-\d{6}$/);
    expect(await page.getByTestId("payment-method").textContent()).toBe("Virmansko plaćanje");
    expect(await page.getByTestId("pickup-branch").textContent()).toContain(BRANCH);
    expect(await textOf(page.getByTestId("order-total"))).toBe("5,99 €");
    await page.waitForFunction(() => document.querySelector(".cart-link")?.getAttribute("aria-label") === "Košarica, 0 proizvoda");
    // The HUB-3 slip: its barcode, as the page shows it, decodes to this order's amount and reference.
    const number = (await page.getByTestId("order-number").textContent()) ?? "";
    const barcode = page.locator(".checkout-bank__barcode svg");
    const decoded = decodePng(await barcode.screenshot()).text.split("\n");
    expect(decoded.slice(0, 3)).toEqual(["HRVHUB30", "EUR", "000000000000599"]);
    expect(decoded.slice(10, 12)).toEqual(["HR00", number]);
    const pdf = await page.request.get((await page.getByRole("link", { name: "Uplatnica (PDF) za ispis" }).getAttribute("href")) ?? "");
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    // The order's token is httpOnly; the link alone in another browser shows nothing.
    const access = (await context.cookies()).find((c) => c.name === "orderAccess");
    expect(access?.httpOnly).toBe(true);
    const stranger = await (await j.newContext()).newPage();
    const res = await stranger.goto(page.url());
    expect(res?.status()).toBe(404);
    await visible(stranger.getByRole("heading", { name: "Narudžba nije pronađena" }));
    expect(j.consoleErrors).toEqual([]);
  });

  it("refuses a company's wrong OIB at the field, in the browser, and goes on with the right one", async () => {
    const { page, context, shop } = j;
    await cookiesChosen(context, shop.baseUrl);
    await addFromCategory(page);
    await page.goto("/naplata", { waitUntil: "networkidle" });
    await fillGuest(page);
    await tickConsents(page);
    const companyName = page.getByLabel("Naziv tvrtke");
    expect(await companyName.isVisible()).toBe(false);
    await page.getByLabel("Kupujem kao tvrtka (R1 račun)").check();
    await companyName.fill("Firma d.o.o.");
    const oib = page.getByLabel("OIB tvrtke");
    await oib.fill("69435151531");
    await next(page).click();
    await visible(page.getByText("OIB nije ispravan"));
    expect(await oib.getAttribute("aria-invalid")).toBe("true");
    expect(await oib.getAttribute("aria-describedby")).toContain("field-company-oib-error");
    expect(await oib.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(new URL(page.url()).searchParams.get("step")).toBeNull();

    await oib.fill("69435151530");
    await next(page).click();
    await page.waitForURL((url) => url.searchParams.get("step") === "shipping");
    // Back on the address, the company is kept.
    await page.getByRole("link", { name: "Natrag" }).click();
    await page.waitForURL((url) => url.searchParams.get("step") === "address");
    expect(await page.getByLabel("OIB tvrtke").inputValue()).toBe("69435151530");
  });

  it("prices changed in another tab between the steps: the cartUpdated toast, no order, the cart as it is now", async () => {
    const { page, context, shop } = j;
    await cookiesChosen(context, shop.baseUrl);
    await toPayment(page);
    await page.getByLabel("Virmansko plaćanje").check();

    const other = await context.newPage();
    await other.goto("/kosarica", { waitUntil: "networkidle" });
    await other.getByRole("main").getByLabel("Kupon", { exact: true }).fill("DOBRODOSLI10");
    await other.getByRole("main").getByRole("button", { name: "Primijeni" }).click();
    await visible(other.locator("main [data-testid=coupon-discount]"));
    await other.close();

    await placeOrder(page).click();
    const toast = await visible(page.locator(".toast").filter({ hasText: CART_UPDATED }));
    expect(await toast.getAttribute("class")).toContain("notice--info");
    expect(pathOf(page)).toBe("/naplata");
    // No order: the cart is still there, now with the coupon the other tab applied.
    expect(
      await page
        .getByRole("banner")
        .getByRole("link", { name: /^Košarica, / })
        .getAttribute("aria-label"),
    ).toBe("Košarica, 1 proizvod");
    await visible(page.locator(".checkout-summary").getByText("Kupon DOBRODOSLI10"));
    expect(await textOf(page.getByTestId("checkout-total"))).toBe("5,39 €");

    await page.getByLabel("Virmansko plaćanje").check();
    await placeOrder(page).click();
    await waitForPath(page, (p) => p === "/naplata/uspjesna");
    expect(await textOf(page.getByTestId("order-total"))).toBe("5,39 €");
  });

  it("a guest checks out by keyboard alone", async () => {
    const { page, context, shop } = j;
    await cookiesChosen(context, shop.baseUrl);
    await addFromCategory(page);
    await page.goto("/kosarica", { waitUntil: "networkidle" });
    await tabTo(page, page.getByRole("main").getByRole("link", { name: "Na naplatu" }));
    await page.keyboard.press("Enter");
    await waitForPath(page, (p) => p === "/naplata");
    await visible(stepHeading(page, "Adresa i kontakt"));

    for (const [label, value] of Object.entries(GUEST)) {
      await tabTo(page, delivery(page).getByLabel(label, { exact: true }));
      await page.keyboard.type(value);
    }
    for (const box of await page.locator(".consents input[type=checkbox]").all()) {
      await tabTo(page, box);
      await page.keyboard.press("Space");
    }
    await tabTo(page, next(page));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("step") === "shipping");
    await focusIsOn(page, "checkout-step-title");

    // Into the methods (the first, the pickup, is chosen with Space), then its branches (arrows choose).
    await page.keyboard.press("Tab");
    expect(await page.getByLabel("Preuzimanje u poslovnici").evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowDown");
    expect(await page.getByLabel(BRANCH).isChecked()).toBe(true);
    await tabTo(page, next(page));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("step") === "payment");
    await focusIsOn(page, "checkout-step-title");

    // Past the gift voucher's field and button into the methods.
    await tabTo(page, page.getByRole("radio").first());
    await page.keyboard.press("ArrowDown");
    expect(await page.getByLabel("Virmansko plaćanje").isChecked()).toBe(true);
    // The consents ticked on the address step come back ticked.
    for (const box of await page.locator(".consents input[type=checkbox]").all()) expect(await box.isChecked()).toBe(true);
    await tabTo(page, placeOrder(page));
    await page.keyboard.press("Enter");
    await waitForPath(page, (p) => p === "/naplata/uspjesna");
    await visible(page.getByRole("heading", { level: 1, name: "Hvala na narudžbi!" }));
  });

  it("each step and the success page have no serious or critical WCAG 2.1 AA violations", async () => {
    const { page, context, shop } = j;
    await cookiesChosen(context, shop.baseUrl);
    await addFromCategory(page);
    await page.goto("/naplata", { waitUntil: "networkidle" });
    // With every section open and every error shown.
    await page.getByLabel("Kupujem kao tvrtka (R1 račun)").check();
    await page.getByLabel("Račun na drugu adresu").check();
    await next(page).click();
    await visible(page.getByText("OIB nije ispravan").or(page.getByText("Unos ovog polja je obavezan").first()));
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("Kupujem kao tvrtka (R1 račun)").uncheck();
    await page.getByLabel("Račun na drugu adresu").uncheck();
    await fillGuest(page);
    await tickConsents(page);
    await next(page).click();
    await visible(stepHeading(page, "Način dostave"));
    await page.getByLabel("Preuzimanje u poslovnici").check();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel(BRANCH).check();
    await next(page).click();
    await visible(stepHeading(page, "Plaćanje i potvrda"));
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("Virmansko plaćanje").check();
    await placeOrder(page).click();
    await waitForPath(page, (p) => p === "/naplata/uspjesna");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("works without JavaScript: the company, branch and billing sections open with their boxes, the order is placed", async () => {
    const context = await j.newContext({ javaScriptEnabled: false });
    await cookiesChosen(context, j.shop.baseUrl);
    const page = await context.newPage();
    await page.goto(CATEGORY);
    await page
      .locator("article.product-card")
      .filter({ has: page.getByRole("link", { name: GLASS, exact: true }) })
      .first()
      .locator('form[action="/cart/action"] button[type="submit"]')
      .click();
    await page.waitForURL((url) => url.pathname === CATEGORY);
    await page.goto("/naplata");
    await fillGuest(page);
    expect(await page.getByLabel("Naziv tvrtke").isVisible()).toBe(false);
    await page.getByLabel("Kupujem kao tvrtka (R1 račun)").check();
    await visible(page.getByLabel("Naziv tvrtke"));
    await page.getByLabel("Kupujem kao tvrtka (R1 račun)").uncheck();
    const billing = page.getByRole("group", { name: "Adresa za račun" });
    expect(await billing.isVisible()).toBe(false);
    await page.getByLabel("Račun na drugu adresu").check();
    await visible(billing);
    await page.getByLabel("Račun na drugu adresu").uncheck();
    await tickConsents(page);
    await next(page).click();
    await page.waitForURL((url) => url.searchParams.get("step") === "shipping");
    expect(await page.getByLabel(BRANCH).isVisible()).toBe(false);
    await page.getByLabel("Preuzimanje u poslovnici").check();
    await page.getByLabel(BRANCH).check();
    await next(page).click();
    await page.waitForURL((url) => url.searchParams.get("step") === "payment");
    await page.getByLabel("Virmansko plaćanje").check();
    await placeOrder(page).click();
    await page.waitForURL((url) => url.pathname === "/naplata/uspjesna");
    await visible(page.getByRole("heading", { level: 1, name: "Hvala na narudžbi!" }));
  });
});

describe("checkout at 360 px", () => {
  const j = useJourney({ context: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } });

  it("every step and the success page fit the screen without sideways scroll", async () => {
    const { page, context, shop } = j;
    await cookiesChosen(context, shop.baseUrl);
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    await addFromCategory(page);
    await page.goto("/naplata", { waitUntil: "networkidle" });
    await page.getByLabel("Kupujem kao tvrtka (R1 račun)").check();
    await page.getByLabel("Račun na drugu adresu").check();
    await next(page).click();
    await visible(page.getByText("Unos ovog polja je obavezan").first());
    expect(await width()).toBeLessThanOrEqual(360);
    await page.getByLabel("Kupujem kao tvrtka (R1 račun)").uncheck();
    await page.getByLabel("Račun na drugu adresu").uncheck();
    await fillGuest(page);
    await tickConsents(page);
    await next(page).click();
    await visible(stepHeading(page, "Način dostave"));
    await page.getByLabel("Preuzimanje u poslovnici").check();
    expect(await width()).toBeLessThanOrEqual(360);
    await page.getByLabel(BRANCH).check();
    await next(page).click();
    await visible(stepHeading(page, "Plaćanje i potvrda"));
    expect(await width()).toBeLessThanOrEqual(360);
    await page.getByLabel("Virmansko plaćanje").check();
    await placeOrder(page).click();
    await waitForPath(page, (p) => p === "/naplata/uspjesna");
    expect(await width()).toBeLessThanOrEqual(360);
  });
});
