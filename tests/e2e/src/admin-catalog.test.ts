import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { visible, waitForPath } from "./support/assert.ts";
import { seriousViolations } from "./support/axe.ts";
import { useJourney } from "./support/fixtures.ts";
import { useSmtpInbox } from "./support/smtp.ts";
import { inviteStaff, logInAsStaff } from "./support/staff.ts";

const { env, waitForMail } = useSmtpInbox();

const PRODUCT_PAGE = "/product/mikrofiber-krpa";
const CATEGORY_PAGE = "/shop/njega-vozila";

/** A public page as an anonymous visitor gets it: whether the page cache served it, and its text. */
async function visit(page: Page, path: string): Promise<{ cache: string | undefined; text: string }> {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(200);
  return { cache: res?.headers()["x-page-cache"], text: (await page.locator("main").textContent()) ?? "" };
}

/** Issue 12's catalog in the browser: the price a staff member types reaches the shop's cached pages at once. */
describe("back office: catalog", () => {
  const j = useJourney({ env });

  it("an administrator edits a product's price and the shop's product and category pages change", async () => {
    const { page, shop } = j;
    const visitor = await (await j.newContext()).newPage();

    // The visitor's pages are in the page cache with the old price before anything changes.
    for (const path of [PRODUCT_PAGE, CATEGORY_PAGE]) {
      await visit(visitor, path);
      const cached = await visit(visitor, path);
      expect(cached.cache, path).toBe("hit");
      expect(cached.text, path).toContain("9,90");
      expect(cached.text, path).not.toContain("11,40");
    }

    await logInAsStaff(page, shop.admin.email, shop.admin.password);
    await page.getByRole("navigation", { name: "Dijelovi administracije" }).getByRole("link", { name: "Katalog" }).click();
    await waitForPath(page, (p) => p === "/admin/catalog");
    const sub = await visible(page.getByRole("navigation", { name: "Dijelovi kataloga" }));
    for (const part of ["Proizvodi", "Kategorije", "Atributi", "Kuponi", "Članske kartice"])
      await visible(sub.getByRole("link", { name: part }));
    expect(await seriousViolations(page)).toEqual([]);

    // Find the towel by search, by keyboard.
    await page.getByLabel("Naziv ili šifra").fill("krpa");
    await page.getByLabel("Naziv ili šifra").press("Enter");
    await waitForPath(page, (p) => p === "/admin/catalog");
    await page.getByRole("link", { name: "Mikrofiber krpa za sušenje" }).click();
    await waitForPath(page, (p) => /^\/admin\/catalog\/products\/\d+$/.test(p));
    await visible(page.getByRole("heading", { name: "Proizvod: Mikrofiber krpa za sušenje" }));
    expect(await seriousViolations(page)).toEqual([]);

    // A price that is no amount is refused at its field and nothing changes.
    const form = page.locator("form").filter({ has: page.locator('input[name="intent"][value="save"]') });
    const price = form.getByLabel("Cijena", { exact: true });
    await price.fill("11,4O");
    await form.getByRole("button", { name: "Spremi", exact: true }).click();
    await visible(page.getByText("Upišite iznos u eurima, npr. 12,50."));
    expect(await price.getAttribute("aria-invalid")).toBe("true");
    // The page stays where the button was; the field in error takes the focus.
    await page.waitForFunction(() => document.activeElement?.id === "field-retail");
    expect(await seriousViolations(page)).toEqual([]);

    await price.fill("11,40");
    await form.getByRole("button", { name: "Spremi", exact: true }).click();
    await visible(page.getByRole("status").filter({ hasText: "Promjene su spremljene" }));
    expect(await price.inputValue()).toBe("11,40");
    expect(await seriousViolations(page)).toEqual([]);

    // The visitor's next visits are rendered again, with the new price.
    for (const path of [PRODUCT_PAGE, CATEGORY_PAGE]) {
      const fresh = await visit(visitor, path);
      expect(fresh.cache, path).toBe("miss");
      expect(fresh.text, path).toContain("11,40");
    }

    // At 360 px the list and the editor fit the screen.
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ["/admin/catalog", page.url()]) {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
    await page.goto("/admin/catalog/categories");
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto("/admin/catalog/coupons/new");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("a staff member with only the content scope cannot open the catalog", async () => {
    const { shop } = j;
    const email = `urednica-katalog-${Date.now()}@example.hr`;
    await inviteStaff(
      shop,
      waitForMail,
      { email, firstName: "Iva", lastName: "Perić", language: "hr", scopes: ["content"] },
      "Urednica-2024!",
    );

    const editor = j.page;
    await logInAsStaff(editor, email, "Urednica-2024!");
    const nav = editor.getByRole("navigation", { name: "Dijelovi administracije" });
    await visible(nav.getByRole("link", { name: "Privole" }));
    expect(await nav.getByRole("link", { name: "Katalog" }).count()).toBe(0);
    for (const path of ["/admin/catalog", "/admin/catalog/products/new", "/admin/catalog/coupons"]) {
      const refused = await editor.goto(path);
      expect(refused?.status(), path).toBe(403);
      await visible(editor.getByRole("heading", { name: "Nemate pristup" }));
    }
    expect(await seriousViolations(editor)).toEqual([]);
  });
});
