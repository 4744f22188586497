import { createPrivateKey, type KeyObject } from "node:crypto";

/**
 * Social login settings (README "Configuration"): each OpenID Connect provider is a set of
 * variables OIDC_<NAME>_ISSUER, OIDC_<NAME>_CLIENT_ID, OIDC_<NAME>_CLIENT_SECRET and optionally
 * OIDC_<NAME>_LABEL (the button's text). GOOGLE knows its issuer; any other name needs
 * OIDC_<NAME>_ISSUER. No variables, no providers: the login page shows no buttons. APPLE (or any
 * name with OIDC_<NAME>_KIND=apple, e.g. a test provider) has no fixed client secret but
 * OIDC_<NAME>_TEAM_ID, _KEY_ID and _PRIVATE_KEY (the .p8 key's PEM), from which each token request
 * signs its own (ADR 15). Facebook is not known on purpose: its ID token does not say whether the
 * e-mail is verified.
 */

/** Apple's client secret is an ES256 JWT signed with this key (Apple's "Sign in with Apple" key). */
export interface AppleClientKey {
  teamId: string;
  keyId: string;
  privateKey: KeyObject;
}

export interface SocialProviderConfig {
  /** Lower case, as it appears in the form and in `social_logins.provider`. */
  name: string;
  label: string;
  issuer: string;
  clientId: string;
  /** Empty for an Apple provider, whose secret is made per request from `apple`. */
  clientSecret: string;
  /** Set for a provider of the Apple kind: callback by form_post, secret signed per token request. */
  apple?: AppleClientKey;
}

export const APPLE_ISSUER = "https://appleid.apple.com";

/** One line naming the variable to look at. */
export class SocialConfigError extends Error {}

const KNOWN: Record<string, { issuer: string; label: string }> = {
  GOOGLE: { issuer: "https://accounts.google.com", label: "Google" },
  APPLE: { issuer: APPLE_ISSUER, label: "Apple" },
};

const SETTINGS = ["ISSUER", "CLIENT_ID", "CLIENT_SECRET", "LABEL", "KIND", "TEAM_ID", "KEY_ID", "PRIVATE_KEY"] as const;
type Setting = (typeof SETTINGS)[number];
const VARIABLE = new RegExp(`^OIDC_([A-Z0-9]+(?:_[A-Z0-9]+)*?)_(${SETTINGS.join("|")})$`);

/** Plain http only for an issuer on this machine (a local test provider); anything else must be https. */
export function isLoopback(url: URL): boolean {
  const host = url.hostname;
  return host === "localhost" || host === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function issuerOf(variable: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SocialConfigError(`${variable}: must be the issuer's URL, e.g. https://accounts.google.com`);
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopback(url))) {
    throw new SocialConfigError(`${variable}: must be an https URL (http only on localhost or 127.0.0.1)`);
  }
  if (url.search || url.hash) throw new SocialConfigError(`${variable}: must have no query or fragment`);
  return url.href.replace(/\/$/, "");
}

/** The .p8 key's PEM; an environment file may hold its line breaks as `\\n`. Apple's keys are P-256. */
function appleKey(name: string, pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem.replace(/\\n/g, "\n"));
  } catch {
    throw new SocialConfigError(`OIDC_${name}_PRIVATE_KEY: must be the PEM of the .p8 key (-----BEGIN PRIVATE KEY-----…)`);
  }
  if (key.asymmetricKeyType !== "ec" || key.asymmetricKeyDetails?.namedCurve !== "prime256v1") {
    throw new SocialConfigError(`OIDC_${name}_PRIVATE_KEY: must be a P-256 (ES256) key, as Apple issues`);
  }
  return key;
}

/** Reads the providers from an environment-like record; a bad or partial set throws SocialConfigError. */
export function parseSocialConfig(env: Record<string, string | undefined>): SocialProviderConfig[] {
  const byName = new Map<string, Partial<Record<Setting, string>>>();
  for (const [variable, raw] of Object.entries(env)) {
    if (!variable.startsWith("OIDC_")) continue;
    const value = raw?.trim();
    if (!value) continue;
    const match = VARIABLE.exec(variable);
    if (!match) throw new SocialConfigError(`${variable}: unknown setting; use OIDC_<NAME>_${SETTINGS.join(", _")}`);
    const [, name, setting] = match as unknown as [string, string, Setting];
    byName.set(name, { ...byName.get(name), [setting]: value });
  }
  return [...byName.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, settings]) => {
      const known = KNOWN[name];
      if (settings.KIND !== undefined && settings.KIND !== "apple") {
        throw new SocialConfigError(`OIDC_${name}_KIND: must be apple or not set`);
      }
      const isApple = name === "APPLE" || settings.KIND === "apple";
      const required = isApple ? (["CLIENT_ID", "TEAM_ID", "KEY_ID", "PRIVATE_KEY"] as const) : (["CLIENT_ID", "CLIENT_SECRET"] as const);
      for (const setting of required) {
        if (!settings[setting]) throw new SocialConfigError(`OIDC_${name}_${setting}: must be set for the provider ${name}`);
      }
      const unused = isApple ? ["CLIENT_SECRET"] : ["TEAM_ID", "KEY_ID", "PRIVATE_KEY"];
      for (const setting of unused) {
        if (settings[setting as Setting]) throw new SocialConfigError(`OIDC_${name}_${setting}: not a setting of the provider ${name}`);
      }
      const issuer = settings.ISSUER ?? known?.issuer;
      if (!issuer)
        throw new SocialConfigError(`OIDC_${name}_ISSUER: must be set for the provider ${name} (only GOOGLE and APPLE know their own)`);
      return {
        name: name.toLowerCase(),
        label: settings.LABEL ?? known?.label ?? name.charAt(0) + name.slice(1).toLowerCase(),
        issuer: issuerOf(`OIDC_${name}_ISSUER`, issuer),
        clientId: String(settings.CLIENT_ID),
        clientSecret: isApple ? "" : String(settings.CLIENT_SECRET),
        ...(isApple
          ? {
              apple: {
                teamId: String(settings.TEAM_ID),
                keyId: String(settings.KEY_ID),
                privateKey: appleKey(name, String(settings.PRIVATE_KEY)),
              },
            }
          : {}),
      };
    });
}
