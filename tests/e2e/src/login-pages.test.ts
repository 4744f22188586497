import { describe, expect, it } from "vitest";
import { visible } from "./support/assert.ts";
import { useJourney } from "./support/fixtures.ts";

describe("login page in two languages", () => {
  const j = useJourney();

  it("/prijava renders the Croatian login form", async () => {
    const { page } = j;
    const res = await page.goto("/prijava");
    expect(res?.status()).toBe(200);
    expect(await page.locator("html").getAttribute("lang")).toBe("hr");
    await visible(page.getByLabel("E-mail", { exact: true }));
    const password = await visible(page.getByLabel("Lozinka", { exact: true }));
    expect(await password.getAttribute("type")).toBe("password");
    await visible(page.getByRole("button", { name: "Prijava", exact: true }));
  });

  it("/en/login renders the English login form", async () => {
    const { page } = j;
    const res = await page.goto("/en/login");
    expect(res?.status()).toBe(200);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    const form = page.locator("form").filter({ has: page.locator('input[type="password"]') });
    await visible(form.first());
    expect(await form.first().locator('input[type="email"], input[name="username"], input[name="email"]').count()).toBeGreaterThan(0);
    // The English page is not the Croatian one with another URL.
    expect(await page.getByRole("button", { name: "Prijava", exact: true }).count()).toBe(0);
    await visible(page.getByRole("button", { name: /log ?in|sign ?in/i }).first());
  });
});
