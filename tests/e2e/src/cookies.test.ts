import { AxeBuilder } from "@axe-core/playwright";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pathOf, visible } from "./support/assert.ts";
import { useJourney } from "./support/fixtures.ts";

/** The demo's analytics and tag-manager ids (seed): every script address carries one of them. */
const TRACKER = /G-DEMO000000|GTM-DEMO000|googletagmanager|google-analytics/;

/** Every request a page makes to an analytics or tag-manager address. */
function watchTrackers(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (req) => {
    if (TRACKER.test(req.url())) seen.push(req.url());
  });
  return seen;
}

const trackerScripts = (page: Page) =>
  page.locator("script[src]").evaluateAll((scripts) => scripts.map((s) => s.getAttribute("src") ?? ""));

/** The stored choice, decoded (a comma is not a cookie character, so it travels as %2C). */
async function acceptedCookies(context: BrowserContext): Promise<string | undefined> {
  const value = (await context.cookies()).find((c) => c.name === "acceptedCookies")?.value;
  return value === undefined ? undefined : decodeURIComponent(value);
}

const cookieBanner = (page: Page) => page.locator("section.cookie-banner");
const settingsDialog = (page: Page) => page.getByRole("dialog", { name: "Postavke kolačića" });

async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** The two banner choices have the same size (EDPB: refusing is as easy and as visible as accepting). */
async function expectEqualChoices(page: Page) {
  const banner = await visible(cookieBanner(page));
  const all = await banner.getByRole("button", { name: "Prihvati sve" }).boundingBox();
  const necessary = await banner.getByRole("button", { name: "Samo nužni" }).boundingBox();
  expect(all && necessary).toBeTruthy();
  if (!all || !necessary) return;
  expect(Math.abs(all.width - necessary.width)).toBeLessThanOrEqual(1);
  expect(Math.abs(all.height - necessary.height)).toBeLessThanOrEqual(1);
  expect(Math.abs(all.y - necessary.y), "side by side").toBeLessThanOrEqual(1);
  expect(all.height).toBeGreaterThanOrEqual(44);
}

describe("cookie consent", () => {
  const j = useJourney();

  it("only necessary cookies load no analytics; the footer's settings then allow analytics and its script appears", async () => {
    const { page, context } = j;
    const trackers = watchTrackers(page);
    await page.goto("/", { waitUntil: "networkidle" });
    await expectEqualChoices(page);
    expect(await trackerScripts(page)).not.toContainEqual(expect.stringMatching(TRACKER));

    // The banner leaves at once; the choice is stored when the answer arrives.
    await Promise.all([
      page.waitForResponse((res) => res.url().includes("/cookies/accept")),
      cookieBanner(page).getByRole("button", { name: "Samo nužni" }).click(),
    ]);
    await cookieBanner(page).waitFor({ state: "detached" });
    expect(await acceptedCookies(context)).toBe("necessary");

    // A fresh page with the choice made: still no tracker, neither as a tag nor as a request.
    await page.goto("/objave", { waitUntil: "networkidle" });
    expect(await cookieBanner(page).count()).toBe(0);
    expect(await trackerScripts(page)).not.toContainEqual(expect.stringMatching(TRACKER));
    expect(trackers).toEqual([]);

    await page.getByRole("contentinfo").getByRole("link", { name: "Postavke kolačića" }).click();
    const dialog = await visible(settingsDialog(page));
    const necessary = dialog.getByRole("checkbox", { name: /Nužni/ });
    const analytics = dialog.getByRole("checkbox", { name: "Analitički" });
    const marketing = dialog.getByRole("checkbox", { name: "Marketinški" });
    expect(await necessary.isChecked()).toBe(true);
    expect(await necessary.isDisabled()).toBe(true);
    expect(await analytics.isChecked()).toBe(false);
    expect(await marketing.isChecked()).toBe(false);

    await analytics.check();
    await dialog.getByRole("button", { name: "Spremi odabir" }).click();
    await settingsDialog(page).waitFor({ state: "hidden" });
    await page.locator('script[data-cookie-category="analytics"]').waitFor({ state: "attached" });
    expect(await trackerScripts(page)).toContainEqual(expect.stringContaining("G-DEMO000000"));
    expect(await trackerScripts(page)).not.toContainEqual(expect.stringContaining("GTM-DEMO000"));
    expect(await acceptedCookies(context)).toBe("necessary,analytics");
    await visible(page.getByRole("status").filter({ hasText: "Vaš odabir kolačića je spremljen." }));

    // Next page, rendered on the server with the choice: the script comes with the page's nonce, loads and runs.
    const [loaded] = await Promise.all([
      page.waitForResponse((res) => res.url().includes("/analytics/gtag.js")),
      page.goto("/", { waitUntil: "networkidle" }),
    ]);
    expect(loaded.status()).toBe(200);
    const script = page.locator('script[data-cookie-category="analytics"]');
    expect(await script.count()).toBe(1);
    expect(await script.evaluate((s) => (s as HTMLScriptElement).nonce.length)).toBeGreaterThan(10);
    await page.waitForFunction(
      () => (window as { demoAnalytics?: Record<string, { loaded: boolean }> }).demoAnalytics?.["gtag.js"]?.loaded,
    );
    expect(j.consoleErrors).toEqual([]);
  });

  it("the banner's settings start with analytics and marketing unticked, and withdrawing is one click", async () => {
    const { page, context } = j;
    await page.goto("/", { waitUntil: "networkidle" });
    await cookieBanner(page).getByRole("link", { name: "Postavke" }).click();
    const dialog = await visible(settingsDialog(page));
    expect(await dialog.getByRole("checkbox", { name: "Analitički" }).isChecked()).toBe(false);
    expect(await dialog.getByRole("checkbox", { name: "Marketinški" }).isChecked()).toBe(false);

    await dialog.getByRole("button", { name: "Prihvati sve" }).click();
    await page.locator('script[data-cookie-category="marketing"]').waitFor({ state: "attached" });
    expect(await acceptedCookies(context)).toBe("necessary,marketing,analytics");

    // Withdrawing from the footer: the page starts afresh without the scripts.
    await page.getByRole("contentinfo").getByRole("link", { name: "Postavke kolačića" }).click();
    const reopened = await visible(settingsDialog(page));
    expect(await reopened.getByRole("checkbox", { name: "Analitički" }).isChecked()).toBe(true);
    await Promise.all([page.waitForEvent("load"), reopened.getByRole("button", { name: "Samo nužni" }).click()]);
    await page.waitForLoadState("networkidle");
    expect(await acceptedCookies(context)).toBe("necessary");
    expect(await trackerScripts(page)).not.toContainEqual(expect.stringMatching(TRACKER));
  });

  it("works without JavaScript: form posts that come back to the page, the settings shown from the footer link", async () => {
    const context = await j.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/objave", { waitUntil: "load" });
    await cookieBanner(page).getByRole("button", { name: "Samo nužni" }).click();
    await page.waitForLoadState("load");
    expect(pathOf(page)).toBe("/objave");
    expect(await cookieBanner(page).count()).toBe(0);
    expect(await acceptedCookies(context)).toBe("necessary");

    await page.getByRole("contentinfo").getByRole("link", { name: "Postavke kolačića" }).click();
    const dialog = await visible(page.locator("#cookie-settings"));
    await dialog.getByRole("checkbox", { name: "Analitički" }).check();
    await dialog.getByRole("button", { name: "Spremi odabir" }).click();
    await page.waitForLoadState("load");
    expect(pathOf(page)).toBe("/objave");
    expect(await acceptedCookies(context)).toBe("necessary,analytics");
    expect(await page.locator("#cookie-settings").isVisible()).toBe(false);
    expect(await trackerScripts(page)).toContainEqual(expect.stringContaining("G-DEMO000000"));
  });

  it("refuses a choice posted from another site", async () => {
    const res = await j.page.request.post("/cookies/accept", {
      form: { categories: "all" },
      headers: { Origin: "https://evil.example", Accept: "text/html" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(403);
    expect(res.headers()["set-cookie"] ?? "").not.toContain("acceptedCookies");
  });

  it("the banner and the settings have no serious or critical WCAG 2.1 AA violations (axe-core)", async () => {
    const { page } = j;
    await page.goto("/", { waitUntil: "networkidle" });
    await visible(cookieBanner(page));
    expect(await seriousViolations(page, "section.cookie-banner")).toEqual([]);
    await cookieBanner(page).getByRole("link", { name: "Postavke" }).click();
    await visible(settingsDialog(page));
    expect(await seriousViolations(page, "#cookie-settings")).toEqual([]);
  });
});

describe("cookie consent at 360 px", () => {
  const j = useJourney({ context: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } });

  it("the banner's choices stay equal and everything fits the screen, the settings too", async () => {
    const { page } = j;
    await page.goto("/", { waitUntil: "networkidle" });
    await expectEqualChoices(page);
    const box = await cookieBanner(page).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    await cookieBanner(page).getByRole("link", { name: "Postavke" }).click();
    const dialog = await visible(settingsDialog(page));
    const dialogBox = await dialog.boundingBox();
    expect(dialogBox && dialogBox.x >= 0 && dialogBox.x + dialogBox.width <= 360).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page, "#cookie-settings")).toEqual([]);
  });
});

describe("registration consents", () => {
  const j = useJourney();

  it("shows the registration consents, requires the starred one and registers once it is ticked", async () => {
    const { page } = j;
    await page.goto("/registracija", { waitUntil: "networkidle" });
    const privacy = page.getByRole("checkbox", { name: /Izjavu o zaštiti privatnosti/ });
    const newsletter = page.getByRole("checkbox", { name: /novosti i ponude/ });
    expect(await privacy.isChecked()).toBe(false);
    expect(await newsletter.isChecked()).toBe(false);
    expect(await page.locator(".consent__star").count()).toBe(1);

    // The account's own fields come first; the (closed) address sections have fields of the same names.
    await page.getByLabel("Ime", { exact: true }).first().fill("Marija");
    await page.getByLabel("Prezime", { exact: true }).first().fill("Horvat");
    await page.getByLabel("E-mail", { exact: true }).first().fill(`marija-${Date.now()}@example.hr`);
    await page.getByLabel("Lozinka", { exact: true }).fill("Lozinka-2024");
    await page.getByLabel(/Ponovite lozinku/).fill("Lozinka-2024");
    await newsletter.check();
    await page.getByRole("button", { name: "Registriraj se" }).click();
    await visible(page.getByText("Morate prihvatiti obavezne privole."));
    expect(pathOf(page)).toBe("/registracija");

    await privacy.check();
    await page.getByRole("button", { name: "Registriraj se" }).click();
    // Accepted: the page says to look for the e-mail (the same answer whether or not the address had an account).
    await visible(page.getByText("Provjerite svoj e-mail"));
    expect(await page.getByText("Morate prihvatiti obavezne privole.").count()).toBe(0);
  });
});
