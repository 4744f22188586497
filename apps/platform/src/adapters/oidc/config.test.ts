import { describe, expect, it } from "vitest";
import { parseSocialConfig } from "./config.ts";

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
});
