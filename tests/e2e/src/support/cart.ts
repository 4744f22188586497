import type { Page } from "playwright-core";
import { visible } from "./assert.ts";

/** The demo's glass cleaner (5,99 €, in stock) on the car-care category page. */
export const GLASS = "Sredstvo za čišćenje stakla";
export const CARE_CATEGORY = "/shop/njega-vozila";

/** One unit of a product into the cart from the category page's card (the cart modal opens and is closed). */
export async function addFromCategory(page: Page, name = GLASS, category = CARE_CATEGORY): Promise<void> {
  await page.goto(category, { waitUntil: "networkidle" });
  await page
    .locator("article.product-card")
    .filter({ has: page.getByRole("link", { name, exact: true }) })
    .first()
    .locator('form[action="/cart/action"] button[type="submit"]')
    .click();
  const modal = await visible(page.getByRole("dialog", { name: /Košarica/ }));
  await modal.getByRole("button", { name: "Zatvori" }).click();
  await modal.waitFor({ state: "hidden" });
}
