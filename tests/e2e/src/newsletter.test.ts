import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pathOf, visible } from "./support/assert.ts";
import { useJourney } from "./support/fixtures.ts";
import { useSmtpInbox } from "./support/smtp.ts";

const { env, waitForMail } = useSmtpInbox();

async function subscribe(page: Page, email: string) {
  await page.goto("/newsletter", { waitUntil: "networkidle" });
  const main = page.getByRole("main");
  await main.getByLabel("E-mail adresa").fill(email);
  for (const box of await main.locator(".consents input[type=checkbox]").all()) await box.check();
  await main.getByRole("button", { name: "Prijavi se" }).click();
}

describe("newsletter", () => {
  const j = useJourney({ env });
  const email = `citatelj-${Date.now()}@example.hr`;

  it("a visitor subscribes, confirms by the link in the e-mail, and cannot subscribe twice", async () => {
    const { page, shop } = j;
    await subscribe(page, email);
    await visible(page.getByRole("status").filter({ hasText: "Poslali smo vam e-mail" }), 30_000);

    const mail = await waitForMail((m) => m.to.includes(email));
    expect(mail.raw).toContain("Prijavu potvrdite putem poveznice u nastavku");
    const link = new RegExp(`${shop.baseUrl.replace(/[.]/g, "\\.")}/potvrdi-email\\?token=[\\w-]+`).exec(mail.raw)?.[0];
    expect(link, "the confirmation link").toBeTruthy();

    await page.goto(link as string, { waitUntil: "networkidle" });
    expect(pathOf(page)).toBe("/potvrdi-email");
    const query = new URL(page.url()).searchParams;
    expect(query.get("goalType")).toBe("message");
    expect(query.get("confirmedEmail")).toBe(email);
    expect(query.has("token")).toBe(false);
    await visible(page.getByRole("status").filter({ hasText: `Vaša e-mail adresa ${email} je potvrđena.` }));
    await visible(page.getByText("Prijava na newsletter je potvrđena"));
    await visible(page.getByRole("heading", { level: 1, name: "Potvrda e-mail adrese" }));

    // The link works once.
    await page.goto(link as string, { waitUntil: "networkidle" });
    await visible(page.getByRole("alert").filter({ hasText: "Poveznica je nevažeća ili je istekla." }));

    // SPEC §8: a confirmed address is already subscribed.
    await subscribe(page, email);
    await visible(page.getByRole("alert").filter({ hasText: "već prijavljena na newsletter" }), 30_000);
    expect(j.consoleErrors.filter((e) => !/status of 40\d/.test(e))).toEqual([]);
  });

  it("the footer's signup leads to the newsletter page in the page's language, with the address filled in", async () => {
    const { page } = j;
    for (const [from, to, label] of [
      ["/de/shop", "/de/newsletter", "E-Mail-Adresse"],
      ["/en/shop", "/en/newsletter", "E-mail address"],
      ["/shop", "/newsletter", "E-mail adresa"],
    ] as const) {
      await page.goto(from, { waitUntil: "networkidle" });
      const footer = page.getByRole("contentinfo");
      await footer.getByRole("textbox").fill("leser@example.de");
      await footer.getByRole("textbox").press("Enter");
      await page.waitForURL((url) => url.pathname === to);
      expect(await page.locator("html").getAttribute("lang")).toBe(to.startsWith("/de") ? "de" : to.startsWith("/en") ? "en" : "hr");
      expect(await page.getByRole("main").getByLabel(label).inputValue()).toBe("leser@example.de");
    }
    expect(j.consoleErrors).toEqual([]);
  });

  it("the confirmation page without its goal is a 404 saying 'goal or goalType were not defined'", async () => {
    const { page } = j;
    for (const path of ["/potvrdi-email", "/en/confirm-email?goal=x", "/de/bestatigungs-email?goalType=message"]) {
      const res = await page.goto(path, { waitUntil: "networkidle" });
      expect(res?.status(), path).toBe(404);
      await visible(page.getByText("goal or goalType were not defined"));
    }
  });

  it("a url goal redirects only within the site", async () => {
    const { page } = j;
    await page.goto("/potvrdi-email?goalType=url&goal=%2Fkontakt&confirmedEmail=a%40example.hr", { waitUntil: "networkidle" });
    await visible(page.getByRole("status").filter({ hasText: "Preusmjeravamo vas" }));
    await page.waitForURL((url) => url.pathname === "/kontakt");

    const res = await page.goto("/potvrdi-email?goalType=url&goal=https%3A%2F%2Fevil.example%2F", { waitUntil: "networkidle" });
    expect(res?.status()).toBe(400);
    expect(pathOf(page)).toBe("/potvrdi-email");
  });

  it("has no serious or critical WCAG 2.1 AA violations on the newsletter and confirmation pages, at 360 px too", async () => {
    const { page } = j;
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ["/newsletter", "/potvrdi-email?goalType=message&goal=Hvala%21&confirmedEmail=a%40example.hr"]) {
        await page.goto(path, { waitUntil: "networkidle" });
        const results = await new AxeBuilder({ page }).include("main").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
        const blocking = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
        expect(blocking, `${path} at ${width} px`).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `no horizontal scrolling on ${path} at ${width} px`).toBeLessThanOrEqual(0);
      }
    }
  });
});
