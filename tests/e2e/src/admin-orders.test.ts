import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { camt053 } from "@shop/platform/modules/bank-statements/bank-statements.fixtures.ts";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { placeTransferOrder } from "./support/admin-orders.ts";
import { visible, waitForPath } from "./support/assert.ts";
import { seriousViolations } from "./support/axe.ts";
import { placeOrderAsCustomer } from "./support/checkout.ts";
import { type Journey, useJourney } from "./support/fixtures.ts";
import { useSmtpInbox } from "./support/smtp.ts";
import { inviteStaff, logInAsStaff } from "./support/staff.ts";

/**
 * Issue 12's orders in the browser: an administrator pays a bank-transfer order by importing the
 * bank's camt.053 statement, refunds half of a card order through the payment emulator, and an
 * editor without the orders scope cannot open the orders.
 */

const { env, waitForMail } = useSmtpInbox();
const files = mkdtempSync(join(tmpdir(), "shop-statements-"));
afterAll(() => rmSync(files, { recursive: true, force: true }));

/** "18,00 €" as the page prints it, in cents. */
const centsOf = (text: string) => Math.round(Number(text.replace(/[^\d,]/g, "").replace(",", ".")) * 100);

async function adminPage(j: Journey): Promise<Page> {
  const { page, shop } = j;
  await logInAsStaff(page, shop.admin.email, shop.admin.password);
  return page;
}

/** Opens the only order the list's search finds. */
async function openOrder(page: Page, search: string): Promise<void> {
  await page.getByRole("navigation", { name: "Dijelovi administracije" }).getByRole("link", { name: "Narudžbe" }).click();
  await waitForPath(page, (p) => p === "/admin/orders");
  await page.getByLabel("Traži").fill(search);
  await page.getByRole("button", { name: "Filtriraj" }).click();
  await visible(page.getByText("Pronađeno narudžbi: 1"));
  await page.getByRole("table").getByRole("rowheader").getByRole("link").click();
  await waitForPath(page, (p) => /^\/admin\/orders\/[A-Z0-9]{16}$/.test(p));
}

describe("orders in the back office", () => {
  const j = useJourney({ env });

  it("an administrator marks a bank-transfer order paid by importing the bank's camt.053 statement", async () => {
    const code = await placeTransferOrder(j.shop, "izvod@example.hr");
    const page = await adminPage(j);
    await openOrder(page, code);
    await visible(page.getByText("Nije plaćeno").first());
    expect(await seriousViolations(page)).toEqual([]);
    // What the customer's slip says to pay: the order's HR00 reference and its total.
    const facts = page.locator(".admin-orders-facts");
    const reference = (await facts.locator("dt:has-text('Poziv na broj') + dd").textContent())?.trim() ?? "";
    expect(reference).toMatch(/^HR00 \d{4}-\d{6}$/);
    const amountCents = centsOf((await page.getByTestId("order-total").textContent()) ?? "");
    const file = join(files, "izvod.xml");
    writeFileSync(file, camt053([{ amountCents, bankRef: `E2E-${code}`, reference, payer: "Đurđa Šimunić" }]));

    await page.getByRole("link", { name: "Natrag na narudžbe" }).click();
    await page.getByRole("link", { name: "Uvoz bankovnog izvoda" }).click();
    await waitForPath(page, (p) => p === "/admin/orders/bank-statements");
    await page.getByLabel("Datoteka izvoda").setInputFiles(file);
    await page.getByRole("button", { name: "Uvezi izvod" }).click();
    await visible(page.getByText("Plaćeno narudžbi: 1. Neuparenih uplata: 0."));
    const paid = page.getByRole("table", { name: "Uparene i plaćene" });
    expect(await seriousViolations(page)).toEqual([]);
    await paid.getByRole("link").click();
    await waitForPath(page, (p) => p === `/admin/orders/${code}`);
    await visible(page.locator(".admin-orders-statuses").getByText("Plaćeno"));
    // Paid: it can no longer be marked paid by hand.
    expect(await page.getByRole("button", { name: "Označi kao plaćeno" }).count()).toBe(0);
    expect(j.consoleErrors).toEqual([]);
  });

  it("an administrator refunds half of a card order through the payment emulator", async () => {
    const { shop } = j;
    // The customer pays by card on the provider's page (its emulator), as card-payment.test.ts does.
    const page = await placeOrderAsCustomer(j, "Kartično plaćanje");
    await page.waitForURL((url) => url.pathname.startsWith("/__emulator/"));
    await page.getByRole("button", { name: "Plati" }).click();
    await waitForPath(page, (p) => p === "/naplata/uspjesna");
    await visible(page.getByTestId("payment-paid"));

    const admin = await (await j.newContext()).newPage();
    await logInAsStaff(admin, shop.admin.email, shop.admin.password);
    await admin.goto("/admin/orders?paymentKind=card&paymentStatus=paid");
    await admin.getByRole("table").getByRole("rowheader").getByRole("link").first().click();
    await waitForPath(admin, (p) => /^\/admin\/orders\/[A-Z0-9]{16}$/.test(p));
    const total = centsOf((await admin.getByTestId("order-total").textContent()) ?? "");
    const half = Math.floor(total / 2);
    const refund = admin.getByRole("form", { name: "Vrati novac" });
    // Staff type euros with a decimal comma.
    await refund.getByLabel("Iznos povrata u eurima").fill(`${Math.floor(half / 100)},${String(half % 100).padStart(2, "0")}`);
    await refund.getByLabel("Razlog (neobavezno)").fill("Pola usluge nije obavljeno");
    expect(await seriousViolations(admin)).toEqual([]);
    await refund.getByRole("button", { name: "Vrati novac" }).click();
    await visible(admin.getByRole("status").filter({ hasText: "Novac je vraćen kupcu." }));
    await visible(admin.locator(".admin-orders-statuses").getByText("Djelomično vraćeno"));
    // The other half can still go back, and no more than that.
    const left = (total - half) / 100;
    await visible(admin.getByText(`Najviše ${left.toFixed(2).replace(".", ",")}`, { exact: false }));
    await admin.getByRole("form", { name: "Vrati novac" }).getByLabel("Iznos povrata u eurima").fill("9999,00");
    await admin.getByRole("form", { name: "Vrati novac" }).getByRole("button", { name: "Vrati novac" }).click();
    await visible(admin.getByText("Iznos je veći od onoga što se može vratiti", { exact: false }));
    expect(await seriousViolations(admin)).toEqual([]);
  });

  it("an editor without the orders scope sees no orders in the navigation and a 403 page at /admin/orders", async () => {
    const { shop } = j;
    const email = `urednik-${Date.now()}@example.hr`;
    await inviteStaff(shop, waitForMail, { email, firstName: "Ivo", lastName: "Urednik", scopes: ["content"] }, "Urednik-2024!");

    const editor = await (await j.newContext({ viewport: { width: 360, height: 740 } })).newPage();
    await logInAsStaff(editor, email, "Urednik-2024!");
    const nav = editor.getByRole("navigation", { name: "Dijelovi administracije" });
    await visible(nav.getByRole("link", { name: "Privole" }));
    expect(await nav.getByRole("link", { name: "Narudžbe" }).count()).toBe(0);
    expect(await editor.getByRole("heading", { name: "Narudžbe i prihod" }).count()).toBe(0);
    const refused = await editor.goto("/admin/orders");
    expect(refused?.status()).toBe(403);
    await visible(editor.getByRole("heading", { name: "Nemate pristup" }));
    expect(await seriousViolations(editor)).toEqual([]);
  });
});
