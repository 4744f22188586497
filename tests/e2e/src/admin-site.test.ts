import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { visible, waitForPath } from "./support/assert.ts";
import { seriousViolations } from "./support/axe.ts";
import { useJourney } from "./support/fixtures.ts";
import { apiCall, apiLogin } from "./support/server.ts";
import { logInAsStaff } from "./support/staff.ts";

const MAINTENANCE = "Održavanje u tijeku";

/** Issue 12's site area: the maintenance switch in /admin/settings, and the consent, cache and settings pages by keyboard and at 360 px. */
describe("back office: site", () => {
  const j = useJourney();

  async function adminPage(viewport?: { width: number; height: number }): Promise<Page> {
    const admin = await (await j.newContext(viewport ? { viewport } : {})).newPage();
    await logInAsStaff(admin, j.shop.admin.email, j.shop.admin.password);
    return admin;
  }

  it("an administrator switches maintenance on in /admin/settings (a visitor sees the maintenance page, staff the site) and off again", async () => {
    const { page: visitor, shop } = j;
    // The visitor's home page is cached first: switching maintenance on must not serve it.
    expect((await visitor.goto("/"))?.status()).toBe(200);
    const admin = await adminPage();
    try {
      await admin.getByRole("navigation", { name: "Dijelovi administracije" }).getByRole("link", { name: "Postavke" }).click();
      await waitForPath(admin, (p) => p === "/admin/settings");
      const form = admin.getByRole("form", { name: "Održavanje" });
      await visible(form.getByText("Trgovina je otvorena"));
      expect(await seriousViolations(admin)).toEqual([]);
      await form.getByRole("radio", { name: /Uključeno/ }).check();
      await form.getByLabel("Poruka (Hrvatski)").fill("Vraćamo se u 14 sati.");
      // By keyboard: the button is reached and pressed like any other.
      await form.getByRole("button", { name: "Spremi održavanje" }).focus();
      await admin.keyboard.press("Enter");
      await visible(admin.getByRole("status").filter({ hasText: "Održavanje je uključeno" }));
      await visible(form.getByText("Održavanje je uključeno", { exact: true }));
      expect(await seriousViolations(admin)).toEqual([]);

      const closed = await visitor.reload();
      expect(closed?.status()).toBe(503);
      await visible(visitor.getByRole("heading", { name: MAINTENANCE }));
      await visible(visitor.getByText("Vraćamo se u 14 sati."));

      const staffView = await admin.goto("/");
      expect(staffView?.status()).toBe(200);
      await visible(admin.getByRole("navigation", { name: "Alati za osoblje" }));
      expect(await admin.getByRole("heading", { name: MAINTENANCE }).count()).toBe(0);

      await admin.goto("/admin/settings");
      const again = admin.getByRole("form", { name: "Održavanje" });
      await again.getByRole("radio", { name: "Isključeno" }).check();
      await again.getByRole("button", { name: "Spremi održavanje" }).click();
      await visible(admin.getByRole("status").filter({ hasText: "Održavanje je isključeno" }));
    } finally {
      // Whatever failed above, the shop is open again for the next test.
      const token = await apiLogin(shop, shop.admin, DEMO_API_KEY);
      await apiCall(shop, "PUT", "/v1/maintenance", { enabled: false }, token);
    }

    const open = await visitor.reload();
    expect(open?.status()).toBe(200);
    expect(await visitor.getByRole("heading", { name: MAINTENANCE }).count()).toBe(0);
  });

  it("the consent, cache and settings pages are axe-clean and fit 360 px", async () => {
    const admin = await adminPage({ width: 360, height: 740 });
    for (const [path, heading] of [
      ["/admin/consent", "Privole"],
      ["/admin/consent/registration", "Privole: Registracija"],
      ["/admin/cache", "Predmemorija"],
      ["/admin/settings", "Postavke"],
    ] as const) {
      const res = await admin.goto(path);
      expect(res?.status(), path).toBe(200);
      await visible(admin.getByRole("heading", { level: 1, name: heading }));
      expect(await seriousViolations(admin), path).toEqual([]);
      expect(await admin.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }

    // Clearing a cache from its page lands back on it with the notice.
    await admin.goto("/admin/cache");
    await admin.getByRole("button", { name: "Isprazni sve" }).click();
    await visible(admin.getByRole("status").filter({ hasText: "Sve predmemorije su ispražnjene." }));

    // A place's consent edited: the new text is what registration shows.
    await admin.goto("/admin/consent/registration");
    const marketing = admin.getByRole("group", { name: "Privola marketing-newsletter" });
    await marketing.getByLabel("Tekst (Hrvatski)").fill("Želim primati <strong>novosti</strong> e-poštom.");
    await admin.getByRole("button", { name: "Spremi privole" }).click();
    await visible(admin.getByRole("status").filter({ hasText: "Privole su spremljene." }));
    const visitor = j.page;
    await visitor.goto("/registracija");
    await visible(visitor.getByText("Želim primati novosti e-poštom."));
  });
});
