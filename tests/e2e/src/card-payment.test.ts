import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { visible, waitForPath } from "./support/assert.ts";
import { seriousViolations } from "./support/axe.ts";
import { placeOrderAsCustomer } from "./support/checkout.ts";
import { type Journey, useJourney } from "./support/fixtures.ts";

/**
 * A registered customer pays by card: the order page hands over to the provider's page (its
 * emulator here, speaking the provider's protocol), the customer pays there, and comes back to the
 * success page with the order paid. Once through CorvusPay (the default) and once through Monri.
 */

async function payByCard(j: Journey, pay: "Plati" | "Odustani"): Promise<Page> {
  const page = await placeOrderAsCustomer(j, "Kartično plaćanje");
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
      const page = await placeOrderAsCustomer(j, "Google Pay ili Apple Pay");
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
