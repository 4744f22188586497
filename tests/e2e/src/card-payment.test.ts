import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { visible, waitForPath } from "./support/assert.ts";
import { seriousViolations } from "./support/axe.ts";
import { addFromCategory } from "./support/cart.ts";
import { type Journey, useJourney } from "./support/fixtures.ts";
import { submitLogin } from "./support/login.ts";

/**
 * A registered customer pays by card: the order page hands over to the provider's page (its
 * emulator here, speaking the provider's protocol), the customer pays there, and comes back to the
 * success page with the order paid. Once through CorvusPay (the default) and once through Monri.
 */

const DELIVERY = {
  Telefon: "+385 91 555 0202",
  Ulica: "Savska cesta",
  "Kućni broj": "41",
  "Poštanski broj": "10000",
  Grad: "Zagreb",
};

/** Logs in, fills the cart and goes through the checkout to the order with `method`. */
async function placeOrder(j: Journey, method: string): Promise<Page> {
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

async function payByCard(j: Journey, pay: "Plati" | "Odustani"): Promise<Page> {
  const page = await placeOrder(j, "Kartično plaćanje");
  // The provider's page: the amount to pay, a behaviour to choose (emulator only), pay or cancel.
  await page.waitForURL((url) => url.pathname.startsWith("/__emulator/"));
  await visible(page.getByText("5,99", { exact: false }).first());
  await page.getByRole("button", { name: pay }).click();
  return page;
}

describe.each([
  ["CorvusPay", {}, false],
  ["Monri", { PAYMENT_PROVIDER: "monri" }, true],
] as const)("card payment through %s", (_name, env, wallet) => {
  const j = useJourney({ env });

  // Monri's Components wallet (Google Pay, Apple Pay): CorvusPay shows its wallets on its own page.
  if (wallet) {
    it("a registered customer pays with the card wallet's button on the shop's page and lands on the success page, paid", async () => {
      const page = await placeOrder(j, "Google Pay ili Apple Pay");
      await visible(page.getByRole("heading", { level: 1, name: "Plaćanje novčanikom" }));
      const button = page.getByRole("button", { name: "Google Pay (emulator)" });
      await visible(button);
      expect(await seriousViolations(page)).toEqual([]);
      await button.click();
      await waitForPath(page, (p) => p === "/naplata/uspjesna");
      await visible(page.getByRole("heading", { level: 1, name: "Hvala na narudžbi!" }));
      expect(await page.getByTestId("payment-method").textContent()).toBe("Google Pay ili Apple Pay");
      // Paid: the platform asked the provider (order/pgSuccess) before the page was shown.
      await visible(page.getByTestId("payment-paid"));
      expect(j.consoleErrors).toEqual([]);
    });
  }

  it("a registered customer pays by card on the provider's page and lands on the success page, paid", async () => {
    const page = await payByCard(j, "Plati");
    await waitForPath(page, (p) => p === "/naplata/uspjesna");
    await visible(page.getByRole("heading", { level: 1, name: "Hvala na narudžbi!" }));
    expect(await page.getByTestId("payment-method").textContent()).toBe("Kartično plaćanje");
    expect(await page.locator(".checkout-bank").count()).toBe(0);
    await page.waitForFunction(() => document.querySelector(".cart-link")?.getAttribute("aria-label") === "Košarica, 0 proizvoda");
    expect(j.consoleErrors).toEqual([]);
  });

  it("a cancelled card payment lands on the failure page, and the order is paid again from there", async () => {
    const page = await payByCard(j, "Odustani");
    await waitForPath(page, (p) => p === "/checkout/failure");
    await visible(page.getByRole("heading", { level: 1 }));
    await page.getByRole("button", { name: "Pokušaj ponovno platiti" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/__emulator/"));
    await page.getByRole("button", { name: "Plati" }).click();
    await waitForPath(page, (p) => p === "/naplata/uspjesna");
    await visible(page.getByRole("heading", { level: 1, name: "Hvala na narudžbi!" }));
    expect(j.consoleErrors).toEqual([]);
  });
});
