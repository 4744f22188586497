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

  // Once is enough: the page is the same for every provider.
  if (!wallet) {
    it("a provider page the browser refuses to open says so at once, with the button to try again", async () => {
      const { page } = j;
      // A page whose policy refuses the post, as one lacking the provider's address did before issue 25.
      await page.route(
        (url) => url.pathname === "/naplata" && url.searchParams.get("step") === "payment",
        async (route) => {
          if (route.request().method() !== "POST") return route.continue();
          const response = await route.fetch();
          const csp = (response.headers()["content-security-policy"] ?? "").replace(/form-action [^;]*/, "form-action 'none'");
          await route.fulfill({ response, headers: { ...response.headers(), "content-security-policy": csp } });
        },
      );
      await placeOrderAsCustomer(j, "Kartično plaćanje");
      // Read in the page itself: Playwright's locators wait for the refused navigation, which never ends.
      await page.waitForFunction(() => document.getElementById("payment-provider-blocked")?.hidden === false, undefined, { timeout: 5000 });
      const alert = await page.evaluate(() => {
        const shown = document.getElementById("payment-provider-blocked");
        const retry = document.querySelector<HTMLButtonElement>('button[form="payment-provider-form"]');
        return { role: shown?.getAttribute("role"), text: shown?.textContent, retry: retry?.textContent };
      });
      expect(alert).toEqual({
        role: "alert",
        text: "Preglednik nije otvorio stranicu za plaćanje. Pokušajte ponovno gumbom ispod.",
        retry: "Nastavi na plaćanje",
      });
      expect(new URL(page.url()).pathname).toBe("/naplata");
    });
  }

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

/**
 * A fresh `npm start` prints http://localhost:<port> (PUBLIC_URL's default), and a buyer opens
 * http://127.0.0.1:<port> instead (issue 25): the shop moves the page to the address the provider
 * will send the buyer back to, so the card payment runs to the end rather than waiting on a form
 * the page's policy refuses.
 */
describe("a card payment started at 127.0.0.1 with the default PUBLIC_URL", () => {
  const j = useJourney({ env: { PUBLIC_URL: undefined } });

  it("moves the visitor to PUBLIC_URL's address, and the payment ends on the success page, paid", async () => {
    const { page, shop } = j;
    const port = new URL(shop.baseUrl).port;
    expect(new URL(shop.baseUrl).hostname).toBe("127.0.0.1");
    const localhost = `http://localhost:${port}`;
    await j.context.addCookies([{ name: "acceptedCookies", value: "necessary", url: localhost }]);
    await page.goto("/prijava", { waitUntil: "networkidle" });
    expect(new URL(page.url()).origin).toBe(localhost);
    const paid = await payByCard(j, "Plati");
    await waitForPath(paid, (p) => p === "/naplata/uspjesna");
    expect(new URL(paid.url()).origin).toBe(localhost);
    await visible(paid.getByRole("heading", { level: 1, name: "Hvala na narudžbi!" }));
    await visible(paid.getByTestId("payment-paid"));
    expect(j.consoleErrors).toEqual([]);
  });
});
