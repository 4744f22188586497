import { generateKeyPairSync } from "node:crypto";
import { LOCALES, localizedPath } from "@shop/contracts";
import { startTestOidcProvider, TEST_OIDC_CLIENT_ID, type TestOidcProvider } from "@shop/platform/adapters/oidc/test-provider.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visible, waitForPath } from "./support/assert.ts";
import { useJourney } from "./support/fixtures.ts";
import { freePort } from "./support/server.ts";

// The shop reads the provider from its environment at start, so the provider's address and key come first.
const idpPort = await freePort();
const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
const apple = { teamId: "TEAM123456", keyId: "KEY1234567", privateKey };

describe("Sign in with Apple through a test provider acting as Apple (form_post from another site)", () => {
  const j = useJourney({
    env: {
      OIDC_APPLEID_KIND: "apple",
      // localhost: another site than the shop on 127.0.0.1, so the callback is a real cross-site post.
      OIDC_APPLEID_ISSUER: `http://localhost:${idpPort}`,
      OIDC_APPLEID_CLIENT_ID: TEST_OIDC_CLIENT_ID,
      OIDC_APPLEID_TEAM_ID: apple.teamId,
      OIDC_APPLEID_KEY_ID: apple.keyId,
      OIDC_APPLEID_PRIVATE_KEY: privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
      OIDC_APPLEID_LABEL: "Apple",
    },
  });
  let idp: TestOidcProvider | undefined;

  beforeAll(async () => {
    idp = await startTestOidcProvider({
      port: idpPort,
      hostname: "localhost",
      apple,
      redirectUris: LOCALES.map((locale) => `${j.shop.baseUrl}${localizedPath("socialLogin", locale)}`),
      accounts: [{ sub: "001.marta", email: "marta@example.hr", emailVerified: "true", givenName: "Marta", familyName: "Kovač" }],
    });
  });
  afterAll(() => idp?.close());

  it("the provider's page posts the callback back and the visitor lands logged in on the page asked for", async () => {
    const { page } = j;
    await page.goto("/prijava?redirect=/profil", { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Prijava putem: Apple" }).click();
    await page.getByRole("button", { name: "marta@example.hr" }).click();
    await waitForPath(page, (p) => p === "/profil");
    await visible(page.getByText("marta@example.hr").first());
    const cookies = await j.context.cookies(j.shop.baseUrl);
    expect(cookies.find((c) => c.name === "accessToken")?.httpOnly).toBe(true);
    expect(cookies.map((c) => c.name)).not.toContain("socialLogin");
    expect(idp?.verifiedClientSecrets).toBe(1);
  });
});
