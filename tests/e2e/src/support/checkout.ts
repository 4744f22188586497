import type { Page } from "playwright-core";
import { waitForPath } from "./assert.ts";
import { addFromCategory } from "./cart.ts";
import type { Journey } from "./fixtures.ts";
import { submitLogin } from "./login.ts";

const DELIVERY = {
  Telefon: "+385 91 555 0202",
  Ulica: "Savska cesta",
  "Kućni broj": "41",
  "Poštanski broj": "10000",
  Grad: "Zagreb",
};

/**
 * The demo customer logs in, fills the cart and goes through the checkout to the order with the payment
 * `method` (its label), delivery by pickup at a branch: the page where the order has been placed.
 */
export async function placeOrderAsCustomer(j: Journey, method: string): Promise<Page> {
  const { page, context, shop } = j;
  await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: shop.baseUrl }]);
  await page.goto("/prijava", { waitUntil: "networkidle" });
  await submitLogin(page, shop.customer.email, shop.customer.password);
  await waitForPath(page, (p) => p === "/");
  await addFromCategory(page);

  await page.goto("/naplata", { waitUntil: "networkidle" });
  // The demo customer has a saved address: the first one is taken; otherwise one is typed.
  const saved = page.getByRole("group", { name: "Adresa dostave" }).getByRole("radio");
  if ((await saved.count()) > 0) await saved.first().check();
  else {
    const delivery = page.getByRole("group", { name: "Podaci za dostavu" });
    for (const [label, value] of Object.entries(DELIVERY)) await delivery.getByLabel(label, { exact: true }).fill(value);
  }
  for (const box of await page.locator(".consents input[type=checkbox]").all()) await box.check();
  await page.getByRole("button", { name: "Dalje" }).click();
  await page.waitForURL((url) => url.searchParams.get("step") === "shipping");
  await page.getByLabel("Preuzimanje u poslovnici").check();
  await page.getByLabel("Velika Gorica").check();
  await page.getByRole("button", { name: "Dalje" }).click();
  await page.waitForURL((url) => url.searchParams.get("step") === "payment");
  await page.getByLabel(method).check();
  await page.getByRole("button", { name: "Naruči s obvezom plaćanja" }).click();
  return page;
}
