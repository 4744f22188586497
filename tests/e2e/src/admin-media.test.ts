import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { visible } from "./support/assert.ts";
import { seriousViolations } from "./support/axe.ts";
import { useJourney } from "./support/fixtures.ts";
import { apiCall, apiLogin } from "./support/server.ts";
import { logInAsStaff } from "./support/staff.ts";

/** Issue 13's media library in the back office: drop files, read why one was refused, write alt text in English, see where a file is used before deleting it. */
describe("back office: media library", () => {
  const j = useJourney();

  async function adminPage(viewport?: { width: number; height: number }): Promise<Page> {
    const admin = await (await j.newContext(viewport ? { viewport } : {})).newPage();
    await logInAsStaff(admin, j.shop.admin.email, j.shop.admin.password);
    return admin;
  }

  const png = async (background: string) =>
    (
      await sharp({ create: { width: 320, height: 200, channels: 3, background } })
        .png()
        .toBuffer()
    ).toString("base64");

  /** Drops files on the zone as a browser does: a drop event carrying a DataTransfer built in the page. */
  async function dropFiles(page: Page, files: { name: string; type: string; base64: string }[]): Promise<void> {
    await page.getByTestId("media-drop").evaluate((zone, sent) => {
      const transfer = new DataTransfer();
      for (const f of sent) {
        const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], f.name, { type: f.type }));
      }
      zone.dispatchEvent(new DragEvent("dragover", { bubbles: true, cancelable: true, dataTransfer: transfer }));
      zone.dispatchEvent(new DragEvent("drop", { bubbles: true, cancelable: true, dataTransfer: transfer }));
    }, files);
  }

  /** The modal is a real one: a modal dialog, with focus inside it. */
  async function expectModal(modal: Locator): Promise<void> {
    await visible(modal);
    expect(await modal.evaluate((d) => d.matches(":modal") && d.contains(document.activeElement))).toBe(true);
  }

  const hasFocus = (element: Locator) => element.evaluate((e) => e === document.activeElement);

  it("staff drop two pictures and a disguised script, write the English alt text in the edit modal, and see where a used file is before deleting it", async () => {
    // The test's own page, whose console errors the journey collects (a hydration mismatch of the modal among them).
    const admin = j.page;
    await logInAsStaff(admin, j.shop.admin.email, j.shop.admin.password);
    await admin.getByRole("navigation", { name: "Dijelovi administracije" }).getByRole("link", { name: "Medijateka" }).click();
    await visible(admin.getByRole("heading", { level: 1, name: "Medijateka" }));
    expect(await seriousViolations(admin)).toEqual([]);

    await dropFiles(admin, [
      { name: "crveni-auto.png", type: "image/png", base64: await png("#c00") },
      { name: "plavi-auto.png", type: "image/png", base64: await png("#03c") },
      { name: "slika.jpg", type: "image/jpeg", base64: Buffer.from("<?php system($_GET['c']); ?>").toString("base64") },
    ]);
    await visible(admin.getByText("Dodano datoteka: 2."));
    await visible(admin.getByText("Odbijeno datoteka: 1."));
    await visible(
      admin.getByRole("listitem").filter({ hasText: "slika.jpg: Sadržaj datoteke ne odgovara vrsti koju navodi njezin naziv." }),
    );
    // The list shows the new files once the upload is done.
    const openRed = admin.getByRole("button", { name: "Uredi: crveni-auto" });
    await visible(openRed);
    await visible(admin.getByRole("button", { name: "Uredi: plavi-auto" }));
    expect(await seriousViolations(admin)).toEqual([]);

    await openRed.click();
    const modal = admin.getByRole("dialog", { name: "Uređivanje: crveni-auto" });
    await expectModal(modal);
    const english = modal.getByRole("group", { name: "Engleski" });
    await english.getByLabel("Naslov").fill("Red car");
    await english.getByLabel("Alternativni tekst").fill("A red car after the wash");
    // The focal point by keyboard: focus the picture and move the point right.
    await modal.getByRole("slider", { name: "Žarišna točka na slici" }).focus();
    await admin.keyboard.press("ArrowRight");
    await expect.poll(() => modal.getByLabel("Vodoravno (%)").inputValue()).toBe("55");
    expect(await seriousViolations(admin)).toEqual([]);
    await modal.getByRole("button", { name: "Spremi" }).click();
    await visible(modal.getByRole("status").filter({ hasText: "Promjene su spremljene." }));
    // Still open after the save; Escape closes it and focus is back on the file's button.
    await expectModal(modal);
    await admin.keyboard.press("Escape");
    await expect.poll(() => modal.count()).toBe(0);
    await expect.poll(() => hasFocus(openRed)).toBe(true);

    const token = await apiLogin(j.shop, j.shop.admin, DEMO_API_KEY);
    const found = await apiCall<{ records: { id: number; title: string; alt: string; focalPoint: { x: number } }[] }>(
      j.shop,
      "POST",
      "/v1/media/filterStandard",
      { search: "Red car" },
      token,
      "en",
    );
    expect(found.records.map((r) => [r.title, r.alt, r.focalPoint.x])).toEqual([["Red car", "A red car after the wash", 55]]);

    // A file nothing shows: the delete asks once, and the list no longer has it.
    await admin.getByRole("button", { name: "Uredi: plavi-auto" }).click();
    const blue = admin.getByRole("dialog", { name: "Uređivanje: plavi-auto" });
    await expectModal(blue);
    await blue.getByRole("link", { name: "Obriši datoteku" }).click();
    const question = blue.getByRole("alert").filter({ hasText: "Datoteka se nigdje ne koristi. Obrisati je?" });
    await visible(question);
    await expect.poll(() => hasFocus(question)).toBe(true);
    await question.getByRole("button", { name: "Obriši", exact: true }).click();
    await visible(admin.getByRole("status").filter({ hasText: "Datoteka je obrisana." }));
    expect(await blue.count()).toBe(0);
    expect(await admin.getByRole("button", { name: "Uredi: plavi-auto" }).count()).toBe(0);

    // A file the demo's pages show: deleting it first says where.
    await admin.getByRole("searchbox", { name: "Traži po naslovu" }).fill("Automobil u pjeni");
    await admin.getByRole("button", { name: "Traži" }).click();
    const openFoam = admin.getByRole("button", { name: "Uredi: Automobil u pjeni aktivnog šampona" });
    await openFoam.click();
    const foam = admin.getByRole("dialog", { name: "Uređivanje: Automobil u pjeni aktivnog šampona" });
    await expectModal(foam);
    await foam.getByRole("link", { name: "Obriši datoteku" }).click();
    const warning = foam.getByRole("alert").filter({ hasText: /Datoteka se koristi na \d+ mjesta/ });
    await visible(warning);
    await visible(warning.getByRole("listitem").first());
    expect(await warning.getByRole("listitem").allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/Stranica ili objava/)]),
    );
    await visible(warning.getByRole("button", { name: "Ipak obriši" }));
    expect(await seriousViolations(admin)).toEqual([]);
    await warning.getByRole("link", { name: "Odustani" }).click();
    const deleteStart = foam.getByRole("link", { name: "Obriši datoteku" });
    await visible(deleteStart);
    await expect.poll(() => hasFocus(deleteStart)).toBe(true);
    // The close link, like Escape, gives focus back to the file's button; the file is still there.
    await foam.getByRole("link", { name: "Zatvori" }).click();
    await expect.poll(() => foam.count()).toBe(0);
    await expect.poll(() => hasFocus(openFoam)).toBe(true);
    expect(j.consoleErrors).toEqual([]);
  });

  it("opens the edit modal by keyboard at 360 px: axe-clean, within the screen, Escape back to its button", async () => {
    const admin = await adminPage({ width: 360, height: 740 });
    await admin.goto("/admin/media");
    await visible(admin.getByRole("heading", { level: 1, name: "Medijateka" }));
    expect(await seriousViolations(admin)).toEqual([]);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const opener = admin.getByRole("button", { name: /^Uredi: / }).first();
    await opener.focus();
    await admin.keyboard.press("Enter");
    const modal = admin.getByRole("dialog", { name: /^Uređivanje: / });
    await expectModal(modal);
    expect(await seriousViolations(admin)).toEqual([]);
    const box = await modal.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    expect(await modal.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await admin.keyboard.press("Escape");
    await expect.poll(() => modal.count()).toBe(0);
    await expect.poll(() => hasFocus(opener)).toBe(true);
  });

  it("shows a staff member the admin bar on a page, but not in the phone preview's frame (mobileView=true)", async () => {
    const admin = await adminPage();
    const bar = admin.getByRole("navigation", { name: "Alati za osoblje" });
    await admin.goto("/");
    await visible(bar);
    // The server's HTML already leaves it out, so no script can bring it in later.
    const html = await (await admin.request.get("/?mobileView=true")).text();
    expect(html).toContain('id="main"');
    expect(html).not.toContain("Alati za osoblje");
    expect(await (await admin.request.get("/")).text()).toContain("Alati za osoblje");
    await admin.goto("/?mobileView=true");
    await visible(admin.getByRole("main"));
    expect(await bar.count()).toBe(0);
  });
});
