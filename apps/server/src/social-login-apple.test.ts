import { LOCALES, localizedPath } from "@shop/contracts";
import { translator } from "@shop/i18n";
import { startTestOidcProvider, type TestOidcProvider } from "@shop/platform/adapters/oidc/test-provider.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, createTestShop, type TestShop } from "./testing.ts";

/**
 * Sign in with Apple through the storefront (ADR 15), in process, against the test provider acting
 * as Apple: the provider posts the callback from its own origin (response_mode=form_post), the one
 * cross-site post the shop lets in, and only with the flow's SameSite=None cookie.
 */

const PUBLIC_URL = "http://localhost:3996";
const t = translator("hr");
let idp: TestOidcProvider;
let shop: TestShop;

beforeAll(async () => {
  idp = await startTestOidcProvider({
    redirectUris: LOCALES.map((locale) => `${PUBLIC_URL}${localizedPath("socialLogin", locale)}`),
    apple: { teamId: "TEAM123456", keyId: "KEY1234567" },
    accounts: [
      { sub: "001.marko", email: "marko@example.hr", emailVerified: "true" },
      { sub: "001.unverified", email: "tko@example.hr", emailVerified: "false" },
    ],
  });
  shop = await createTestShop({
    PUBLIC_URL,
    OIDC_TESTAPPLE_KIND: "apple",
    OIDC_TESTAPPLE_ISSUER: idp.issuer,
    OIDC_TESTAPPLE_CLIENT_ID: idp.config("testapple").clientId,
    OIDC_TESTAPPLE_TEAM_ID: "TEAM123456",
    OIDC_TESTAPPLE_KEY_ID: "KEY1234567",
    OIDC_TESTAPPLE_PRIVATE_KEY: idp.applePrivateKeyPem,
    OIDC_TESTAPPLE_LABEL: "Apple",
  });
});
afterAll(async () => {
  await shop.stop();
  await idp.close();
});

const html = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&#x27;");

/** Presses the login page's Apple button, then signs in at the provider: the form it posts back. */
async function atApple(jar: CookieJar, sub: string, redirect = ""): Promise<{ action: URL; form: URLSearchParams }> {
  const start = await shop.postForm("/social-login", { provider: "testapple", redirect }, jar);
  expect(start.status).toBe(302);
  return idp.authorizeFormPost(start.headers.get("location") ?? "", sub);
}

/** The provider's page posting the callback, as a browser sends it: from the provider's origin, cross-site. */
async function postCallback(path: string, form: URLSearchParams, jar: CookieJar, origin = idp.issuer): Promise<Response> {
  const res = await shop.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin, "sec-fetch-site": "cross-site", cookie: jar.header() },
    body: form.toString(),
  });
  jar.take(res);
  return res;
}

describe("Sign in with Apple through the storefront", () => {
  it("keeps the checks in a short-lived httpOnly SameSite=None; Secure cookie and logs in at the posted callback", async () => {
    const jar = new CookieJar();
    const start = await shop.postForm("/social-login", { provider: "testapple", redirect: "/profil" }, jar);
    const flowCookie = start.headers.getSetCookie().find((c) => c.startsWith("socialLogin="));
    expect(flowCookie).toMatch(/Max-Age=600/);
    expect(flowCookie).toMatch(/HttpOnly/);
    expect(flowCookie).toMatch(/SameSite=None/);
    expect(flowCookie).toMatch(/Secure/);
    const { action, form } = await idp.authorizeFormPost(start.headers.get("location") ?? "", "001.marko");
    expect(action.href).toBe(`${PUBLIC_URL}/social-login`);

    const done = await postCallback(action.pathname, form, jar);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/profil");
    expect(jar.get("accessToken")?.split(".")).toHaveLength(3);
    expect(jar.get("socialLogin")).toBeUndefined();
    expect(await (await shop.get("/profil", jar)).text()).toContain("marko@example.hr");
  });

  it("lets no other site post the callback, nor Apple's origin post anywhere else or press the button", async () => {
    const jar = new CookieJar();
    const { action, form } = await atApple(jar, "001.marko");
    expect((await postCallback(action.pathname, form, jar, "https://evil.example")).status).toBe(403);
    expect((await postCallback("/prijava", form, jar)).status).toBe(403);
    expect((await postCallback(action.pathname, new URLSearchParams({ provider: "testapple" }), jar)).status).toBe(403);
    expect(jar.get("accessToken")).toBeUndefined();
  });

  it("refuses a posted callback with another state", async () => {
    const jar = new CookieJar();
    const { action, form } = await atApple(jar, "001.marko");
    form.set("state", "forged-state-value");
    const res = await postCallback(action.pathname, form, jar);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(html(t("error.socialLoginFailed")));
    expect(jar.get("accessToken")).toBeUndefined();
  });

  it("refuses a replayed posted callback even with the cookie put back", async () => {
    const jar = new CookieJar();
    const { action, form } = await atApple(jar, "001.marko");
    const flow = jar.get("socialLogin") ?? "";
    expect((await postCallback(action.pathname, form, jar)).status).toBe(302);

    const attacker = new CookieJar();
    attacker.set("socialLogin", flow);
    const replayed = await postCallback(action.pathname, form, attacker);
    expect(replayed.status).toBe(400);
    expect(await replayed.text()).toContain(html(t("error.socialLoginFailed")));
    expect(attacker.get("accessToken")).toBeUndefined();
  });

  it('refuses email_verified "false" with the translated reason', async () => {
    const jar = new CookieJar();
    const { action, form } = await atApple(jar, "001.unverified");
    const res = await postCallback(action.pathname, form, jar);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain(html(t("error.socialEmailNotVerified")));
    expect(jar.get("accessToken")).toBeUndefined();
  });
});
