import { AxeBuilder } from "@axe-core/playwright";
import { describe, expect, it } from "vitest";
import { visible } from "./support/assert.ts";
import { useJourney } from "./support/fixtures.ts";
import { submitLogin } from "./support/login.ts";

describe("home page", () => {
  const j = useJourney();

  it("renders header navigation and a footer with opening hours and the EU notice, without console errors", async () => {
    const { page } = j;
    const res = await page.goto("/", { waitUntil: "networkidle" });
    expect(res?.status()).toBe(200);
    expect(await page.locator("html").getAttribute("lang")).toBe("hr");

    const banner = await visible(page.getByRole("banner").first());
    await visible(banner.getByRole("navigation").first());
    expect(await banner.getByRole("link").count()).toBeGreaterThan(0);

    const footer = await visible(page.getByRole("contentinfo").first());
    expect(await footer.textContent()).toContain("Ponedjeljak");
    const euLinks = await footer
      .locator("a")
      .evaluateAll(
        (links) =>
          links.filter((a) =>
            /\bEU\b|europsk|eu-projekt/i.test(`${a.textContent} ${a.getAttribute("aria-label") ?? ""} ${a.getAttribute("href")}`),
          ).length,
      );
    expect(euLinks, "footer links to the EU co-financed project page").toBeGreaterThan(0);

    await visible(page.getByRole("main"));
    expect(await page.getByRole("heading", { level: 1 }).count()).toBeGreaterThan(0);
    expect(j.consoleErrors).toEqual([]);
  });

  it("has no serious or critical WCAG 2.1 AA violations (axe-core)", async () => {
    const { page } = j;
    await page.goto("/", { waitUntil: "networkidle" });
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const blocking = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
    expect(blocking).toEqual([]);
    expect(results.passes.length).toBeGreaterThan(0);
  });
});

describe("header at every width", () => {
  const j = useJourney();

  it("fits the page at the sidebar's and the row's edges, in the longest language and set, signed out and in", async () => {
    const { page, shop } = j;
    // The car-wash set has the long call to action; German has the longest labels; a customer adds a name and 'Abmelden'.
    const paths = ["/autopraonica", "/de/shop"];
    const widths = [360, 480, 1199, 1200, 1365, 1366, 1920];
    const overflowing = async (who: string): Promise<string[]> => {
      const found: string[] = [];
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        for (const path of paths) {
          await page.goto(path, { waitUntil: "networkidle" });
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          if (scrollWidth > width) found.push(`${who} ${path} at ${width} px: ${scrollWidth} px wide`);
        }
      }
      return found;
    };
    const visitor = await overflowing("visitor");
    await page.goto("/prijava");
    await submitLogin(page, shop.customer.email, shop.customer.password);
    await visible(page.getByRole("banner").getByRole("link", { name: /Marko/ }));
    expect([...visitor, ...(await overflowing("customer"))]).toEqual([]);
  });
});
