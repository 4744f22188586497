import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { ACCESS_TOKEN_TTL_S } from "@shop/contracts";

export interface AccessClaims {
  sub: number;
  bo: boolean;
  /** The session (the refresh token family) the token belongs to: ending that session ends the token. */
  sid: string;
  /** Issued at, in seconds with milliseconds (RFC 7519 allows fractions): compared with the user's valid-after time. */
  iat: number;
  exp: number;
}

const b64url = (buf: Buffer | string) => Buffer.from(buf).toString("base64url");

/** Compact HS256 JWT; the platform is the only issuer and verifier. */
export function signAccessToken(
  secret: string,
  claims: { userId: number; isBackoffice: boolean; session: string },
  nowMs = Date.now(),
): string {
  const header = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const iat = nowMs / 1000;
  const payload = b64url(
    JSON.stringify({ sub: claims.userId, bo: claims.isBackoffice, sid: claims.session, iat, exp: Math.floor(iat) + ACCESS_TOKEN_TTL_S }),
  );
  const sig = createHmac("sha256", secret).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${sig}`;
}

export function verifyAccessToken(secret: string, token: string, nowS = Math.floor(Date.now() / 1000)): AccessClaims | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [header, payload, sig] = parts as [string, string, string];
  const expected = createHmac("sha256", secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as AccessClaims;
    if (typeof claims.sub !== "number" || typeof claims.exp !== "number" || claims.exp <= nowS) return null;
    if (typeof claims.sid !== "string" || typeof claims.iat !== "number") return null;
    return claims;
  } catch {
    return null;
  }
}

/** Opaque single-use secrets (refresh, verify, reset): the client gets the token, the database its hash. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

/**
 * The refresh token that replaces `token` at its rotation. Derived, not random, so a request that
 * presents `token` again within the grace window gets the very same successor without the database
 * keeping any token in the clear; without the secret nobody can compute it.
 */
export function successorToken(secret: string, token: string): string {
  return createHmac("sha256", secret).update(`refresh-successor:${token}`).digest("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
