import type { Locator, Page } from "playwright-core";

/** Waits until the locator is visible (playwright-core has no expect: this is its toBeVisible). */
export async function visible(locator: Locator, timeout = 10_000): Promise<Locator> {
  await locator.waitFor({ state: "visible", timeout });
  return locator;
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits until the page's pathname satisfies the test (after a redirect or client navigation). */
export async function waitForPath(page: Page, test: (path: string) => boolean, timeout = 10_000): Promise<string> {
  await page.waitForURL((url) => test(url.pathname), { timeout });
  return pathOf(page);
}
