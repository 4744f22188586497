import { it } from "vitest";
import { useJourney } from "./support/fixtures.ts";
import { logInAsStaff } from "./support/staff.ts";

const j = useJourney();
it("debug", async () => {
  const { page, shop } = j;
  await logInAsStaff(page, shop.admin.email, shop.admin.password);
  await page.goto("/?editPage=true");
  await page.getByRole("button", { name: "Izbornici" }).click();
  await page.getByRole("button", { name: "Glavni izbornik" }).click();
  await page.getByRole("button", { name: "Dodaj stavku" }).click();
  await page.waitForTimeout(500);
  await page.keyboard.type("Naše usluge");
  const dialog = page.getByRole("dialog", { name: "Izbornik: Glavni izbornik" });
  console.log(await dialog.getByRole("button").evaluateAll((bs) => bs.slice(-12).map((b) => b.textContent)));
  console.log(await page.getByRole("dialog").count());
  await page.screenshot({ path: "/tmp/em-shots/nav2.png" });
});
