import { generateKeyPairSync } from "node:crypto";
import { decodeProtectedHeader, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { APPLE_ISSUER, parseSocialConfig } from "./config.ts";
import { appleClientSecret } from "./index.ts";

const appleKeys = generateKeyPairSync("ec", { namedCurve: "P-256" });
const applePem = appleKeys.privateKey.export({ format: "pem", type: "pkcs8" }).toString();
const appleEnv = {
  OIDC_APPLE_CLIENT_ID: "hr.autopraonica.web",
  OIDC_APPLE_TEAM_ID: "TEAM123456",
  OIDC_APPLE_KEY_ID: "KEY1234567",
  // As an environment file holds it, on one line.
  OIDC_APPLE_PRIVATE_KEY: applePem.replace(/\n/g, "\\n"),
};

describe("parseSocialConfig", () => {
  it("has no providers without OIDC variables", () => {
    expect(parseSocialConfig({ PORT: "3000" })).toEqual([]);
  });

  it("knows Google's issuer and reads any named issuer, sorted by name", () => {
    const providers = parseSocialConfig({
      OIDC_GOOGLE_CLIENT_ID: "g-id",
      OIDC_GOOGLE_CLIENT_SECRET: "g-secret",
      OIDC_MY_IDP_ISSUER: "https://login.example.hr/realms/shop/",
      OIDC_MY_IDP_CLIENT_ID: "shop",
      OIDC_MY_IDP_CLIENT_SECRET: "s",
      OIDC_MY_IDP_LABEL: "Autopraonica ID",
    });
    expect(providers).toEqual([
      { name: "google", label: "Google", issuer: "https://accounts.google.com", clientId: "g-id", clientSecret: "g-secret" },
      { name: "my_idp", label: "Autopraonica ID", issuer: "https://login.example.hr/realms/shop", clientId: "shop", clientSecret: "s" },
    ]);
  });

  it("allows plain http only for an issuer on this machine", () => {
    const local = { OIDC_DEV_ISSUER: "http://127.0.0.1:4000", OIDC_DEV_CLIENT_ID: "a", OIDC_DEV_CLIENT_SECRET: "b" };
    expect(parseSocialConfig(local)[0]?.issuer).toBe("http://127.0.0.1:4000");
    expect(() => parseSocialConfig({ ...local, OIDC_DEV_ISSUER: "http://login.example.hr" })).toThrow(
      /^OIDC_DEV_ISSUER: must be an https URL/,
    );
  });

  it("names the missing or wrong variable in one line", () => {
    expect(() => parseSocialConfig({ OIDC_GOOGLE_CLIENT_ID: "g" })).toThrow(
      /^OIDC_GOOGLE_CLIENT_SECRET: must be set for the provider GOOGLE$/,
    );
    expect(() => parseSocialConfig({ OIDC_KEYCLOAK_CLIENT_ID: "a", OIDC_KEYCLOAK_CLIENT_SECRET: "b" })).toThrow(
      /^OIDC_KEYCLOAK_ISSUER: must be set/,
    );
    expect(() => parseSocialConfig({ OIDC_GOOGLE_SECRET: "x" })).toThrow(/^OIDC_GOOGLE_SECRET: unknown setting/);
    expect(() => parseSocialConfig({ OIDC_X_ISSUER: "not a url", OIDC_X_CLIENT_ID: "a", OIDC_X_CLIENT_SECRET: "b" })).toThrow(
      /^OIDC_X_ISSUER: must be the issuer's URL/,
    );
  });

  it("knows Apple's issuer and reads its key instead of a client secret", () => {
    const [apple] = parseSocialConfig(appleEnv);
    expect(apple).toMatchObject({ name: "apple", label: "Apple", issuer: APPLE_ISSUER, clientId: "hr.autopraonica.web", clientSecret: "" });
    expect(apple?.apple).toMatchObject({ teamId: "TEAM123456", keyId: "KEY1234567" });
    expect(apple?.apple?.privateKey.asymmetricKeyType).toBe("ec");
    expect(
      parseSocialConfig({ OIDC_MY_APPLE_KIND: "apple", OIDC_MY_APPLE_ISSUER: "http://127.0.0.1:4000", ...rename(appleEnv, "MY_APPLE") })[0]
        ?.apple,
    ).toBeDefined();
  });

  it("names a missing, foreign or wrong Apple setting", () => {
    expect(() => parseSocialConfig({ ...appleEnv, OIDC_APPLE_KEY_ID: "" })).toThrow(/^OIDC_APPLE_KEY_ID: must be set/);
    expect(() => parseSocialConfig({ ...appleEnv, OIDC_APPLE_CLIENT_SECRET: "x" })).toThrow(/^OIDC_APPLE_CLIENT_SECRET: not a setting/);
    expect(() => parseSocialConfig({ ...appleEnv, OIDC_APPLE_PRIVATE_KEY: "not a key" })).toThrow(
      /^OIDC_APPLE_PRIVATE_KEY: must be the PEM/,
    );
    const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    expect(() => parseSocialConfig({ ...appleEnv, OIDC_APPLE_PRIVATE_KEY: rsa })).toThrow(/^OIDC_APPLE_PRIVATE_KEY: must be a P-256/);
    expect(() =>
      parseSocialConfig({ OIDC_X_KIND: "facebook", OIDC_X_ISSUER: "https://x.hr", OIDC_X_CLIENT_ID: "a", OIDC_X_CLIENT_SECRET: "b" }),
    ).toThrow(/^OIDC_X_KIND: must be apple/);
  });
});

function rename(env: Record<string, string>, name: string): Record<string, string> {
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k.replace("OIDC_APPLE_", `OIDC_${name}_`), v]));
}

describe("appleClientSecret", () => {
  it("is an ES256 JWT of the team for the client, Apple's audience, valid for minutes (Apple allows six months)", async () => {
    const [apple] = parseSocialConfig(appleEnv);
    if (!apple?.apple) throw new Error("no Apple key");
    const jwt = appleClientSecret(apple.apple, apple.clientId, 1_800_000_000);
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: "ES256", kid: "KEY1234567" });
    const { payload } = await jwtVerify(jwt, appleKeys.publicKey, {
      algorithms: ["ES256"],
      issuer: "TEAM123456",
      subject: "hr.autopraonica.web",
      audience: APPLE_ISSUER,
      currentDate: new Date(1_800_000_060 * 1000),
    });
    expect(payload.iat).toBe(1_800_000_000);
    expect(payload.exp).toBe(1_800_000_300);
  });
});
