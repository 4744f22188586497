import type { Page } from "playwright-core";

/** Fills the login form on the current page and submits it. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Lozinka", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Prijava", exact: true }).click();
}
