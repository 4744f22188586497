/**
 * Social login settings (README "Configuration"): each OpenID Connect provider is a set of
 * variables OIDC_<NAME>_ISSUER, OIDC_<NAME>_CLIENT_ID, OIDC_<NAME>_CLIENT_SECRET and optionally
 * OIDC_<NAME>_LABEL (the button's text). GOOGLE knows its issuer; any other name needs
 * OIDC_<NAME>_ISSUER. No variables, no providers: the login page shows no buttons. Apple and
 * Facebook are not known on purpose (ADR 15): Apple answers e-mail scopes only by form_post, and
 * Facebook's ID token does not say whether the e-mail is verified.
 */

export interface SocialProviderConfig {
  /** Lower case, as it appears in the form and in `social_logins.provider`. */
  name: string;
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** One line naming the variable to look at. */
export class SocialConfigError extends Error {}

const KNOWN: Record<string, { issuer: string; label: string }> = {
  GOOGLE: { issuer: "https://accounts.google.com", label: "Google" },
};

const SETTINGS = ["ISSUER", "CLIENT_ID", "CLIENT_SECRET", "LABEL"] as const;
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
      for (const setting of ["CLIENT_ID", "CLIENT_SECRET"] as const) {
        if (!settings[setting]) throw new SocialConfigError(`OIDC_${name}_${setting}: must be set for the provider ${name}`);
      }
      const issuer = settings.ISSUER ?? known?.issuer;
      if (!issuer) throw new SocialConfigError(`OIDC_${name}_ISSUER: must be set for the provider ${name} (only GOOGLE knows its own)`);
      return {
        name: name.toLowerCase(),
        label: settings.LABEL ?? known?.label ?? name.charAt(0) + name.slice(1).toLowerCase(),
        issuer: issuerOf(`OIDC_${name}_ISSUER`, issuer),
        clientId: String(settings.CLIENT_ID),
        clientSecret: String(settings.CLIENT_SECRET),
      };
    });
}
