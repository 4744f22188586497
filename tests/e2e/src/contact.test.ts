import type { AddressInfo } from "node:net";
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visible } from "./support/assert.ts";
import { useJourney } from "./support/fixtures.ts";

/** The demo's SendEmailTo option: where the contact form's messages go. */
const SHOP_INBOX = "info@autopraonica-zagreb.hr";

interface Mail {
  to: string[];
  raw: string;
}

/** Decodes the quoted-printable parts nodemailer writes, enough to read texts and links. */
function readable(raw: string): string {
  const bytes = raw.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

const mails: Mail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: readable(Buffer.concat(chunks).toString("latin1")) });
      callback();
    });
  },
});
const env: Record<string, string> = {};

// Registered before useJourney's hooks, so the shop starts with SMTP_URL pointing here.
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

async function waitForMail(test: (mail: Mail) => boolean, timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mails.find(test);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching mail within ${timeoutMs} ms (got ${mails.length})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

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
