import { LOCALES, localizedPath, type Tokens, type UserView } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestOidcProvider, type TestOidcProvider } from "../../adapters/oidc/test-provider.ts";
import { createTestPlatform, PUBLIC_URL, type TestPlatform } from "../../test-support.ts";

/**
 * Sign in with Apple (ADR 15) against the test provider acting as Apple: the callback comes by
 * response_mode=form_post, the client secret is an ES256 JWT the provider verifies, and Apple's
 * `email_verified` may be a string.
 */

let idp: TestOidcProvider;
let p: TestPlatform;

beforeAll(async () => {
  idp = await startTestOidcProvider({
    redirectUris: LOCALES.map((locale) => `${PUBLIC_URL}${localizedPath("socialLogin", locale)}`),
    apple: { teamId: "TEAM123456", keyId: "KEY1234567" },
    accounts: [
      { sub: "001.apple-new", email: "jabuka@example.hr", emailVerified: "true" },
      { sub: "001.apple-replay", email: "jabuka2@example.hr", emailVerified: true },
      { sub: "001.apple-unverified", email: "jabuka3@example.hr", emailVerified: "false" },
    ],
  });
  p = await createTestPlatform({ social: [idp.config("apple")] });
});
afterAll(async () => {
  await p.close();
  await idp.close();
});

type Start = { url: string; formPost: boolean; state: string; nonce: string; codeVerifier: string };
type LoginAnswer = { tokens: Tokens; user: UserView };

/** Start, the visitor at the provider as `sub`, then the posted callback handed on as the storefront does. */
async function appleLogin(sub: string, extra: Record<string, string> = {}, tamper: (body: Record<string, string>) => void = () => {}) {
  const started = await p.call<Start>("GET", "/api/v1/user/social/redirect-login?provider=apple");
  expect(started.status).toBe(200);
  const { url, formPost, ...checks } = started.body.data;
  expect(formPost).toBe(true);
  const { action, form } = await idp.authorizeFormPost(url, sub);
  expect(action.href).toBe(`${PUBLIC_URL}/social-login`);
  for (const [name, value] of Object.entries(extra)) form.set(name, value);
  const body: Record<string, string> = { provider: "apple", callback: form.toString(), ...checks };
  tamper(body);
  return { res: await p.call<LoginAnswer>("POST", "/api/v1/user/social/oauth", { body }), body };
}

describe("Sign in with Apple", () => {
  it("asks for the callback by form_post with Apple's scopes", async () => {
    const res = await p.call<Start>("GET", "/api/v1/user/social/redirect-login?provider=apple");
    const url = new URL(res.body.data.url);
    expect(url.searchParams.get("response_mode")).toBe("form_post");
    expect(url.searchParams.get("scope")).toBe("openid email name");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  });

  it("signs in through the posted callback with a client secret the provider verified, taking the name from Apple's first `user` field", async () => {
    const before = idp.verifiedClientSecrets;
    const user = JSON.stringify({ name: { firstName: "Ana", lastName: "Jabučić" }, email: "lazno@example.hr" });
    const { res } = await appleLogin("001.apple-new", { user });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ email: "jabuka@example.hr", details: { firstName: "Ana", lastName: "Jabučić" } });
    expect(idp.verifiedClientSecrets).toBe(before + 1);
  });

  it("refuses a posted callback with another state", async () => {
    const { res } = await appleLogin("001.apple-replay", {}, (body) => {
      body.state = "x".repeat(43);
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe("SOCIAL_LOGIN_FAILED");
  });

  it("refuses a replayed code", async () => {
    const { res, body } = await appleLogin("001.apple-replay");
    expect(res.status).toBe(200);
    const replayed = await p.call("POST", "/api/v1/user/social/oauth", { body });
    expect(replayed.status).toBe(400);
    expect(replayed.body.error?.code).toBe("SOCIAL_LOGIN_FAILED");
  });

  it('refuses email_verified "false" (a string, as Apple writes it) and makes no account', async () => {
    const { res } = await appleLogin("001.apple-unverified");
    expect(res.status).toBe(403);
    expect(res.body.error?.code).toBe("EMAIL_NOT_VERIFIED");
    const made = await p.db.selectFrom("users").select("id").where("email", "=", "jabuka3@example.hr").executeTakeFirst();
    expect(made).toBeUndefined();
  });
});
