import { createPublicKey, generateKeyPairSync, type KeyObject, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { jwtVerify } from "jose";
import Provider from "oidc-provider";
import { escapeHtml } from "../../shared/escape-html.ts";
import { APPLE_ISSUER, type SocialProviderConfig } from "./config.ts";

/**
 * A real OpenID Connect provider (panva's oidc-provider) on loopback for tests: one confidential
 * client, the accounts the test gives, and a login screen: a button per account for a browser, or
 * at once the account named by the authorization request's `login_hint` (what a person would do on
 * the provider's page). Consent is taken as given. Tests only: it imports a devDependency.
 * With `apple`, it answers like Apple: the callback by response_mode=form_post, and the client
 * secret an ES256 JWT of the team (Apple's claims), verified here with the key's public half.
 */

export interface TestOidcAccount {
  sub: string;
  email: string;
  /** As the ID token says it: Apple sometimes writes a string. */
  emailVerified: boolean | "true" | "false";
  givenName?: string;
  familyName?: string;
}

export interface TestOidcProvider {
  issuer: string;
  /** The provider as the shop's config would read it from OIDC_<NAME>_* variables. */
  config(name: string): SocialProviderConfig;
  /** The accounts by subject; a test may change one (e.g. its e-mail) between logins. */
  accounts: Map<string, TestOidcAccount>;
  /**
   * Follows an authorization URL the way the visitor's browser would, signing in as `sub` on the
   * provider's page, and answers the URL the provider sends the browser back to (the callback).
   */
  authorize(url: string, sub: string): Promise<URL>;
  /**
   * The same for a form_post login: the provider's page that posts the callback, read as the
   * browser would, answering where it posts to and the form it posts.
   */
  authorizeFormPost(url: string, sub: string): Promise<{ action: URL; form: URLSearchParams }>;
  /** Apple mode: the .p8-like key's PEM the shop signs its client secrets with. */
  applePrivateKeyPem: string;
  /** Apple mode: the client-secret JWTs verified at the token endpoint so far. */
  verifiedClientSecrets: number;
  close(): Promise<void>;
}

/** The one client of the test provider. */
export const TEST_OIDC_CLIENT_ID = "shop";

export interface TestOidcOptions {
  redirectUris: string[];
  accounts: TestOidcAccount[];
  /** A port chosen beforehand (a shop started first must know the issuer); any free one by default. */
  port?: number;
  /** The client secret, when the shop's environment is written before the provider starts. */
  clientSecret?: string;
  /**
   * Act as Apple: form_post callbacks and a client secret signed by this team's key (a new one by
   * default; given when the shop's environment is written before the provider starts).
   */
  apple?: { teamId: string; keyId: string; privateKey?: KeyObject };
  /** The issuer's host name (it listens on 127.0.0.1): `localhost` makes it another site than a shop on 127.0.0.1. */
  hostname?: "127.0.0.1" | "localhost";
}

/** Apple accepts a client secret valid for six months at most. */
const APPLE_SECRET_MAX_S = 180 * 24 * 60 * 60;

const decodeHtml = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString());
}

export async function startTestOidcProvider(options: TestOidcOptions): Promise<TestOidcProvider> {
  const accounts = new Map(options.accounts.map((a) => [a.sub, a]));
  const clientSecret = options.clientSecret ?? randomBytes(24).toString("base64url");
  let provider: Provider | undefined;
  const appleKeys = options.apple?.privateKey
    ? { privateKey: options.apple.privateKey, publicKey: createPublicKey(options.apple.privateKey) }
    : generateKeyPairSync("ec", { namedCurve: "P-256" });
  let verifiedClientSecrets = 0;

  /**
   * Apple's token endpoint: the client secret must be a JWT signed by the team's key with Apple's
   * claims. Verified here, then handed to oidc-provider as the client's registered secret.
   */
  async function appleToken(apple: { teamId: string; keyId: string }, publicKey: KeyObject, req: IncomingMessage, res: ServerResponse) {
    const body = await formBody(req);
    try {
      const { payload, protectedHeader } = await jwtVerify(body.get("client_secret") ?? "", publicKey, {
        algorithms: ["ES256"],
        issuer: apple.teamId,
        subject: TEST_OIDC_CLIENT_ID,
        audience: APPLE_ISSUER,
      });
      if (protectedHeader.kid !== apple.keyId) throw new Error("wrong kid");
      if (typeof payload.exp !== "number" || typeof payload.iat !== "number" || payload.exp - payload.iat > APPLE_SECRET_MAX_S) {
        throw new Error("exp more than six months after iat");
      }
    } catch (err) {
      res.statusCode = 401;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ error: "invalid_client", error_description: String(err) }));
      return;
    }
    verifiedClientSecrets++;
    body.set("client_secret", clientSecret);
    // oidc-provider reads an already read body from req.body.
    Object.assign(req, { body: body.toString() });
    await provider?.callback()(req, res);
  }

  /** The provider's login page: the chosen account (a button, or the login_hint) signs in. */
  async function interaction(oidc: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await oidc.interactionDetails(req, res);
    const chosen = req.method === "POST" ? (await formBody(req)).get("sub") : details.params.login_hint;
    if (typeof chosen === "string" && chosen) {
      await oidc.interactionFinished(req, res, { login: { accountId: chosen } }, { mergeWithLastSubmission: false });
      return;
    }
    const buttons = [...accounts.values()].map(
      (a) => `<button type="submit" name="sub" value="${escapeHtml(a.sub)}">${escapeHtml(a.email)}</button>`,
    );
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(`<!doctype html><title>Test ID</title><h1>Test ID</h1><form method="post">${buttons.join("")}</form>`);
  }

  const server = createServer((req, res) => {
    if (!provider) throw new Error("the provider is not ready");
    if (options.apple && req.method === "POST" && req.url === "/token") {
      appleToken(options.apple, appleKeys.publicKey, req, res).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
      return;
    }
    if (!req.url?.startsWith("/interaction/")) return provider.callback()(req, res);
    interaction(provider, req, res).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  await new Promise<void>((done) => server.listen(options.port ?? 0, "127.0.0.1", done));
  const issuer = `http://${options.hostname ?? "127.0.0.1"}:${(server.address() as AddressInfo).port}`;
  const signingKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_OIDC_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        ...(options.apple ? { token_endpoint_auth_method: "client_secret_post" as const } : {}),
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: "test", use: "sig", alg: "RS256" }] },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    // Apple's `name` scope sends the name; here it goes into the ID token like `profile`.
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name"],
      name: ["given_name", "family_name"],
    },
    // Scope claims in the ID token itself, as Google's and Apple's ID tokens carry the e-mail.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified,
          ...(account.givenName ? { given_name: account.givenName } : {}),
          ...(account.familyName ? { family_name: account.familyName } : {}),
        }),
      };
    },
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope("openid email profile name");
      await grant.save();
      return grant;
    },
  });

  /** Follows the provider's redirects to the first answer that is not one at the provider (a URL elsewhere, or a page). */
  async function follow(url: string, sub: string): Promise<URL | Response> {
    // A browser of its own each time: no provider session carries over to the next login.
    const cookies = new Map<string, string>();
    let next = new URL(url);
    next.searchParams.set("login_hint", sub);
    for (let hop = 0; hop < 10; hop++) {
      if (next.origin !== issuer) return next;
      const res = await fetch(next, {
        redirect: "manual",
        headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
      });
      for (const cookie of res.headers.getSetCookie()) {
        const [pair = ""] = cookie.split(";");
        const eq = pair.indexOf("=");
        cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      const location = res.headers.get("location");
      if (!location) return res;
      await res.body?.cancel();
      next = new URL(location, next);
    }
    throw new Error("too many redirects at the provider");
  }

  async function authorize(url: string, sub: string): Promise<URL> {
    const answer = await follow(url, sub);
    if (answer instanceof URL) return answer;
    throw new Error(`the provider answered ${answer.status} without a redirect: ${await answer.text()}`);
  }

  async function authorizeFormPost(url: string, sub: string): Promise<{ action: URL; form: URLSearchParams }> {
    const answer = await follow(url, sub);
    if (answer instanceof URL) throw new Error(`the provider redirected to ${answer.href} instead of posting`);
    const page = await answer.text();
    const action = /<form method="post" action="([^"]*)">/.exec(page)?.[1];
    if (!action) throw new Error(`the provider answered ${answer.status} without a form: ${page}`);
    const form = new URLSearchParams();
    for (const [, name = "", value = ""] of page.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"\/>/g)) {
      form.append(decodeHtml(name), decodeHtml(value));
    }
    return { action: new URL(decodeHtml(action)), form };
  }

  return {
    issuer,
    accounts,
    config: (name) =>
      options.apple
        ? {
            name,
            label: name,
            issuer,
            clientId: TEST_OIDC_CLIENT_ID,
            clientSecret: "",
            apple: { teamId: options.apple.teamId, keyId: options.apple.keyId, privateKey: appleKeys.privateKey },
          }
        : { name, label: name, issuer, clientId: TEST_OIDC_CLIENT_ID, clientSecret },
    authorize,
    authorizeFormPost,
    applePrivateKeyPem: appleKeys.privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
    get verifiedClientSecrets() {
      return verifiedClientSecrets;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
