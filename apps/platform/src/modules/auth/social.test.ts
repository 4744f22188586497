import { LOCALES, localizedPath, type Tokens, type UserView } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestOidcProvider, type TestOidcProvider } from "../../adapters/oidc/test-provider.ts";
import { createTestPlatform, PUBLIC_URL, type TestPlatform } from "../../test-support.ts";

let idp: TestOidcProvider;
let p: TestPlatform;

beforeAll(async () => {
  idp = await startTestOidcProvider({
    redirectUris: LOCALES.map((locale) => `${PUBLIC_URL}${localizedPath("socialLogin", locale)}`),
    accounts: [
      { sub: "new-1", email: "Nova.Kupac@Example.hr", emailVerified: true, givenName: "Nova", familyName: "Kupac" },
      { sub: "owner-1", email: "vlasnik@example.hr", emailVerified: true },
      { sub: "squatted-1", email: "zauzeta@example.hr", emailVerified: true },
      { sub: "unverified-1", email: "neprovjerena@example.hr", emailVerified: false },
      { sub: "replay-1", email: "ponovo@example.hr", emailVerified: true },
      { sub: "staff-1", email: "djelatnica@example.hr", emailVerified: true },
      { sub: "twice-1", email: "dvaput@example.hr", emailVerified: true },
      { sub: "cancel-1", email: "odustala@example.hr", emailVerified: true },
    ],
  });
  p = await createTestPlatform({ social: [idp.config("test")] });
});
afterAll(async () => {
  await p.close();
  await idp.close();
});

type Start = { url: string; state: string; nonce: string; codeVerifier: string };
type LoginAnswer = { tokens: Tokens; user: UserView };

const start = (provider = "test", language?: string) =>
  p.call<Start>("GET", `/api/v1/user/social/redirect-login?provider=${provider}`, language ? { language } : {});

/** The storefront's part of one social login: start, the visitor at the provider as `sub`, then the callback handed on. */
async function socialLogin(sub: string, tamper: (body: Record<string, string>) => void = () => {}) {
  const started = await start();
  expect(started.status).toBe(200);
  const { url, ...checks } = started.body.data;
  const callback = await idp.authorize(url, sub);
  const body: Record<string, string> = { provider: "test", callback: callback.search.slice(1), ...checks };
  tamper(body);
  return { res: await p.call<LoginAnswer>("POST", "/api/v1/user/social/oauth", { body }), body };
}

const linksOf = (userId: number) =>
  p.db.selectFrom("social_logins").select(["provider", "subject"]).where("user_id", "=", userId).execute();

describe("social login providers", () => {
  it("lists the configured provider", async () => {
    const res = await p.call<{ providers: { name: string; label: string }[] }>("GET", "/api/v1/user/social/providers");
    expect(res.body.data.providers).toEqual([{ name: "test", label: "test", origin: idp.issuer }]);
  });

  it("starts the code flow with PKCE (S256), state and nonce towards the language's callback page", async () => {
    const res = await start("test", "en");
    const url = new URL(res.body.data.url);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("redirect_uri")).toBe(`${PUBLIC_URL}/en/social-login`);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).not.toBe(res.body.data.codeVerifier);
    expect(url.searchParams.get("state")).toBe(res.body.data.state);
    expect(url.searchParams.get("nonce")).toBe(res.body.data.nonce);
  });

  it("refuses a provider that is not configured", async () => {
    const res = await start("nobody", "en");
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe("SOCIAL_LOGIN_FAILED");
    expect(res.body.error?.payload.message).toBe("This way of signing in is not available.");
  });
});

describe("POST /v1/user/social/oauth", () => {
  it("creates a confirmed account for a new verified e-mail, then finds it by the subject even after the e-mail changed", async () => {
    const first = await socialLogin("new-1");
    expect(first.res.status).toBe(200);
    const user = first.res.body.data.user;
    expect(user).toMatchObject({ email: "nova.kupac@example.hr", emailVerified: true, details: { firstName: "Nova", lastName: "Kupac" } });
    expect(await linksOf(user.id)).toEqual([{ provider: "test", subject: "new-1" }]);
    // The tokens are a session like a password login's.
    const profile = await p.call<UserView>("GET", "/api/v1/user/web/profile", { token: first.res.body.data.tokens.accessToken });
    expect(profile.body.data.id).toBe(user.id);

    const account = idp.accounts.get("new-1");
    if (account) account.email = "promijenjena@example.hr";
    const second = await socialLogin("new-1");
    expect(second.res.status).toBe(200);
    expect(second.res.body.data.user.id).toBe(user.id);
    expect(second.res.body.data.user.email).toBe("nova.kupac@example.hr");
    const users = await p.db
      .selectFrom("users")
      .select("id")
      .where("email", "in", ["nova.kupac@example.hr", "promijenjena@example.hr"])
      .execute();
    expect(users).toHaveLength(1);
  });

  it("keeps finding a linked account by its subject when the provider no longer vouches for the e-mail", async () => {
    const first = await socialLogin("cancel-1");
    expect(first.res.status).toBe(200);
    const account = idp.accounts.get("cancel-1");
    if (account) account.emailVerified = false;
    const again = await socialLogin("cancel-1");
    expect(again.res.status).toBe(200);
    expect(again.res.body.data.user.id).toBe(first.res.body.data.user.id);
  });

  it("makes one account when two callbacks of one new subject arrive at once", async () => {
    const [a, b] = await Promise.all([socialLogin("twice-1"), socialLogin("twice-1")]);
    expect([a.res.status, b.res.status]).toEqual([200, 200]);
    expect(a.res.body.data.user.id).toBe(b.res.body.data.user.id);
    const users = await p.db.selectFrom("users").select("id").where("email", "=", "dvaput@example.hr").execute();
    expect(users).toHaveLength(1);
  });

  it("links an existing account by its verified e-mail, and its password keeps working", async () => {
    const owner = await p.createUser({ email: "vlasnik@example.hr" });
    const { res } = await socialLogin("owner-1");
    expect(res.status).toBe(200);
    expect(res.body.data.user.id).toBe(owner.id);
    expect(await linksOf(owner.id)).toEqual([{ provider: "test", subject: "owner-1" }]);
    const password = await p.call("POST", "/api/v1/login", { body: { username: owner.email, password: owner.password } });
    expect(password.status).toBe(200);
  });

  it("takes an unconfirmed account over from whoever registered it: its password and sessions end", async () => {
    const squatter = await p.createUser({ email: "zauzeta@example.hr" });
    const session = await p.login(squatter);
    await p.db.updateTable("users").set({ email_verified_at: null }).where("id", "=", squatter.id).execute();
    const { res } = await socialLogin("squatted-1");
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ id: squatter.id, emailVerified: true });
    const password = await p.call("POST", "/api/v1/login", { body: { username: squatter.email, password: squatter.password } });
    expect(password.status).toBe(401);
    const old = await p.call("GET", "/api/v1/user/web/profile", { token: session.accessToken });
    expect(old.status).toBe(401);
  });

  it("never signs in to a staff account, not even by its verified e-mail", async () => {
    const staff = await p.createUser({ email: "djelatnica@example.hr", isBackoffice: true });
    const { res } = await socialLogin("staff-1");
    expect(res.status).toBe(403);
    expect(res.body.error?.payload.message).toBe("Djelatnici se prijavljuju e-mail adresom i lozinkom.");
    expect(await linksOf(staff.id)).toEqual([]);
  });

  it("refuses an e-mail the provider has not verified, in the visitor's language, and makes no account", async () => {
    const { res } = await socialLogin("unverified-1");
    expect(res.status).toBe(403);
    expect(res.body.error?.code).toBe("EMAIL_NOT_VERIFIED");
    expect(res.body.error?.payload.message).toMatch(/^Vaša e-mail adresa kod tog pružatelja nije potvrđena/);
    const users = await p.db.selectFrom("users").select("id").where("email", "=", "neprovjerena@example.hr").execute();
    expect(users).toHaveLength(0);
    expect(await p.db.selectFrom("social_logins").select("id").where("subject", "=", "unverified-1").execute()).toHaveLength(0);
  });

  it("does not link an unverified e-mail to the account that has it", async () => {
    const holder = await p.createUser({ email: "neprovjerena@example.hr" });
    const { res } = await socialLogin("unverified-1");
    expect(res.status).toBe(403);
    expect(await linksOf(holder.id)).toEqual([]);
  });

  it("refuses a callback whose state is not the one the login started with", async () => {
    const { res } = await socialLogin("replay-1", (body) => {
      body.state = "x".repeat(43);
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe("SOCIAL_LOGIN_FAILED");
    expect(res.body.error?.payload.message).toMatch(/^Prijava putem vanjskog računa nije uspjela/);
  });

  it("refuses another login's nonce (the ID token names the nonce it was issued for)", async () => {
    const { res } = await socialLogin("replay-1", (body) => {
      body.nonce = "n".repeat(43);
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe("SOCIAL_LOGIN_FAILED");
  });

  it("refuses a code used once already: the provider says no, the answer says why", async () => {
    const { res, body } = await socialLogin("replay-1");
    expect(res.status).toBe(200);
    const replayed = await p.call("POST", "/api/v1/user/social/oauth", { body, language: "de" });
    expect(replayed.status).toBe(400);
    expect(replayed.body.error?.code).toBe("SOCIAL_LOGIN_FAILED");
    expect(replayed.body.error?.payload.message).toMatch(/^Die Anmeldung über das externe Konto ist fehlgeschlagen/);
    // It was the provider that refused the code, not a check of ours.
    expect(p.logs).toContainEqual(
      expect.objectContaining({ event: "social.loginRefused", error: expect.stringContaining("invalid_grant") }),
    );
  });

  it("answers a visitor who cancelled at the provider (error=access_denied) with the reason, not a 500", async () => {
    const { state, nonce, codeVerifier } = (await start()).body.data;
    const body = { provider: "test", callback: `error=access_denied&state=${state}`, state, nonce, codeVerifier };
    const res = await p.call("POST", "/api/v1/user/social/oauth", { body });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe("SOCIAL_LOGIN_FAILED");
  });

  it("refuses a code verifier that is not the one the challenge was made from", async () => {
    const { res } = await socialLogin("replay-1", (body) => {
      body.codeVerifier = "v".repeat(43);
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe("SOCIAL_LOGIN_FAILED");
  });

  it("answers a provider that is not reachable with 503, not 500", async () => {
    const down = await createTestPlatform({ social: [{ ...idp.config("down"), issuer: "http://127.0.0.1:9" }] });
    try {
      const res = await down.call("GET", "/api/v1/user/social/redirect-login?provider=down");
      expect(res.status).toBe(503);
      expect(res.body.error?.code).toBe("PROVIDER_UNAVAILABLE");
    } finally {
      await down.close();
    }
  });
});
