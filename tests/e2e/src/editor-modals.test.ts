import { describe, expect, it } from "vitest";
import { visible, waitForPath } from "./support/assert.ts";
import { seriousViolations } from "./support/axe.ts";
import { useJourney } from "./support/fixtures.ts";
import { logInAsStaff } from "./support/staff.ts";

/** Issue 13's editing modals: a new page from the admin bar, and a menu edited in the navigation editor. */
describe("editing modals", () => {
  const j = useJourney();

  it("staff create a page from a template in the new page modal and land on it in edit mode", async () => {
    const { page, shop } = j;
    await logInAsStaff(page, shop.admin.email, shop.admin.password);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/");
    const open = page.getByRole("navigation", { name: "Alati za osoblje" }).getByRole("button", { name: "Nova stranica" });
    await visible(open);
    // The modal is its own chunk: not fetched until staff open it.
    expect(scripts.filter((url) => url.includes("new-page-modal"))).toEqual([]);
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Nova stranica" });
    await visible(dialog);
    expect(scripts.filter((url) => url.includes("new-page-modal"))).toHaveLength(1);
    await visible(dialog.getByLabel("Predložak"));
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByLabel("Naslov stranice").fill("Pranje motora");
    expect(await dialog.getByLabel("Adresa (slug)").inputValue()).toBe("pranje-motora");
    // Too short: SPEC §5's message, before anything is sent.
    await dialog.getByLabel("Adresa (slug)").fill("pra");
    await dialog.getByRole("button", { name: "Izradi stranicu" }).click();
    await visible(dialog.getByText("Slug je kratak (minimum 4 znaka)!"));
    expect(await dialog.getByLabel("Adresa (slug)").getAttribute("aria-invalid")).toBe("true");
    expect(await seriousViolations(page)).toEqual([]);

    // A slug another route owns: the platform's field error shows at the slug.
    await dialog.getByLabel("Adresa (slug)").fill("prijava");
    await dialog.getByLabel("Predložak").selectOption({ label: "Usluga" });
    await dialog.getByRole("button", { name: "Izradi stranicu" }).click();
    await visible(dialog.getByText("Taj slug pripada drugoj stranici trgovine. Odaberite drugi."));
    expect(await dialog.getByLabel("Adresa (slug)").getAttribute("aria-invalid")).toBe("true");

    await dialog.getByLabel("Adresa (slug)").fill("pranje-motora");
    await dialog.getByRole("button", { name: "Izradi stranicu" }).press("Enter");
    await waitForPath(page, (p) => p === "/pranje-motora", 20_000);
    expect(new URL(page.url()).searchParams.get("editPage")).toBe("true");
    // The template's blocks, in the editor, under the page's title.
    await visible(page.getByRole("button", { name: "Spremi skicu" }));
    await visible(page.getByRole("heading", { name: "Pranje motora", level: 1 }));
    await visible(page.getByRole("heading", { name: "Kako radimo" }));
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("staff add a linkless menu item with a child link in the navigation editor, and visitors see it", async () => {
    const { page, shop } = j;
    await logInAsStaff(page, shop.admin.email, shop.admin.password);
    await page.goto("/?editPage=true");
    await page.getByRole("button", { name: "Izbornici" }).click();
    await page.getByRole("dialog", { name: "Izbornici" }).getByRole("button", { name: "Glavni izbornik" }).click();
    const dialog = page.getByRole("dialog", { name: "Izbornik: Glavni izbornik" });
    await visible(dialog.getByRole("button", { name: "Dodaj stavku" }));
    expect(await seriousViolations(page)).toEqual([]);

    // A new item's title takes the focus (it starts linkless); children follow their parent, so both come last.
    const newest = dialog.locator('input[id$="-title"]').last();
    const typeIntoNew = async (title: string) => {
      await page.waitForFunction(() => {
        const focused = document.activeElement;
        return focused instanceof HTMLInputElement && focused.id.endsWith("-title") && focused.value === "";
      });
      expect(await newest.evaluate((input) => input === document.activeElement)).toBe(true);
      await page.keyboard.type(title);
    };
    await dialog.getByRole("button", { name: "Dodaj stavku" }).click();
    await typeIntoNew("Naše usluge");
    await dialog.getByRole("button", { name: /^Dodaj podstavku\W+Naše usluge$/ }).click();
    await typeIntoNew("Kontakt stranica");
    const child = dialog.locator("li").filter({ has: page.getByRole("button", { name: /^Ukloni\W+Kontakt stranica$/ }) });
    await child.getByLabel("Vrsta").selectOption("link");

    // Saving a link without a target is refused with a clear message.
    await dialog.getByRole("button", { name: "Spremi" }).click();
    await visible(dialog.getByText("Svaka stavka treba naziv, a svaka poveznica cilj."));

    await child.getByRole("button", { name: /^Odaberi poveznicu\W+Kontakt stranica$/ }).click();
    const link = page.getByRole("dialog", { name: "Poveznica stavke „Kontakt stranica”" });
    await link.getByLabel("Putanju").check();
    await link.getByLabel("Putanja", { exact: true }).fill("kontakt");
    await link.getByRole("button", { name: "Primijeni" }).click();
    await visible(link.getByText("Putanja mora počinjati s / (ili #, mailto:, tel:) i ne smije imati razmake."));
    expect(await seriousViolations(page)).toEqual([]);
    await link.getByLabel("Putanja", { exact: true }).fill("/kontakt");
    await link.getByRole("button", { name: "Primijeni" }).click();
    await visible(child.getByText("/kontakt", { exact: true }));

    await dialog.getByRole("button", { name: "Spremi" }).click();
    await visible(page.getByText("Izbornik je spremljen."));

    const visitor = await (await j.newContext()).newPage();
    await visitor.goto("/");
    const nav = visitor.getByRole("navigation", { name: "Glavna navigacija" });
    const toggle = nav.getByRole("button", { name: "Naše usluge" });
    await visible(toggle);
    await toggle.click();
    const item = nav.getByRole("link", { name: "Kontakt stranica" });
    await visible(item);
    expect(await item.getAttribute("href")).toBe("/kontakt");
    expect(await seriousViolations(visitor)).toEqual([]);
  });
});
