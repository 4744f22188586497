import type { Tokens, UserView } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform, type TestUser } from "../../test-support.ts";

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

  it("answers 429 with Retry-After once one account has had too many attempts, whatever the IP", async () => {
    const victim = await p.createUser();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(victim.email, `krivo-${i}-lozinka`)).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    // Junk fields do not change the key (Strapi CVE-2025-64526).
    const res = await p.call("POST", "/api/v1/login", { body: { username: victim.email, password: victim.password, junk: "x1" } });
    expect(res.status).toBe(429);
    expect(res.body.error?.code).toBe("RATE_LIMITED");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("answers 429 once one IP has made too many attempts", async () => {
    const ip = "192.0.2.77";
    let last = 0;
    for (let i = 0; i < 51; i++) last = (await login(`netko-${i}@example.hr`, "pogresna-lozinka", ip)).status;
    expect(last).toBe(429);
    expect((await login(customer.email, customer.password)).status).toBe(200);
  });
});

describe("GET /v1/refresh", () => {
  it("rotates: the new pair works, the used refresh token is refused", async () => {
    const first = await p.login(customer);
    const rotated = await refresh(first.refreshToken);
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.tokens.refreshToken).not.toBe(first.refreshToken);
    const profile = await p.call("GET", "/api/v1/user/web/profile", { token: rotated.body.data.tokens.accessToken });
    expect(profile.status).toBe(200);

    const reused = await refresh(first.refreshToken);
    expect(reused.status).toBe(401);
    expect(reused.body.error?.code).toBe("TOKEN_INVALID");
  });

  it("revokes the whole family when a used refresh token comes back (it leaked)", async () => {
    const first = await p.login(customer);
    const second = (await refresh(first.refreshToken)).body.data.tokens;
    expect((await refresh(first.refreshToken)).status).toBe(401);
    // The legitimate holder's newer token is gone too.
    expect((await refresh(second.refreshToken)).status).toBe(401);
  });

  it("leaves other sessions alone when one family is revoked", async () => {
    const a = await p.login(customer);
    const b = await p.login(customer);
    await refresh(a.refreshToken);
    await refresh(a.refreshToken);
    expect((await refresh(b.refreshToken)).status).toBe(200);
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
