import { describe, expect, it } from "vitest";
import { pathOf, visible, waitForPath } from "./support/assert.ts";
import { useJourney } from "./support/fixtures.ts";
import { submitLogin } from "./support/login.ts";

describe("customer login and logout", () => {
  const j = useJourney();

  it("a wrong password shows an error and stays on /prijava", async () => {
    const { page, shop } = j;
    await page.goto("/prijava", { waitUntil: "networkidle" });
    await submitLogin(page, shop.customer.email, `${shop.customer.password}-pogresno`);
    const alert = await visible(page.getByRole("alert").filter({ hasText: /\S/ }).first());
    expect((await alert.textContent())?.trim().length ?? 0).toBeGreaterThan(3);
    expect(pathOf(page)).toBe("/prijava");
    expect((await j.context.cookies()).map((c) => c.name)).not.toContain("accessToken");
    expect(await page.getByRole("banner").locator('a[href="/profil"]').count()).toBe(0);
  });

  it("the right password logs in, the header shows the profile link, and logout ends the session", async () => {
    const { page, shop } = j;
    await page.goto("/prijava", { waitUntil: "networkidle" });
    await submitLogin(page, shop.customer.email, shop.customer.password);
    await waitForPath(page, (p) => p !== "/prijava");
    await visible(page.getByRole("banner").locator('a[href="/profil"]').first());

    // Tokens live in httpOnly cookies (never readable by page scripts).
    const tokenCookies = (await j.context.cookies()).filter((c) => /token/i.test(c.name));
    expect(tokenCookies.length).toBeGreaterThan(0);
    for (const c of tokenCookies) expect(c.httpOnly, `${c.name} is httpOnly`).toBe(true);
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/token/i);

    // The profile page (protected) is reachable now and offers logout (SPEC §4).
    await page.goto("/profil", { waitUntil: "networkidle" });
    expect(pathOf(page)).toBe("/profil");
    const logout = page
      .getByRole("button", { name: /odjav/i })
      .or(page.getByRole("link", { name: /odjav/i }))
      .first();
    await visible(logout);
    await logout.click();
    await waitForPath(page, (p) => p === "/");
    // The header switches back to the logged-out state (its login link) once the navigation has rendered.
    await visible(page.getByRole("banner").locator('a[href="/prijava"]').first());
    await page.getByRole("banner").locator('a[href="/profil"]').first().waitFor({ state: "detached" });
    expect((await j.context.cookies()).filter((c) => /token/i.test(c.name) && c.value !== "")).toEqual([]);

    // Logged out for real: the protected page sends us to the login page again.
    await page.goto("/profil");
    await waitForPath(page, (p) => p === "/prijava");
  });

  it("after too many failed logins the form shows the captcha, which the browser solves as the customer logs in", async () => {
    const { page, shop } = j;
    await page.goto("/prijava", { waitUntil: "networkidle" });
    for (let i = 0; i < 6; i++) {
      await submitLogin(page, shop.customer.email, `Krivo-${i}-lozinka`);
      await page.waitForLoadState("networkidle");
    }
    await visible(page.getByText("Bilo je previše neuspjelih prijava na ovaj račun."));
    await visible(page.locator("altcha-widget"));
    await submitLogin(page, shop.customer.email, shop.customer.password);
    await waitForPath(page, (p) => p !== "/prijava", 30_000);
    await visible(page.getByRole("banner").locator('a[href="/profil"]').first());
  });
});
