import { argon2 as argon2Cb, randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const argon2 = promisify(argon2Cb);
const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;

/** Argon2id's cost: memory in KiB, passes, lanes. */
interface Argon2Cost {
  m: number;
  t: number;
  p: number;
}

/** OWASP's minimum for argon2id (19 MiB, 2 passes, 1 lane): about as slow here as the scrypt it replaces. */
export const ARGON2_COST: Readonly<Argon2Cost> = { m: 19_456, t: 2, p: 1 };
const KEYLEN = 32;
const SALT_BYTES = 16;
const SCRYPT_MAXMEM = 64 * 1024 * 1024;

// PHC strings use base64 without padding.
const b64 = (buf: Buffer) => buf.toString("base64").replace(/=+$/, "");

function derive(password: string, salt: Buffer, cost: Argon2Cost, length: number): Promise<Buffer> {
  return argon2("argon2id", {
    message: password.normalize("NFKC"),
    nonce: salt,
    memory: cost.m,
    passes: cost.t,
    parallelism: cost.p,
    tagLength: length,
  });
}

/**
 * argon2id as a PHC string, `$argon2id$v=19$m=…,t=…,p=…$salt$hash`: the string names its own
 * algorithm and cost, so hashes made with another cost keep verifying. Tests hash at full cost too:
 * about 50 ms, what scrypt took before.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const { m, t, p } = ARGON2_COST;
  const hash = await derive(password, salt, ARGON2_COST, KEYLEN);
  return `$argon2id$v=19$m=${m},t=${t},p=${p}$${b64(salt)}$${b64(hash)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

function parseArgon2(stored: string): { cost: Argon2Cost; salt: Buffer; hash: Buffer } | null {
  const match = PHC.exec(stored);
  if (!match) return null;
  const [, m, t, p, salt, hash] = match as unknown as [string, string, string, string, string, string];
  return { cost: { m: Number(m), t: Number(t), p: Number(p) }, salt: Buffer.from(salt, "base64"), hash: Buffer.from(hash, "base64") };
}

/** The hashes written before argon2id: `scrypt$N$r$p$salt$hash` (base64). */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, hash] = stored.split("$");
  if (!salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await scrypt(password.normalize("NFKC"), Buffer.from(salt, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT_MAXMEM,
  });
  return timingSafeEqual(actual, expected);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith("scrypt$")) return verifyScrypt(password, stored);
  const parsed = parseArgon2(stored);
  if (!parsed || parsed.salt.length < 8 || parsed.hash.length < 4) return false;
  const actual = await derive(password, parsed.salt, parsed.cost, parsed.hash.length);
  return timingSafeEqual(actual, parsed.hash);
}

/** True for a hash of an older kind or a lower cost than today's: it is made again at the next login. */
export function needsRehash(stored: string): boolean {
  const parsed = parseArgon2(stored);
  if (!parsed) return true;
  const { m, t, p } = parsed.cost;
  return m < ARGON2_COST.m || t < ARGON2_COST.t || p < ARGON2_COST.p;
}

/** A hash to compare against when the user does not exist, so both answers take as long. */
export const DUMMY_HASH = `$argon2id$v=19$m=${ARGON2_COST.m},t=${ARGON2_COST.t},p=${ARGON2_COST.p}$${b64(Buffer.alloc(SALT_BYTES))}$${b64(Buffer.alloc(KEYLEN))}`;
