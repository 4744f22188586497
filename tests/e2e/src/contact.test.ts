import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { visible } from "./support/assert.ts";
import { useJourney } from "./support/fixtures.ts";
import { useSmtpInbox } from "./support/smtp.ts";

/** The demo's SendEmailTo option: where the contact form's messages go. */
const SHOP_INBOX = "info@autopraonica-zagreb.hr";

const { env, waitForMail } = useSmtpInbox();

/** Ticks every consent the form shows (the required ones must be). */
async function acceptConsents(page: Page) {
  for (const box of await page.locator(".cms-form .consents input[type=checkbox]").all()) await box.check();
}

describe("contact form", () => {
  const j = useJourney({ env });

  it("a visitor sends the contact form on /kontakt and the message arrives by e-mail", async () => {
    const { page } = j;
    await page.goto("/kontakt", { waitUntil: "networkidle" });
    const form = await visible(page.locator("section.cms-form"));
    await visible(form.getByRole("heading", { name: "Pišite nam" }));

    const message = `Zanima me ponuda za pranje pet dostavnih vozila – ${Date.now()}`;
    await form.getByLabel("Ime i prezime").fill("Ivana Babić");
    await form.getByLabel("E-mail").fill("ivana.babic@example.hr");
    await form.getByLabel("Telefon").fill("+385 91 234 5678");
    await form.getByLabel("Poruka").fill(message);
    await acceptConsents(page);
    // The ALTCHA widget solves its proof of work in the browser, then the form goes.
    await form.getByRole("button", { name: "Pošalji poruku" }).click();

    const done = await visible(form.getByRole("status").filter({ hasText: "Vaša poruka je poslana" }), 30_000);
    expect(await done.textContent()).toContain("Hvala!");

    const mail = await waitForMail((m) => m.to.includes(SHOP_INBOX) && m.raw.includes(message));
    expect(mail.raw).toContain("Ivana Babić");
    expect(mail.raw).toContain("ivana.babic@example.hr");
    expect(mail.raw).toContain("+385 91 234 5678");
    expect(j.consoleErrors).toEqual([]);
  });

  it("checks the fields in the browser with the definition's rules before anything is sent", async () => {
    const { page } = j;
    await page.goto("/kontakt", { waitUntil: "networkidle" });
    const form = await visible(page.locator("section.cms-form"));
    const posts: string[] = [];
    page.on("request", (req) => {
      if (req.method() === "POST") posts.push(req.url());
    });
    await form.getByLabel("E-mail").fill("nije-adresa");
    await form.getByRole("button", { name: "Pošalji poruku" }).click();
    await visible(form.getByText("Unesite ispravnu e-mail adresu"));
    expect(await form.getByText("Unos ovog polja je obavezan").count()).toBeGreaterThanOrEqual(2);
    expect(await form.getByLabel("Ime i prezime").getAttribute("aria-invalid")).toBe("true");
    // Focus goes to the first field in error.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("name");
    expect(posts).toEqual([]);
  });

  it("explains that the anti-spam check needs JavaScript when scripts are off", async () => {
    const context = await j.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/kontakt");
    const form = await visible(page.locator("section.cms-form"));
    await visible(form.getByText("Za provjeru protiv neželjenih poruka potreban je JavaScript"));
    await form.getByLabel("Ime i prezime").fill("Bez skripti");
    await form.getByRole("button", { name: "Pošalji poruku" }).click();
    await page.waitForURL(/formNoJs=/);
    expect(new URL(page.url()).pathname).toBe("/kontakt");
    await visible(page.locator("section.cms-form").getByRole("alert").filter({ hasText: "potreban je JavaScript" }));
  });

  it("has no serious or critical WCAG 2.1 AA violations on the contact page, at 360 px too", async () => {
    const { page } = j;
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/kontakt", { waitUntil: "networkidle" });
      await visible(page.locator("section.cms-form"));
      const results = await new AxeBuilder({ page })
        .include("section.cms-form")
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      const blocking = results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
      expect(blocking).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `no horizontal scrolling at ${width} px`).toBeLessThanOrEqual(0);
    }
  });
});
