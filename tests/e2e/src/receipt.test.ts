import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pdfTextLines } from "../../../apps/platform/src/modules/bank-transfer/bank-transfer.test-support.ts";
import { pathOf, visible, waitForPath } from "./support/assert.ts";
import { seriousViolations } from "./support/axe.ts";
import { addFromCategory } from "./support/cart.ts";
import { useJourney } from "./support/fixtures.ts";
import { useSmtpInbox } from "./support/smtp.ts";

/**
 * A guest buys by bank transfer and downloads the fiscalised receipt from the success page: the
 * PDF the link gives is the order's receipt, with its number, total and ZKI (the demo shop
 * fiscalises through the CIS emulator). The receipt is the one document route's, like the slip.
 */

const BRANCH = "Zagreb – Dubrava";
const GUEST = {
  Ime: "Ivana",
  Prezime: "Babić",
  "E-mail": "racun@example.hr",
  Telefon: "+385 91 555 0101",
  Ulica: "Ilica",
  "Kućni broj": "1",
  "Poštanski broj": "10000",
  Grad: "Zagreb",
};

async function buyByTransfer(page: Page): Promise<void> {
  await addFromCategory(page);
  await page.goto("/naplata", { waitUntil: "networkidle" });
  const delivery = page.getByRole("group", { name: "Podaci za dostavu" });
  for (const [label, value] of Object.entries(GUEST)) await delivery.getByLabel(label, { exact: true }).fill(value);
  for (const box of await page.locator(".consents input[type=checkbox]").all()) await box.check();
  await page.getByRole("button", { name: "Dalje" }).click();
  await page.getByLabel("Preuzimanje u poslovnici").check();
  await page.getByLabel(BRANCH).check();
  await page.getByRole("button", { name: "Dalje" }).click();
  await page.getByLabel("Virmansko plaćanje").check();
  await page.getByRole("button", { name: "Naruči s obvezom plaćanja" }).click();
  await waitForPath(page, (p) => p === "/naplata/uspjesna");
}

const { env, waitForMail } = useSmtpInbox();

describe("the receipt", () => {
  const j = useJourney({ env });

  it("a guest buys by bank transfer and downloads the receipt from the success page: its number, total and ZKI", async () => {
    const { page, context, shop } = j;
    await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: shop.baseUrl }]);
    await buyByTransfer(page);
    const number = ((await page.getByTestId("order-number").textContent()) ?? "").trim();
    const documents = page.getByTestId("order-documents");
    await visible(documents.getByRole("heading", { name: "Dokumenti" }));
    expect(await seriousViolations(page), pathOf(page)).toEqual([]);

    const link = documents.getByRole("link", { name: "Račun (PDF)" });
    expect(await link.getAttribute("href")).toMatch(/^\/order\/document\/receipt-[A-Z0-9]{16}\?from=/);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^racun-\d+-WEB1-1\.pdf$/);
    const file = await download.path();
    const text = pdfTextLines(await readFile(file)).map((line) => line.replace(/\u00a0/g, " "));
    const sequence = /^racun-(\d+)-/.exec(download.suggestedFilename())?.[1];
    expect(text).toEqual(
      expect.arrayContaining([`Račun ${sequence}/WEB1/1`, `Narudžba: ${number}`, "Sredstvo za čišćenje stakla", "Ukupno", "5,99 EUR"]),
    );
    expect(text.find((line) => line.startsWith("ZKI: "))).toMatch(/^ZKI: [0-9a-f]{32}$/);
    // The slip is the same route's document; another browser gets neither.
    const slipHref = (await page.getByRole("link", { name: "Uplatnica (PDF) za ispis" }).getAttribute("href")) ?? "";
    expect(slipHref).toMatch(/^\/order\/document\/paymentSlip-[A-Z0-9]{16}\?from=/);
    const stranger = await j.newContext();
    expect((await stranger.request.get(`${shop.baseUrl}${(await link.getAttribute("href")) ?? ""}`)).status()).toBe(404);
    expect(j.consoleErrors).toEqual([]);
  });

  it("a guest opens the order from the link in the confirmation e-mail in another browser, with its documents; a changed link opens nothing", async () => {
    const { page, context, shop } = j;
    await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: shop.baseUrl }]);
    await buyByTransfer(page);
    const number = ((await page.getByTestId("order-number").textContent()) ?? "").trim();
    const mail = await waitForMail((m) => m.to.includes(GUEST["E-mail"]) && m.raw.includes(number));
    const href = /https?:\/\/[^\s"<>]+\/order\/open\?[^\s"<>]+/.exec(mail.raw)?.[0]?.replace(/&amp;/g, "&") ?? "";
    expect(href).toContain("/order/open?");
    const link = new URL(href);

    const elsewhere = await j.newContext();
    await elsewhere.addCookies([{ name: "acceptedCookies", value: "necessary", url: shop.baseUrl }]);
    const other = await elsewhere.newPage();
    await other.goto(`${shop.baseUrl}${link.pathname}${link.search}`, { waitUntil: "networkidle" });
    expect((await other.getByTestId("order-number").textContent())?.trim()).toBe(number);
    await visible(other.getByTestId("order-documents").getByRole("link", { name: "Račun (PDF)" }));
    expect(await seriousViolations(other), pathOf(other)).toEqual([]);

    const forged = new URL(link);
    const token = forged.searchParams.get("token") ?? "";
    forged.searchParams.set("token", `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`);
    const stranger = await (await j.newContext()).newPage();
    await stranger.goto(`${shop.baseUrl}${forged.pathname}${forged.search}`, { waitUntil: "networkidle" });
    expect(await stranger.getByTestId("order-number").count()).toBe(0);
  });
});
