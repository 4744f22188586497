import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { type Fetch, type IncomingRequest, PaymentProviderError, type PaymentRequest, PaymentSignatureError } from "./provider.ts";

/** What the three protocols share: hashes, exact amounts, constant-time checks, form and flat-XML bodies. */

export const sha512 = (text: string): string => createHash("sha512").update(text, "utf8").digest("hex");
export const sha1 = (text: string): string => createHash("sha1").update(text, "utf8").digest("hex");
export const hmacSha256 = (key: string, text: string): string => createHmac("sha256", key).update(text, "utf8").digest("hex");

/**
 * Throws unless `given` is the expected hex signature. Compared in constant time over equal-length
 * buffers; a signature of another length is refused before the comparison.
 */
export function checkSignature(expectedHex: string, given: string | null | undefined, what: string): void {
  if (!given) throw new PaymentSignatureError(`${what}: no signature`);
  const a = Buffer.from(expectedHex, "utf8");
  const b = Buffer.from(given.toLowerCase(), "utf8");
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw new PaymentSignatureError(`${what}: wrong signature`);
}

const ORDER_NUMBER = /^[A-Za-z0-9_.-]{1,36}$/;

/** A request the providers would refuse is a bug in the caller: say so before the buyer sees an error page. */
export function checkRequest(request: PaymentRequest): void {
  if (!ORDER_NUMBER.test(request.orderNumber)) throw new RangeError(`orderNumber must be 1-36 of [A-Za-z0-9_.-]: ${request.orderNumber}`);
  if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
    throw new RangeError(`amountCents must be a positive integer: ${request.amountCents}`);
  }
  if (request.description.length > 255) throw new RangeError("description must be at most 255 characters");
}

/** Integer cents as a decimal with two places: 1234 → "12.34" (or "12,34"). */
export function formatCents(cents: number, separator: "." | "," = "."): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not a number of cents: ${cents}`);
  return `${Math.trunc(cents / 100)}${separator}${String(cents % 100).padStart(2, "0")}`;
}

/** "12.34", "12,34", "12.3" or "12" (whole units) to cents, read as text so no float rounds it; else null. */
export function parseDecimalCents(text: string): number | null {
  const match = /^(\d{1,13})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** Minor units ("1234") to cents; else null. */
export function parseMinorUnits(text: string | number): number | null {
  const value = String(text).trim();
  return /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/** Cuts a value to a provider's field limit (in characters) and drops empty optional fields. */
export function optionalFields(fields: Record<string, string | undefined>, limits: Record<string, number> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    const trimmed = value?.trim();
    if (trimmed) out[key] = limits[key] ? [...trimmed].slice(0, limits[key]).join("") : trimmed;
  }
  return out;
}

function utf8(bytes: Uint8Array, what: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new PaymentSignatureError(`${what}: the body is not UTF-8`);
  }
}

/**
 * An application/x-www-form-urlencoded body as a record. A repeated field is refused: a signature
 * over sorted fields cannot say which copy it covered.
 */
export function formFields(req: IncomingRequest, what: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(utf8(req.rawBody, what))) {
    if (Object.hasOwn(fields, key)) throw new PaymentSignatureError(`${what}: the field ${key} appears twice`);
    fields[key] = value;
  }
  return fields;
}

/** Adds a query parameter, keeping what the URL already has. */
export function withParam(url: string, name: string, value: string): string {
  const u = new URL(url);
  u.searchParams.set(name, value);
  return u.toString();
}

/** The query of a return URL; an address that does not parse is a malformed message. */
export function queryOf(url: string, what: string): URLSearchParams {
  try {
    return new URL(url).searchParams;
  } catch {
    throw new PaymentSignatureError(`${what}: ${url} is not a URL`);
  }
}

/** A JSON object body; anything else is refused. */
export function jsonObject(bytes: Uint8Array, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(utf8(bytes, what));
  } catch (err) {
    if (err instanceof PaymentSignatureError) throw err;
    throw new PaymentSignatureError(`${what}: the body is not JSON`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new PaymentSignatureError(`${what}: the body is not an object`);
  return value as Record<string, unknown>;
}

/** A field that must be there; a missing one is a malformed message. */
export function required(value: string | null | undefined, name: string, what: string): string {
  if (value === null || value === undefined || value === "") throw new PaymentSignatureError(`${what}: ${name} is missing`);
  return value;
}

/** A JSON field as text (numbers as their decimal form); absent or another type is null. */
export function jsonText(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const XML_UNESCAPES: Record<string, string> = Object.fromEntries(Object.entries(XML_ESCAPES).map(([k, v]) => [v, k]));

export const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch] ?? ch);

/** A flat XML document: `<root><name>value</name>…</root>`, the only shape these APIs exchange. */
export function flatXml(root: string, fields: Record<string, string>): string {
  const children = Object.entries(fields)
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root}>${children}</${root}>`;
}

/** Reads a flat XML document: its root name and the text of each element below it (the first of a repeated name). */
export function parseFlatXml(text: string): { root: string; fields: Record<string, string> } | null {
  const body = text.replace(/^\s*<\?xml[^>]*\?>/, "").trim();
  const root = /^<([A-Za-z][\w.-]*)[^>]*>/.exec(body)?.[1];
  if (!root) return null;
  const fields: Record<string, string> = {};
  for (const match of body.matchAll(/<([A-Za-z][\w.-]*)(?:\s[^>]*)?(?:\/>|>([^<]*)<\/\1>)/g)) {
    const [, name, value] = match;
    if (name === undefined || name === root || Object.hasOwn(fields, name)) continue;
    fields[name] = (value ?? "").replace(/&(amp|lt|gt|quot|apos);/g, (entity) => XML_UNESCAPES[entity] ?? entity);
  }
  return { root, fields };
}

/** One call to a provider's API; a network failure becomes a PaymentProviderError naming the provider. */
export async function callApi(fetcher: Fetch, provider: string, url: string, init: RequestInit): Promise<{ status: number; text: string }> {
  let res: Response;
  try {
    res = await fetcher(url, { ...init, signal: init.signal ?? AbortSignal.timeout(15_000) });
  } catch (err) {
    throw new PaymentProviderError(`${provider}: ${url} did not answer (${err instanceof Error ? err.message : String(err)})`);
  }
  return { status: res.status, text: await res.text() };
}
