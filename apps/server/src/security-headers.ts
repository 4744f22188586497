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

/** What a page's integrations add to its CSP (origins per directive); none by default. */
export interface CspExtra {
  connect?: readonly string[];
  img?: readonly string[];
  frame?: readonly string[];
  form?: readonly string[];
}

const CSP_BEFORE_NONCE = "default-src 'self'; script-src 'self' 'nonce-";

function cspTail(extra: CspExtra): string {
  const list = (values: readonly string[] | undefined) => (values?.length ? ` ${[...values].sort().join(" ")}` : "");
  return [
    "' 'strict-dynamic'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${list(extra.img)}`,
    "font-src 'self'",
    `connect-src 'self'${list(extra.connect)}`,
    ...(extra.frame?.length ? [`frame-src 'self'${list(extra.frame)}`] : []),
    "frame-ancestors 'self'",
    "base-uri 'self'",
    `form-action 'self'${list(extra.form)}`,
    "object-src 'none'",
  ].join("; ");
}

/** The CSP after the nonce, made once per set of integrations (every answer needs one). */
const tails = new Map<string, string>();
function cachedTail(extra: CspExtra): string {
  const key = JSON.stringify([extra.connect, extra.img, extra.frame, extra.form]);
  let tail = tails.get(key);
  if (tail === undefined) {
    tail = cspTail(extra);
    if (tails.size > 100) tails.clear();
    tails.set(key, tail);
  }
  return tail;
}

/** reCAPTCHA's widget runs in a frame from Google and talks to it (Google's CSP guidance). */
export const RECAPTCHA_CSP: CspExtra = {
  connect: ["https://www.google.com"],
  frame: ["https://www.google.com", "https://recaptcha.google.com"],
};

/** Several integrations' origins together. */
export function mergeCsp(...parts: CspExtra[]): CspExtra {
  const union = (pick: (p: CspExtra) => readonly string[] | undefined) => [...new Set(parts.flatMap((p) => pick(p) ?? []))];
  return { connect: union((p) => p.connect), img: union((p) => p.img), frame: union((p) => p.frame), form: union((p) => p.form) };
}

const STATIC_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "SAMEORIGIN",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
} as const;
const HSTS = { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } as const;

/**
 * Headers every page carries. The CSP allows only scripts bearing this response's nonce (and what
 * they load), and only the outside origins the configured integrations need.
 */
export function pageSecurityHeaders(nonce: string, production: boolean, extra: CspExtra = {}): Record<string, string> {
  return {
    "Content-Security-Policy": CSP_BEFORE_NONCE + nonce + cachedTail(extra),
    ...STATIC_HEADERS,
    ...(production ? HSTS : {}),
  };
}
