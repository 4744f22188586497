import { LOCALES, localizedPath } from "@shop/contracts";
import { translator } from "@shop/i18n";
import { startTestOidcProvider, type TestOidcProvider } from "@shop/platform/adapters/oidc/test-provider.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, createTestShop, type TestShop } from "./testing.ts";

/**
 * Social login through the storefront, in process, against a real OpenID Connect provider on
 * loopback: the login page's button, the provider's page, the callback page, as a browser would
 * go through them.
 */

const PUBLIC_URL = "http://localhost:3997";
const t = translator("hr");
let idp: TestOidcProvider;
let shop: TestShop;

beforeAll(async () => {
  idp = await startTestOidcProvider({
    redirectUris: LOCALES.map((locale) => `${PUBLIC_URL}${localizedPath("socialLogin", locale)}`),
    accounts: [
      { sub: "ivana", email: "ivana@example.hr", emailVerified: true, givenName: "Ivana", familyName: "Horvat" },
      { sub: "unverified", email: "tko@example.hr", emailVerified: false },
    ],
  });
  const provider = idp.config("test");
  shop = await createTestShop({
    PUBLIC_URL,
    OIDC_TESTIDP_ISSUER: provider.issuer,
    OIDC_TESTIDP_CLIENT_ID: provider.clientId,
    OIDC_TESTIDP_CLIENT_SECRET: provider.clientSecret,
    OIDC_TESTIDP_LABEL: "Test ID",
  });
});
afterAll(async () => {
  await shop.stop();
  await idp.close();
});

const html = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&#x27;");

/** Presses the login page's provider button: the answer sends the browser to the provider. */
async function pressButton(jar: CookieJar, fields: Record<string, string> = {}): Promise<string> {
  const res = await shop.postForm("/social-login", { provider: "testidp", redirect: "", ...fields }, jar);
  expect(res.status).toBe(302);
  return res.headers.get("location") ?? "";
}

/** The callback the provider sends the browser to, as a path of this shop. */
const onShop = (callback: URL) => `${callback.pathname}${callback.search}`;

describe("social login through the storefront", () => {
  it("shows a button per configured provider on the login page, whose CSP lets the post go on to the provider", async () => {
    const res = await shop.get("/prijava");
    expect(res.headers.get("content-security-policy")).toContain(`form-action 'self' ${idp.issuer}`);
    const page = await res.text();
    expect(page).toContain(html(t("auth.login.socialWith", { provider: "Test ID" })));
    expect(page).toMatch(/<form action="\/social-login" method="post"><input type="hidden" name="provider" value="testidp"\/>/);
  });

  it("keeps the checks in a short-lived httpOnly, SameSite=Lax cookie and logs the visitor in at the callback", async () => {
    const jar = new CookieJar();
    const start = await shop.postForm("/social-login", { provider: "testidp", redirect: "/profil" }, jar);
    expect(start.status).toBe(302);
    const flowCookie = start.headers.getSetCookie().find((c) => c.startsWith("socialLogin="));
    expect(flowCookie).toMatch(/Max-Age=600/);
    expect(flowCookie).toMatch(/HttpOnly/);
    expect(flowCookie).toMatch(/SameSite=Lax/);
    const callback = await idp.authorize(start.headers.get("location") ?? "", "ivana");
    expect(callback.origin + callback.pathname).toBe(`${PUBLIC_URL}/social-login`);

    const done = await shop.get(onShop(callback), jar);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/profil");
    expect(jar.get("accessToken")?.split(".")).toHaveLength(3);
    expect(jar.get("socialLogin")).toBeUndefined();
    const profile = await shop.get("/profil", jar);
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain("ivana@example.hr");
  });

  it("refuses a callback with another state: a page saying so, no session, not a 500", async () => {
    const jar = new CookieJar();
    const callback = await idp.authorize(await pressButton(jar), "ivana");
    callback.searchParams.set("state", "forged-state-value");
    const res = await shop.get(onShop(callback), jar);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(html(t("error.socialLoginFailed")));
    expect(jar.get("accessToken")).toBeUndefined();
  });

  it("refuses a replayed callback even with the cookie put back: the provider does not take a code twice", async () => {
    const jar = new CookieJar();
    const callback = await idp.authorize(await pressButton(jar), "ivana");
    const flow = jar.get("socialLogin") ?? "";
    expect((await shop.get(onShop(callback), jar)).status).toBe(302);

    const attacker = new CookieJar();
    attacker.set("socialLogin", flow);
    const replayed = await shop.get(onShop(callback), attacker);
    expect(replayed.status).toBe(400);
    expect(await replayed.text()).toContain(html(t("error.socialLoginFailed")));
    expect(attacker.get("accessToken")).toBeUndefined();
  });

  it("refuses an unverified e-mail with the translated reason, in the page's language", async () => {
    const jar = new CookieJar();
    const start = await shop.postForm("/en/social-login", { provider: "testidp", redirect: "" }, jar);
    const callback = await idp.authorize(start.headers.get("location") ?? "", "unverified");
    expect(callback.pathname).toBe("/en/social-login");
    const res = await shop.get(onShop(callback), jar);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain(html(translator("en")("error.socialEmailNotVerified")));
    expect(jar.get("accessToken")).toBeUndefined();
  });

  it("says the login expired when the callback comes without the cookie (another browser, or too late)", async () => {
    const callback = await idp.authorize(await pressButton(new CookieJar()), "ivana");
    const res = await shop.get(onShop(callback), new CookieJar());
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(html(t("auth.social.expired")));
  });

  it("answers an unknown provider on the button's post with the reason, not a redirect", async () => {
    const res = await shop.postForm("/social-login", { provider: "nobody" }, new CookieJar());
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(html(t("error.socialProviderUnknown")));
  });
});
