import { describe, expect, it } from "vitest";
import { visible, waitForPath } from "./support/assert.ts";
import { seriousViolations } from "./support/axe.ts";
import { useJourney } from "./support/fixtures.ts";
import { submitLogin } from "./support/login.ts";
import { useSmtpInbox } from "./support/smtp.ts";
import { acceptInvitation, logInAsStaff } from "./support/staff.ts";

const { env, waitForMail } = useSmtpInbox();

/** Issue 12's way in: the staff login, the admin layout and start page, the admin bar, and a scope that does not open everything. */
describe("back office", () => {
  const j = useJourney({ env });

  it("an administrator logs in at /adminLogin, sees the start page and the admin bar on the home page, and adds a content editor", async () => {
    const { page, shop } = j;
    const admin = await page.goto("/admin");
    expect(admin?.status()).toBe(200);
    await waitForPath(page, (p) => p === "/adminLogin");
    await visible(page.getByRole("heading", { name: "Prijava za osoblje" }));
    expect(await seriousViolations(page)).toEqual([]);
    await submitLogin(page, shop.admin.email, shop.admin.password);
    await waitForPath(page, (p) => p === "/admin");
    await visible(page.getByRole("heading", { name: /Dobro došli/ }));
    const nav = page.getByRole("navigation", { name: "Dijelovi administracije" });
    for (const section of ["Narudžbe", "Katalog", "Kupci", "Moderiranje", "Privole", "Predmemorija", "Osoblje", "Dnevnik promjena"]) {
      await visible(nav.getByRole("link", { name: section }));
    }
    expect(await seriousViolations(page)).toEqual([]);

    // The orders section.
    await nav.getByRole("link", { name: "Narudžbe" }).click();
    await waitForPath(page, (p) => p === "/admin/orders");
    await visible(page.getByRole("heading", { level: 1, name: "Narudžbe" }));

    // The staff page, by keyboard: a new editor with only the content scope.
    await page.goto("/admin/staff");
    const email = `urednica-${Date.now()}@example.hr`;
    const form = page.locator("form").filter({ has: page.locator('input[name="intent"][value="create"]') });
    await form.getByLabel("E-pošta", { exact: true }).fill(email);
    await form.getByLabel("Ime", { exact: true }).fill("Iva");
    await form.getByLabel("Prezime", { exact: true }).fill("Perić");
    await form.getByLabel("sadržaj", { exact: true }).check();
    await form.getByRole("button", { name: "Dodaj" }).focus();
    await page.keyboard.press("Enter");
    await visible(page.getByRole("status").filter({ hasText: "Član osoblja je dodan" }));
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto("/admin/audit");
    await visible(page.getByText("staff.create").first());
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto("/");
    const bar = await visible(page.getByRole("navigation", { name: "Alati za osoblje" }));
    await visible(bar.getByRole("link", { name: "Administracija" }));
    await visible(bar.getByText("Način uređivanja"));
    expect(await seriousViolations(page)).toEqual([]);

    // The invitation lets the editor set a password.
    await acceptInvitation(shop, waitForMail, email, "Urednica-2024!");

    const editor = await (await j.newContext({ viewport: { width: 360, height: 740 } })).newPage();
    await logInAsStaff(editor, email, "Urednica-2024!");
    const editorNav = editor.getByRole("navigation", { name: "Dijelovi administracije" });
    await visible(editorNav.getByRole("link", { name: "Privole" }));
    expect(await editorNav.getByRole("link", { name: "Dnevnik promjena" }).count()).toBe(0);
    expect(await seriousViolations(editor)).toEqual([]);
    for (const path of ["/admin/audit", "/admin/staff"]) {
      const refused = await editor.goto(path);
      expect(refused?.status()).toBe(403);
      await visible(editor.getByRole("heading", { name: "Nemate pristup" }));
      await visible(editor.getByText("Vaša uloga ne uključuje ovaj dio administracije"));
    }
    // At 360 px nothing runs off the side.
    expect(await editor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
