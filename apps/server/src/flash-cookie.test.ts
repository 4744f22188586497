import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggedInCustomer } from "./customers.test-support.ts";
import { CookieJar, createTestShop, type TestShop } from "./testing.ts";

/** The one-shot `flash` message cookie is Secure where the shop is on https, as every other cookie of the site. */

const FLASH = "flash=";
let https: TestShop;
let http: TestShop;

beforeAll(async () => {
  https = await createTestShop({ PUBLIC_URL: "https://localhost:8443" });
  http = await createTestShop();
});
afterAll(async () => {
  await https.stop();
  await http.stop();
});

/** The flash cookie a login sets, and the one the next page sets to clear it. */
async function flashCookies(shop: TestShop): Promise<{ set: string; cleared: string }> {
  const customer = await loggedInCustomer(shop, { emailPrefix: "flash" });
  const jar = new CookieJar();
  const login = await shop.postForm("/prijava", { username: customer.email, password: "Lozinka-2024" }, jar);
  const set = login.headers.getSetCookie().find((c) => c.startsWith(FLASH)) ?? "";
  const next = await shop.get("/profil", jar);
  const cleared = next.headers.getSetCookie().find((c) => c.startsWith(FLASH)) ?? "";
  return { set, cleared };
}

describe("the flash cookie", () => {
  it("is Secure on https, set and cleared alike", async () => {
    const { set, cleared } = await flashCookies(https);
    expect(set).toMatch(/^flash=core\.login\.success;/);
    expect(set).toMatch(/; Secure/);
    expect(cleared).toMatch(/Max-Age=0/);
    expect(cleared).toMatch(/; Secure/);
  });

  it("is not Secure on http (npm start on localhost), where a browser would drop it", async () => {
    const { set, cleared } = await flashCookies(http);
    expect(set).toMatch(/^flash=core\.login\.success;/);
    expect(set).not.toMatch(/Secure/);
    expect(cleared).not.toMatch(/Secure/);
  });
});
