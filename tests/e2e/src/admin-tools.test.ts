import { describe, expect, it } from "vitest";
import { visible, waitForPath } from "./support/assert.ts";
import { seriousViolations } from "./support/axe.ts";
import { useJourney } from "./support/fixtures.ts";
import { submitLogin } from "./support/login.ts";

/** Issue 12's tools outside production: a page template made and reordered, the release notes opened, the section tool. */
describe("back-office tools", () => {
  const j = useJourney({ env: { APP_ENV: "development" } });

  it("an administrator makes a page template, moves a block, reads the release notes and looks at the sections", async () => {
    const { page, shop } = j;
    await page.goto("/adminLogin?redirect=%2Fadmin%2Ftemplates");
    await submitLogin(page, shop.admin.email, shop.admin.password);
    await waitForPath(page, (p) => p === "/admin/templates");
    await visible(page.getByRole("heading", { name: "Usluga" }));
    expect(await seriousViolations(page)).toEqual([]);

    const form = page.locator("form").filter({ has: page.locator('input[name="intent"][value="create"]') });
    await form.getByLabel("Naziv", { exact: true }).fill("Pranje motora");
    await form.getByLabel("Sekcija 1", { exact: true }).selectOption("hero");
    await form.getByLabel("Sekcija 2", { exact: true }).selectOption("faq");
    await form.getByRole("button", { name: "Stvori predložak" }).press("Enter");
    await visible(page.getByText("Predložak je stvoren."));
    const card = page.locator("article").filter({ has: page.getByRole("heading", { name: "Pranje motora" }) });
    await card.getByRole("button", { name: "Pomakni sekciju 2 (Česta pitanja) gore" }).click();
    await visible(page.getByText("Redoslijed sekcija je promijenjen."));
    expect(await card.locator("ol > li").allInnerTexts()).toEqual([
      expect.stringContaining("Česta pitanja"),
      expect.stringContaining("Naslovna sekcija"),
    ]);

    // The release notes load when opened; the badge names the version.
    await visible(page.locator(".dev-tools__badge", { hasText: /Verzija aplikacije v\d+\.\d+\.\d+/ }));
    await page.locator("summary", { hasText: "Bilješke o izdanjima" }).click();
    await visible(page.getByRole("heading", { name: "Nije još izdano" }));
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto("/section-tool");
    await visible(page.getByRole("heading", { name: "Sekcije", level: 1 }));
    await visible(page.getByRole("heading", { name: /Cjenik priceList/ }));
    expect(await seriousViolations(page)).toEqual([]);
  });
});
