import { randomBytes } from "node:crypto";
import { LOCALES, localizedPath } from "@shop/contracts";
import { startTestOidcProvider, TEST_OIDC_CLIENT_ID, type TestOidcProvider } from "@shop/platform/adapters/oidc/test-provider.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pathOf, visible, waitForPath } from "./support/assert.ts";
import { useJourney } from "./support/fixtures.ts";
import { freePort } from "./support/server.ts";

// The shop reads the provider from its environment at start, so the provider's address comes first.
const idpPort = await freePort();
const clientSecret = randomBytes(24).toString("base64url");

describe("social login through a test OpenID Connect provider", () => {
  const j = useJourney({
    env: {
      OIDC_TESTID_ISSUER: `http://127.0.0.1:${idpPort}`,
      OIDC_TESTID_CLIENT_ID: TEST_OIDC_CLIENT_ID,
      OIDC_TESTID_CLIENT_SECRET: clientSecret,
      OIDC_TESTID_LABEL: "Test ID",
    },
  });
  let idp: TestOidcProvider | undefined;

  beforeAll(async () => {
    idp = await startTestOidcProvider({
      port: idpPort,
      clientSecret,
      redirectUris: LOCALES.map((locale) => `${j.shop.baseUrl}${localizedPath("socialLogin", locale)}`),
      accounts: [{ sub: "ivana", email: "ivana@example.hr", emailVerified: true, givenName: "Ivana", familyName: "Horvat" }],
    });
  });
  afterAll(() => idp?.close());

  it("the login page's button goes to the provider and back, logged in, to the page asked for", async () => {
    const { page } = j;
    await page.goto("/prijava?redirect=/profil", { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Prijava putem: Test ID" }).click();
    // The provider's own page: the visitor picks the account.
    await page.getByRole("button", { name: "ivana@example.hr" }).click();
    await waitForPath(page, (p) => p === "/profil");
    await visible(page.getByText("ivana@example.hr").first());
    const cookies = await j.context.cookies(j.shop.baseUrl);
    expect(cookies.find((c) => c.name === "accessToken")?.httpOnly).toBe(true);
    expect(cookies.map((c) => c.name)).not.toContain("socialLogin");
    expect(j.consoleErrors).toEqual([]);
  });

  it("a callback that does not belong to this browser's login shows why, and the way back", async () => {
    const { page } = j;
    const res = await page.goto("/social-login?code=stolen&state=forged", { waitUntil: "networkidle" });
    expect(res?.status()).toBe(400);
    await visible(page.getByText("Prijava je istekla ili je započeta u drugom pregledniku. Pokušajte ponovno."));
    await page.getByRole("link", { name: "Natrag na prijavu" }).click();
    await waitForPath(page, (p) => p === "/prijava");
    expect(pathOf(page)).toBe("/prijava");
  });
});
