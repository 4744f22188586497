import { randomBytes } from "node:crypto";

const NONCE_BYTES = 16;
const POOL_SIZE = NONCE_BYTES * 512;
let pool = randomBytes(POOL_SIZE);
let offset = 0;

/** 128 random bits per response, cut from a pooled buffer: one system call per 512 nonces. */
export function newNonce(): string {
  if (offset + NONCE_BYTES > POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    offset = 0;
  }
  const nonce = pool.toString("base64url", offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}

const CSP_BEFORE_NONCE = "default-src 'self'; script-src 'self' 'nonce-";
const CSP_AFTER_NONCE = [
  "' 'strict-dynamic'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

const STATIC_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "SAMEORIGIN",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
} as const;
const HSTS = { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } as const;

/** Headers every page carries; the CSP allows only scripts bearing this response's nonce. */
export function pageSecurityHeaders(nonce: string, production: boolean): Record<string, string> {
  return {
    "Content-Security-Policy": CSP_BEFORE_NONCE + nonce + CSP_AFTER_NONCE,
    ...STATIC_HEADERS,
    ...(production ? HSTS : {}),
  };
}
