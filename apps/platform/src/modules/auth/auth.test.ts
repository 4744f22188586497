import { randomBytes, scryptSync } from "node:crypto";
import type { Tokens, UserView } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform, type TestUser } from "../../test-support.ts";
import { solvedCaptcha } from "../forms/forms.test-support.ts";
import { LOGIN_CAPTCHA_AFTER, REFRESH_GRACE_MS } from "./auth.service.ts";

let p: TestPlatform;
let customer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  p = await createTestPlatform();
  customer = await p.createUser({ email: "marko@example.hr", firstName: "Marko", lastName: "Kovačić" });
  admin = await p.createUser({ email: "ana@example.hr", isBackoffice: true });
});
afterAll(() => p.close());

type LoginAnswer = { tokens: Tokens; user: UserView };
const login = (username: string, password: string, ip?: string) =>
  p.call<LoginAnswer>("POST", "/api/v1/login", { body: { username, password }, ip });
const refresh = (refreshToken: string) => p.call<{ tokens: Tokens }>("GET", "/api/v1/refresh", { headers: { refreshToken } });

describe("POST /v1/login", () => {
  it("answers tokens and the user", async () => {
    const res = await login(customer.email, customer.password);
    expect(res.status).toBe(200);
    expect(res.body.errored).toBe(false);
    expect(res.body.data.tokens.accessToken.split(".")).toHaveLength(3);
    expect(res.body.data.tokens.refreshToken).toMatch(/^[\w-]{40,}$/);
    expect(res.body.data.user).toMatchObject({ id: customer.id, email: customer.email, details: { firstName: "Marko" } });
    expect(JSON.stringify(res.body)).not.toContain("password");
  });

  it("accepts the e-mail in any case and with spaces", async () => {
    const res = await login("  MARKO@Example.HR ", customer.password);
    expect(res.status).toBe(200);
  });

  it("refuses a wrong password with 'Unknown username or password!'", async () => {
    const res = await login(customer.email, "pogresna-lozinka");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      errored: true,
      statusCode: 401,
      error: { code: "INVALID_LOGIN", payload: { message: "Unknown username or password!" } },
    });
  });

  it("answers an unknown user exactly like a wrong password (no account enumeration)", async () => {
    const wrong = await login(customer.email, "pogresna-lozinka");
    const unknown = await login("nitko@example.hr", "pogresna-lozinka");
    expect(unknown.status).toBe(wrong.status);
    const { requestId: _a, ...wrongBody } = wrong.body as unknown as Record<string, unknown>;
    const { requestId: _b, ...unknownBody } = unknown.body as unknown as Record<string, unknown>;
    expect(unknownBody).toEqual(wrongBody);
  });

  it("validates the body (username must be an e-mail)", async () => {
    const res = await login("marko", "");
    expect(res.status).toBe(400);
    const paths = res.body.error?.payload.fields?.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(["username", "password"]));
  });

  it("asks for a solved captcha, not a lockout, once one account has had too many failed logins from anywhere", async () => {
    const victim = await p.createUser();
    for (let i = 0; i < LOGIN_CAPTCHA_AFTER; i++) expect((await login(victim.email, `krivo-${i}-lozinka`)).status).toBe(401);
    const asked = await login(victim.email, victim.password);
    expect(asked.status).toBe(401);
    expect(asked.body.error).toMatchObject({ code: "CAPTCHA_REQUIRED", payload: { key: "error.captchaRequired" } });
    expect(asked.body.error?.payload.fields?.[0]).toMatchObject({ path: "captcha" });
    const wrongCaptcha = await p.call("POST", "/api/v1/login", {
      body: { username: victim.email, password: victim.password, captcha: "eA==" },
    });
    expect(wrongCaptcha.body.error?.code).toBe("CAPTCHA_REQUIRED");
    const solved = await p.call("POST", "/api/v1/login", {
      body: { username: victim.email, password: victim.password, captcha: await solvedCaptcha(p) },
    });
    expect(solved.status).toBe(200);
    // A success starts the count again.
    expect((await login(victim.email, victim.password)).status).toBe(200);
  });

  it("asks for the captcha for an unknown account alike (no account enumeration)", async () => {
    for (let i = 0; i < LOGIN_CAPTCHA_AFTER; i++) await login("nepostojeci@example.hr", `krivo-${i}-lozinka`);
    expect((await login("nepostojeci@example.hr", "bilo-koja-lozinka")).body.error?.code).toBe("CAPTCHA_REQUIRED");
  });

  it("answers 429 with Retry-After to one address that keeps guessing one account; the owner elsewhere can still log in", async () => {
    const victim = await p.createUser();
    const ip = "192.0.2.55";
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(victim.email, `krivo-${i}-lozinka`, ip)).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    // Junk fields do not change the key (Strapi CVE-2025-64526).
    const res = await p.call("POST", "/api/v1/login", { body: { username: victim.email, password: victim.password, junk: "x1" }, ip });
    expect(res.status).toBe(429);
    expect(res.body.error?.code).toBe("RATE_LIMITED");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    const owner = await p.call("POST", "/api/v1/login", {
      body: { username: victim.email, password: victim.password, captcha: await solvedCaptcha(p) },
    });
    expect(owner.status).toBe(200);
  });

  it("answers 429 once one IP has made too many attempts", async () => {
    const ip = "192.0.2.77";
    let last = 0;
    for (let i = 0; i < 51; i++) last = (await login(`netko-${i}@example.hr`, "pogresna-lozinka", ip)).status;
    expect(last).toBe(429);
    expect((await login(customer.email, customer.password)).status).toBe(200);
  });
});

/** Moves every rotation back past the grace window, as if the used tokens came back later. */
const afterGraceWindow = () =>
  p.db
    .updateTable("refresh_tokens")
    .set({ rotated_at: new Date(Date.now() - REFRESH_GRACE_MS - 1000).toISOString() })
    .where("rotated_at", "is not", null)
    .execute();

describe("GET /v1/refresh", () => {
  it("rotates: the new pair works, the used refresh token is refused after the grace window", async () => {
    const first = await p.login(customer);
    const rotated = await refresh(first.refreshToken);
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.tokens.refreshToken).not.toBe(first.refreshToken);
    const profile = await p.call("GET", "/api/v1/user/web/profile", { token: rotated.body.data.tokens.accessToken });
    expect(profile.status).toBe(200);

    await afterGraceWindow();
    const reused = await refresh(first.refreshToken);
    expect(reused.status).toBe(401);
    expect(reused.body.error?.code).toBe("TOKEN_INVALID");
  });

  it("answers parallel refreshes with one token (two tabs, a prefetch and a click) with the same successor, and keeps the session", async () => {
    const first = await p.login(customer);
    const answers = await Promise.all([refresh(first.refreshToken), refresh(first.refreshToken), refresh(first.refreshToken)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const successors = new Set(answers.map((a) => a.body.data.tokens.refreshToken));
    expect(successors.size).toBe(1);
    for (const a of answers) {
      expect((await p.call("GET", "/api/v1/user/web/profile", { token: a.body.data.tokens.accessToken })).status).toBe(200);
    }
    // The winner's token was not revoked as a leak: the session goes on.
    expect((await refresh([...successors][0] as string)).status).toBe(200);
  });

  it("follows a token used again within the grace window to the newest of its session", async () => {
    const first = await p.login(customer);
    const second = (await refresh(first.refreshToken)).body.data.tokens.refreshToken;
    const third = (await refresh(second)).body.data.tokens.refreshToken;
    expect((await refresh(first.refreshToken)).body.data.tokens.refreshToken).toBe(third);
  });

  it("revokes the whole family when a used refresh token comes back after the grace window (it leaked)", async () => {
    const first = await p.login(customer);
    const second = (await refresh(first.refreshToken)).body.data.tokens;
    await afterGraceWindow();
    expect((await refresh(first.refreshToken)).status).toBe(401);
    // The legitimate holder's newer token is gone too, and so is its access token.
    expect((await refresh(second.refreshToken)).status).toBe(401);
    expect((await p.call("GET", "/api/v1/user/web/profile", { token: second.accessToken })).status).toBe(401);
  });

  it("leaves other sessions alone when one family is revoked", async () => {
    const a = await p.login(customer);
    const b = await p.login(customer);
    await refresh(a.refreshToken);
    await afterGraceWindow();
    await refresh(a.refreshToken);
    expect((await refresh(b.refreshToken)).status).toBe(200);
  });

  it("refuses a token of a logged-out session even within the grace window", async () => {
    const first = await p.login(customer);
    const second = (await refresh(first.refreshToken)).body.data.tokens;
    await p.call("POST", "/api/v1/logout", { body: { refreshToken: second.refreshToken } });
    expect((await refresh(first.refreshToken)).status).toBe(401);
  });

  it("refuses a missing or made-up refresh token with 401", async () => {
    expect((await p.call("GET", "/api/v1/refresh")).status).toBe(401);
    expect((await refresh("made-up-token")).status).toBe(401);
  });
});

describe("POST /v1/logout", () => {
  it("revokes the refresh token", async () => {
    const tokens = await p.login(customer);
    const res = await p.call("POST", "/api/v1/logout", { body: { refreshToken: tokens.refreshToken } });
    expect(res.status).toBe(200);
    expect((await refresh(tokens.refreshToken)).status).toBe(401);
  });

  it("ends the session's access token at once, and only that session's", async () => {
    const ended = await p.login(customer);
    const other = await p.login(customer);
    await p.call("POST", "/api/v1/logout", { body: { refreshToken: ended.refreshToken } });
    expect((await p.call("GET", "/api/v1/user/web/profile", { token: ended.accessToken })).status).toBe(401);
    expect((await p.call("GET", "/api/v1/user/web/profile", { token: other.accessToken })).status).toBe(200);
  });
});

describe("passwords", () => {
  it("hashes new passwords with argon2id at OWASP's minimum cost, as a PHC string", async () => {
    const u = await p.createUser();
    const row = await p.db.selectFrom("users").select("password_hash").where("id", "=", u.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
  });

  it("logs in with an old scrypt hash and stores an argon2id one in its place", async () => {
    const u = await p.createUser();
    const salt = randomBytes(16);
    const hash = scryptSync(u.password, salt, 32, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const legacy = `scrypt$16384$8$1$${salt.toString("base64")}$${hash.toString("base64")}`;
    await p.db.updateTable("users").set({ password_hash: legacy }).where("id", "=", u.id).execute();
    expect((await login(u.email, "Pogresna-lozinka-1")).status).toBe(401);
    expect((await login(u.email, u.password)).status).toBe(200);
    const row = await p.db.selectFrom("users").select("password_hash").where("id", "=", u.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await login(u.email, u.password)).status).toBe(200);
  });

  it("refuses a login password under 8 characters (SPEC §5) with the field's message", async () => {
    const res = await login(customer.email, "kratka");
    expect(res.status).toBe(400);
    expect(res.body.error?.payload.fields?.[0]).toMatchObject({ path: "password", key: "validation.minLength" });
  });

  it("never trims a password: spaces at either end are part of it", async () => {
    const u = await p.createUser({ password: "  Razmaci u lozinci  " });
    expect((await login(u.email, "  Razmaci u lozinci  ")).status).toBe(200);
    expect((await login(u.email, "Razmaci u lozinci")).status).toBe(401);
  });
});

describe("profiles", () => {
  it("GET /v1/user/web/profile needs a token (401)", async () => {
    const res = await p.call("GET", "/api/v1/user/web/profile");
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe("UNAUTHORIZED");
  });

  it("GET /v1/user/web/profile refuses a tampered token (401)", async () => {
    const { accessToken } = await p.login(customer);
    const [h, payload, s] = accessToken.split(".");
    const forged = Buffer.from(JSON.stringify({ sub: admin.id, bo: true, exp: 9_999_999_999 })).toString("base64url");
    expect((await p.call("GET", "/api/v1/user/web/profile", { token: `${h}.${forged}.${s}` })).status).toBe(401);
    expect((await p.call("GET", "/api/v1/user/web/profile", { token: `${h}.${payload}.x${s}` })).status).toBe(401);
  });

  it("GET /v1/user/web/profile answers the logged-in customer", async () => {
    const { accessToken } = await p.login(customer);
    const res = await p.call<UserView>("GET", "/api/v1/user/web/profile", { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: customer.id, email: customer.email, isBackofficeUser: false });
  });

  it("GET /v1/user/profile needs a backoffice user (403 for a customer)", async () => {
    const { accessToken } = await p.login(customer);
    const res = await p.call("GET", "/api/v1/user/profile", { token: accessToken });
    expect(res.status).toBe(403);
    expect(res.body.error?.code).toBe("FORBIDDEN");
  });

  it("GET /v1/user/profile answers the backoffice user", async () => {
    const { accessToken } = await p.login(admin);
    const res = await p.call<UserView>("GET", "/api/v1/user/profile", { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data.isBackofficeUser).toBe(true);
  });
});
