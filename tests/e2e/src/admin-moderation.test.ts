import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import { describe, expect, it } from "vitest";
import { visible, waitForPath } from "./support/assert.ts";
import { seriousViolations } from "./support/axe.ts";
import { useJourney } from "./support/fixtures.ts";
import { submitLogin } from "./support/login.ts";
import { apiCall, apiLogin } from "./support/server.ts";
import { useSmtpInbox } from "./support/smtp.ts";
import { inviteStaff, logInAsStaff } from "./support/staff.ts";

const { env, waitForMail } = useSmtpInbox();

const KIT = "/product/paket-njege";

/** Issue 12's moderation and customers, in the browser, with the page cache on (the default). */
describe("back office: moderation and customers", () => {
  const j = useJourney({ env });

  it("a review waits under RequireAdminPublishing, an administrator publishes it, and the cached product page shows it", async () => {
    const { page, shop } = j;
    const adminToken = await apiLogin(shop, shop.admin, DEMO_API_KEY);
    await apiCall(shop, "PUT", "/v1/option/RequireAdminPublishing", { value: "true" }, adminToken);

    // A visitor's product page, now kept by the page cache.
    const visitor = await (await j.newContext()).newPage();
    await visitor.goto(KIT);
    expect((await visitor.goto(KIT))?.headers()["x-page-cache"]).toBe("hit");

    // The customer reviews the kit: it waits for a moderator.
    await page.goto(`/prijava?redirect=${encodeURIComponent(KIT)}`);
    await submitLogin(page, shop.customer.email, shop.customer.password);
    await waitForPath(page, (p) => p === KIT);
    const text = `Temeljito pranje, preporučujem (${Date.now()}).`;
    const form = page.locator("#review-form");
    await form.getByRole("radio", { name: "5 od 5" }).check();
    await form.getByLabel("Komentar").fill(text);
    await form.getByRole("button", { name: "Objavi recenziju" }).click();
    await visible(page.getByText("Prikazat ćemo je čim je pregledamo"));

    await visitor.reload();
    await visible(visitor.getByRole("heading", { level: 1 }));
    expect(await visitor.getByText(text).count()).toBe(0);

    // The administrator publishes it from the queue, by keyboard.
    const admin = await (await j.newContext()).newPage();
    await logInAsStaff(admin, shop.admin.email, shop.admin.password);
    await admin.getByRole("navigation", { name: "Dijelovi administracije" }).getByRole("link", { name: "Moderiranje" }).click();
    await waitForPath(admin, (p) => p === "/admin/moderation");
    const item = admin.getByRole("article").filter({ has: admin.getByText(text) });
    await visible(item.getByText("čeka objavu"));
    expect(await seriousViolations(admin)).toEqual([]);
    await item.getByRole("button", { name: "Objavi" }).focus();
    await admin.keyboard.press("Enter");
    await visible(admin.getByRole("status").filter({ hasText: "Objavljeno je." }));
    expect(await admin.getByText(text).count()).toBe(0);

    // The visitor's cached page gave way: the review is there now.
    await visitor.reload();
    await visible(visitor.locator(".review").filter({ hasText: text }));
  });

  it("the moderation pages and the customers are axe-clean, and fit 360 px", async () => {
    const { page, shop } = j;
    await page.setViewportSize({ width: 360, height: 740 });
    await logInAsStaff(page, shop.admin.email, shop.admin.password);

    // A failed request to redirect.
    const old = `/stari-cjenik-${Date.now()}`;
    const missing = await page.goto(old);
    expect(missing?.status()).toBe(404);

    const sub = () => page.getByRole("navigation", { name: "Dijelovi moderiranja" });
    await page.goto("/admin/moderation");
    for (const [link, path] of [
      ["Poslani obrasci", "/admin/moderation/submissions"],
      ["Pretplatnici newslettera", "/admin/moderation/subscribers"],
      ["Nepostojeće adrese", "/admin/moderation/failed-requests"],
    ] as const) {
      await sub().getByRole("link", { name: link }).click();
      await waitForPath(page, (p) => p === path);
      await visible(page.getByRole("heading", { level: 1, name: link }));
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }

    const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: old }) });
    await row.getByLabel("Preusmjeri na (putanja)").fill("/kontakt");
    await row.getByLabel("Vrsta").selectOption("302");
    await row.getByRole("button", { name: "Napravi preusmjeravanje" }).click();
    await visible(page.getByRole("status").filter({ hasText: `${old} sada se preusmjerava na /kontakt` }));
    await page.goto(old);
    await waitForPath(page, (p) => p === "/kontakt");

    await page.goto("/admin/customers");
    const search = page.getByRole("search");
    await search.getByLabel("Traži kupca").fill(shop.customer.email);
    await search.getByRole("button", { name: "Traži" }).click();
    await page.getByRole("table").getByRole("link").first().click();
    await waitForPath(page, (p) => /^\/admin\/customers\/\d+$/.test(p));
    await visible(page.getByText(shop.customer.email).first());
    await visible(page.getByRole("link", { name: "Preuzmi podatke kupca (JSON)" }));
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Obriši podatke kupca…" }).click();
    await visible(page.getByText("Potvrđujem da kupac traži brisanje"));
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it("staff with only the shop scope cannot open moderation", async () => {
    const { page, shop } = j;
    const email = `trgovina-${Date.now()}@example.hr`;
    await inviteStaff(
      shop,
      waitForMail,
      { email, firstName: "Tin", lastName: "Trgovac", language: "hr", scopes: ["shop"] },
      "Trgovac-2024!",
    );

    await logInAsStaff(page, email, "Trgovac-2024!");
    const nav = page.getByRole("navigation", { name: "Dijelovi administracije" });
    await visible(nav.getByRole("link", { name: "Katalog" }));
    expect(await nav.getByRole("link", { name: "Moderiranje" }).count()).toBe(0);
    for (const path of ["/admin/moderation", "/admin/moderation/failed-requests"]) {
      const refused = await page.goto(path);
      expect(refused?.status()).toBe(403);
      await visible(page.getByRole("heading", { name: "Nemate pristup" }));
    }
    expect(await seriousViolations(page)).toEqual([]);
  });
});
