import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { visible, waitForPath } from "./support/assert.ts";
import { seriousViolations } from "./support/axe.ts";
import { addFromCategory } from "./support/cart.ts";
import { useJourney } from "./support/fixtures.ts";

/**
 * A gift voucher on a phone (360 px), by keyboard where it counts: a guest buys the demo's 20 €
 * voucher by card, finds its code among the order's documents, and pays a later order with it on
 * the payment step; a wrong code is refused at the field first.
 */

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

const next = (page: Page) => page.getByRole("button", { name: "Dalje" });

async function addressStep(page: Page): Promise<void> {
  await page.goto("/naplata", { waitUntil: "networkidle" });
  const delivery = page.getByRole("group", { name: "Podaci za dostavu" });
  for (const [label, value] of Object.entries(GUEST)) await delivery.getByLabel(label, { exact: true }).fill(value);
  for (const box of await page.locator(".consents input[type=checkbox]").all()) await box.check();
  await next(page).click();
}

async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe("gift voucher at 360 px", () => {
  const j = useJourney({ context: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } });

  it("a guest buys a voucher by card, then pays a later order with its code on the payment step", async () => {
    const { page, context, shop } = j;
    await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: shop.baseUrl }]);

    // The voucher: only e-products, so no shipping step; paid on the provider's page.
    await addFromCategory(page, "Poklon bon 20 €", "/shop/poklon-bonovi");
    await addressStep(page);
    await page.waitForURL((url) => url.searchParams.get("step") === "payment");
    await page.getByLabel("Kartično plaćanje").check();
    await page.getByRole("button", { name: "Naruči s obvezom plaćanja" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/__emulator/"));
    await page.getByRole("button", { name: "Plati" }).click();
    await waitForPath(page, (p) => p === "/naplata/uspjesna");
    const voucherLink = page.getByRole("link", { name: /^Poklon bon [A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4} \(PDF\)$/ });
    for (let i = 0; i < 10 && (await voucherLink.count()) === 0; i++) await page.reload({ waitUntil: "networkidle" });
    const code = /[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/.exec((await voucherLink.textContent()) ?? "")?.[0] ?? "";
    expect(code).not.toBe("");
    const pdf = await page.request.get((await voucherLink.getAttribute("href")) ?? "");
    expect(pdf.headers()["content-type"]).toBe("application/pdf");

    // A later order: 5,99 €, the voucher pays all of it.
    await addFromCategory(page);
    await addressStep(page);
    await page.waitForURL((url) => url.searchParams.get("step") === "shipping");
    await page.getByLabel("Preuzimanje u poslovnici").check();
    await page.getByLabel("Zagreb – Dubrava").check();
    await next(page).click();
    await page.waitForURL((url) => url.searchParams.get("step") === "payment");

    const field = page.getByLabel("Poklon bon", { exact: true });
    await tabTo(page, field);
    await page.keyboard.type("NEMA-TAKVOG-BONA");
    await page.keyboard.press("Enter");
    await visible(page.getByText("Poklon bon s tim kodom ne postoji."));
    await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "voucherCode");
    expect(await field.getAttribute("aria-invalid")).toBe("true");

    await field.fill(code.toLowerCase());
    await page.keyboard.press("Enter");
    await visible(page.getByTestId("checkout-to-pay"));
    expect(((await page.getByTestId("checkout-to-pay").textContent()) ?? "").replace(/\s+/g, " ")).toBe("0,00 €");
    await visible(page.getByText(`Bon ${code} plaća 5,99`, { exact: false }));
    expect(await noSideScroll(page)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("Kartično plaćanje").check();
    await page.getByRole("button", { name: "Naruči s obvezom plaćanja" }).click();
    // Paid by the voucher: no provider's page, straight to the success page.
    await waitForPath(page, (p) => p === "/naplata/uspjesna");
    await visible(page.getByRole("heading", { level: 1, name: "Hvala na narudžbi!" }));
    expect(((await page.getByTestId("order-to-pay").textContent()) ?? "").replace(/\s+/g, " ")).toBe("0,00 €");
    // The refused code answered 400 on purpose (the browser logs every 4xx); nothing else went wrong.
    expect(j.consoleErrors.filter((e) => !/status of 400 .* @ .*\/naplata\.data/.test(e))).toEqual([]);
    expect(j.consoleErrors).toHaveLength(1);
  });
});
