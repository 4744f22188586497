import { sign } from "node:crypto";
import * as client from "openid-client";
import { APPLE_ISSUER, type AppleClientKey, isLoopback, type SocialProviderConfig } from "./config.ts";

export { APPLE_ISSUER, parseSocialConfig, SocialConfigError, type SocialProviderConfig } from "./config.ts";

/** What the flow keeps in the browser between the start and the callback (an httpOnly cookie). */
export interface SocialChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Who the provider says signed in, read from the validated ID token. */
export interface SocialIdentity {
  subject: string;
  email: string | null;
  /** Only the provider's explicit `email_verified: true` counts (some providers write it as the string "true"). */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

/**
 * `refused`: the provider or the checks said no (an error in the callback, a wrong state, a used
 * or expired code, an ID token that does not verify); `unavailable`: the provider could not be
 * reached or answered nonsense.
 */
export class SocialLoginError extends Error {
  readonly reason: "refused" | "unavailable";
  constructor(reason: "refused" | "unavailable", message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface SocialProviders {
  readonly list: readonly { name: string; label: string }[];
  has(name: string): boolean;
  /**
   * The origin of the provider's authorization endpoint, where the login button's post is
   * redirected (the page's CSP form-action must name it). Until discovery has answered, the
   * issuer's (the same for the usual providers); discovery is started then, never waited for, so
   * a provider that is down does not slow the login page.
   */
  authorizationOrigin(name: string): string;
  /**
   * The provider's authorization URL (code flow, PKCE S256, state, nonce) and the checks to keep
   * for the callback; `formPost`: the provider posts the callback (Apple's response_mode=form_post).
   */
  start(name: string, redirectUri: string): Promise<{ url: string; formPost: boolean } & SocialChecks>;
  /** Exchanges the callback's code (its query, or its posted form) and validates the ID token (issuer, audience, expiry, nonce). */
  finish(name: string, redirectUri: string, callbackQuery: string, checks: SocialChecks): Promise<SocialIdentity>;
}

const SCOPE = "openid email profile";
/** Apple knows no `profile` scope; `name` sends the name once, in the first callback's `user` field. */
const APPLE_SCOPE = "openid email name";
/** Apple accepts a client secret valid up to six months; one made per request needs minutes. */
const APPLE_SECRET_TTL_S = 5 * 60;

/**
 * Apple's client secret: an ES256 JWT (iss the team, sub the client, aud Apple) signed with the
 * .p8 key. Made with node:crypto because openid-client's client authentication is synchronous.
 */
export function appleClientSecret(key: AppleClientKey, clientId: string, nowS = Math.floor(Date.now() / 1000)): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const input = `${part({ alg: "ES256", kid: key.keyId })}.${part({ iss: key.teamId, sub: clientId, aud: APPLE_ISSUER, iat: nowS, exp: nowS + APPLE_SECRET_TTL_S })}`;
  // JOSE wants the raw r||s signature, not DER.
  const signature = sign("sha256", Buffer.from(input), { key: key.privateKey, dsaEncoding: "ieee-p1363" });
  return `${input}.${signature.toString("base64url")}`;
}

/** Apple's `user` field of the first callback (unsigned: only the name is taken from it, never the e-mail). */
function appleName(callback: URLSearchParams): { firstName: string; lastName: string } {
  try {
    const user = JSON.parse(callback.get("user") ?? "null") as { name?: { firstName?: unknown; lastName?: unknown } } | null;
    return { firstName: text(user?.name?.firstName), lastName: text(user?.name?.lastName) };
  } catch {
    return { firstName: "", lastName: "" };
  }
}
/** Seconds to wait for a provider's discovery document. */
const DISCOVERY_TIMEOUT_S = 10;

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** The providers of the parsed config, each discovered at its first use (a provider down at start-up stops nothing). */
export function createSocialProviders(configs: readonly SocialProviderConfig[]): SocialProviders {
  const byName = new Map(configs.map((c) => [c.name, c]));
  const discovered = new Map<string, Promise<client.Configuration>>();
  const authorizationOrigins = new Map<string, string>();

  /** Apple takes a freshly signed secret in the body of each token request; the others their fixed one. */
  function auth(config: SocialProviderConfig): client.ClientAuth | undefined {
    const key = config.apple;
    if (!key) return undefined;
    return (as, c, body, headers) => client.ClientSecretPost(appleClientSecret(key, config.clientId))(as, c, body, headers);
  }

  function configuration(name: string): Promise<client.Configuration> {
    const config = byName.get(name);
    if (!config) return Promise.reject(new SocialLoginError("refused", `unknown provider ${name}`));
    let found = discovered.get(name);
    if (!found) {
      const issuer = new URL(config.issuer);
      found = client
        .discovery(issuer, config.clientId, config.apple ? undefined : config.clientSecret, auth(config), {
          timeout: DISCOVERY_TIMEOUT_S,
          // The config allows plain http only for an issuer on this machine.
          ...(issuer.protocol === "http:" && isLoopback(issuer) ? { execute: [client.allowInsecureRequests] } : {}),
        })
        .then((ready) => {
          const endpoint = ready.serverMetadata().authorization_endpoint;
          if (endpoint) authorizationOrigins.set(name, new URL(endpoint).origin);
          return ready;
        })
        .catch((err: unknown) => {
          // Forgotten, so the next login tries again rather than failing until a restart.
          discovered.delete(name);
          throw new SocialLoginError("unavailable", `discovery of ${config.issuer} failed: ${String(err)}`);
        });
      discovered.set(name, found);
    }
    return found;
  }

  return {
    list: configs.map(({ name, label }) => ({ name, label })),
    has: (name) => byName.has(name),
    authorizationOrigin(name) {
      const known = authorizationOrigins.get(name);
      if (known) return known;
      // A failed discovery is told to the visitor who presses the button; here it only leaves the issuer's origin.
      configuration(name).catch(() => {});
      return new URL(byName.get(name)?.issuer ?? "").origin;
    },
    async start(name, redirectUri) {
      const config = await configuration(name);
      const formPost = Boolean(byName.get(name)?.apple);
      const checks = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: formPost ? APPLE_SCOPE : SCOPE,
        response_type: "code",
        ...(formPost ? { response_mode: "form_post" } : {}),
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: "S256",
      });
      return { url: url.href, formPost, ...checks };
    },
    async finish(name, redirectUri, callbackQuery, checks) {
      const config = await configuration(name);
      const current = new URL(redirectUri);
      current.search = callbackQuery;
      let claims: client.IDToken | undefined;
      try {
        const tokens = await client.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (err) {
        // The provider's own words (invalid_grant, access_denied, …) say more in the log than the class.
        if (err instanceof client.ResponseBodyError || err instanceof client.AuthorizationResponseError) {
          throw new SocialLoginError("refused", `${err.error}: ${err.error_description ?? err.message}`);
        }
        throw new SocialLoginError(err instanceof client.ClientError ? "refused" : "unavailable", String(err));
      }
      if (!claims) throw new SocialLoginError("refused", "no ID token");
      const email = text(claims.email);
      const posted = byName.get(name)?.apple ? appleName(current.searchParams) : { firstName: "", lastName: "" };
      return {
        subject: claims.sub,
        email: email || null,
        emailVerified: claims.email_verified === true || claims.email_verified === "true",
        firstName: text(claims.given_name) || posted.firstName,
        lastName: text(claims.family_name) || posted.lastName,
      };
    },
  };
}
