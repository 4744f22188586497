import {
  CACHE_KEYS_SHOWN,
  CACHE_NAMES,
  CACHEABLE_QUERY_KEYS,
  type CacheName,
  type CacheView,
  COOKIE,
  kindsShowing,
  SYSTEM_ROUTES,
} from "@shop/contracts";
import { deflatePieces, type GzipPieces, splice } from "./gzip-splice.ts";
import { type CspExtra, newNonce } from "./security-headers.ts";

/**
 * What differs in every answer, a cached page's too: the CSP nonce (ADR 4) and the view key its
 * forms make their Idempotency-Keys of (ADR 31). Both of `newNonce`'s length, never the same value.
 */
export interface PerAnswer {
  nonce: string;
  viewKey: string;
}

/** Fresh values for one answer, rendered or from the cache. */
export const freshPerAnswer = (): PerAnswer => ({ nonce: newNonce(), viewKey: newNonce() });

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The HTML as bytes, split where the per-answer values go. */
  parts: Buffer[];
  /** Which value goes between parts i and i + 1: 0 the nonce, 1 the view key. */
  slots: Uint8Array;
  /** The same pieces deflated once, for answers to browsers that accept gzip. */
  gzip: GzipPieces;
  storedAt: number;
  /** The outside origins its integrations need, for the CSP of every answer. */
  csp: CspExtra;
  /** The kinds of data it was made of (the endpoint groups called while rendering it): what a change drops it by. */
  tags: readonly string[];
}

const TTL_MS = 5 * 60_000;
const ACCEPTED_COOKIES = new RegExp(`(?:^|;\\s*)${COOKIE.acceptedCookies}=([^;]*)`);
/** A cart session (its pages show a personal item count) or a cart message waiting to be shown once. */
const CART_COOKIE = new RegExp(`(?:^|;\\s*)(?:${COOKIE.cartId}|${COOKIE.protectCode}|cartNotice)=[^;]`);

/**
 * Anonymous GET pages, kept as rendered HTML. The key holds the URL (and so the language) and the
 * cookie-banner state; the nonce and the view key are swapped for fresh ones on every hit. A content change drops the
 * pages made of a kind of data that can show it (`invalidate`, ADR 19); an unknown change drops all.
 */
export class PageCache {
  readonly #pages = new Map<string, CachedPage>();
  readonly #maxBytes: number;
  #bytes = 0;
  /** Bumped by every change: a page rendered before a content change must not be stored after it. */
  #generation = 0;
  /** Lookups served and not served, for the back office's cache page. */
  #hits = 0;
  #misses = 0;

  /**
   * Bounded by bytes, not pages: every filter combination of the shop is a page of its own, and a
   * category page with its gzip copy is ~100 KB; 64 MB keeps the shop inside its memory budget.
   */
  constructor(maxBytes = 64 * 1024 * 1024) {
    this.#maxBytes = maxBytes;
  }

  /** Bytes held by the stored pages (raw and gzipped). */
  get bytes(): number {
    return this.#bytes;
  }

  /** The cache key, or null when this request must not use the cache (not GET, logged in, a cart, editing). */
  keyFor(method: string, pathAndQuery: string, cookies: string | undefined): string | null {
    if (method !== "GET" || pathAndQuery.includes("editPage") || pathAndQuery.includes(".data")) return null;
    // The back office and its login are never kept (issue 12), whoever asks.
    if (pathAndQuery.startsWith(SYSTEM_ROUTES.admin)) return null;
    const c = cookies ?? "";
    if (c.includes(`${COOKIE.accessToken}=`) || c.includes(`${COOKIE.refreshToken}=`)) return null;
    if (CART_COOKIE.test(c)) return null;
    return `${pathAndQuery}|${ACCEPTED_COOKIES.exec(c)?.[1] ?? ""}`;
  }

  /**
   * The stored page, or null. `countMiss: false` for a look that another follows on a miss (the
   * server's fast lane hands a miss to the app, which looks again), so a miss counts once.
   */
  get(key: string, { countMiss = true } = {}): CachedPage | null {
    const page = this.#pages.get(key);
    if (page && Date.now() - page.storedAt > TTL_MS) this.#remove(key, page);
    else if (page) {
      this.#hits++;
      return page;
    }
    if (countMiss) this.#misses++;
    return null;
  }

  /** What the cache holds now and how it served (SPEC §2 /admin/cache). */
  stats(): CacheView {
    return {
      name: "pages",
      entries: this.#pages.size,
      bytes: this.#bytes,
      hits: this.#hits,
      misses: this.#misses,
      keys: firstKeys(this.#pages.keys(), (key) => key.slice(0, key.lastIndexOf("|"))),
    };
  }

  /** The page's bytes with this answer's nonce and view key in their slots, gzipped when `gzip`; chunks to send in order. */
  static render(page: CachedPage, answer: PerAnswer, gzip: boolean): Buffer[] {
    const fillers = [Buffer.from(answer.nonce), Buffer.from(answer.viewKey)];
    if (gzip) return splice(page.gzip, fillers, page.slots);
    const chunks: Buffer[] = [];
    page.parts.forEach((part, i) => {
      if (i > 0) chunks.push(fillers[page.slots[i - 1] as number] as Buffer);
      chunks.push(part);
    });
    return chunks;
  }

  /**
   * Stores a rendered page if it is cacheable and returns it (the body is consumed), or null when
   * it is not cacheable (the response is untouched).
   */
  async store(key: string, answer: PerAnswer, res: Response, csp: CspExtra = {}, tags: Iterable<string> = []): Promise<CachedPage | null> {
    const type = res.headers.get("content-type") ?? "";
    if (res.status !== 200 || !type.startsWith("text/html") || res.headers.has("set-cookie")) return null;
    const generation = this.#generation;
    // Split where either value stands: the pieces at even places, the values between them.
    const split = (await res.text()).split(new RegExp(`(${answer.nonce}|${answer.viewKey})`));
    const parts = split.filter((_, i) => i % 2 === 0).map((part) => ownMemory(Buffer.from(part)));
    const slots = Uint8Array.from(split.filter((_, i) => i % 2 === 1).map((value) => (value === answer.nonce ? 0 : 1)));
    const gzip = await deflatePieces(parts, Buffer.byteLength(answer.nonce));
    const page: CachedPage = {
      status: res.status,
      headers: [...res.headers.entries()].filter(([k]) => k !== "content-security-policy" && k !== "content-length"),
      parts,
      slots,
      gzip: { ...gzip, deflated: gzip.deflated.map(ownMemory) },
      storedAt: Date.now(),
      csp,
      tags: [...tags],
    };
    if (generation !== this.#generation) return page;
    const previous = this.#pages.get(key);
    if (previous) this.#remove(key, previous);
    const size = sizeOf(page);
    if (size > this.#maxBytes) return page;
    // The oldest pages go first (a Map iterates in insertion order).
    for (const [oldKey, old] of this.#pages) {
      if (this.#bytes + size <= this.#maxBytes) break;
      this.#remove(oldKey, old);
    }
    this.#pages.set(key, page);
    this.#bytes += size;
    return page;
  }

  clear(): void {
    this.#generation++;
    this.#pages.clear();
    this.#bytes = 0;
  }

  /**
   * Drops the pages a change can show on: those carrying a kind of data the change tags name
   * (`kindsShowing`); a tag it does not know clears every page. Runs on a change, never on a hit.
   */
  invalidate(changeTags: readonly string[]): void {
    const kinds = kindsShowing(changeTags);
    if (kinds === null) {
      this.clear();
      return;
    }
    this.#generation++;
    for (const [key, page] of this.#pages) if (page.tags.some((tag) => kinds.has(tag))) this.#remove(key, page);
  }

  #remove(key: string, page: CachedPage): void {
    this.#pages.delete(key);
    this.#bytes -= sizeOf(page);
  }
}

/** The tags of a change as another instance published them (a JSON list); anything else clears every page. */
export function changeTagsOf(message: string): string[] {
  try {
    const tags: unknown = JSON.parse(message);
    if (Array.isArray(tags) && tags.every((t) => typeof t === "string")) return tags;
  } catch {
    // An older instance's "changed": everything goes, as it meant.
  }
  return [];
}

const COMMON_QUERY_KEYS = new Set(CACHEABLE_QUERY_KEYS);

/** Whether a page of this query may be stored: only parameters every visitor's page is made of, or the route's own. */
export function cacheableQuery(params: URLSearchParams, routeKeys: ReadonlySet<string>): boolean {
  for (const key of params.keys()) if (!COMMON_QUERY_KEYS.has(key) && !routeKeys.has(key)) return false;
  return true;
}

/**
 * A copy in memory of its own. Small buffers are cut from shared 8 KB slabs and zlib's output from
 * 64 KB chunks: a kept slice would keep the whole block alive while counting only its own length.
 */
function ownMemory(buf: Buffer): Buffer {
  const own = Buffer.allocUnsafeSlow(buf.length);
  buf.copy(own);
  return own;
}

/** Bytes the page really holds: the memory behind every piece, the CRC operators, the headers. */
export function sizeOf(page: CachedPage): number {
  let bytes = 0;
  for (const part of page.parts) bytes += part.buffer.byteLength;
  bytes += page.slots.byteLength;
  for (const piece of page.gzip.deflated) bytes += piece.buffer.byteLength;
  for (const shift of page.gzip.shifts) bytes += shift.buffer.byteLength;
  for (const [name, value] of page.headers) bytes += name.length + value.length;
  return bytes;
}

/** Public platform answers shared by all visitors; bounded, short-lived, emptied on content change. */
export class PublicDataCache {
  readonly #entries = new Map<string, { value: unknown; at: number }>();
  readonly #max: number;
  readonly #ttlMs: number;
  #hits = 0;
  #misses = 0;

  constructor(max = 5000, ttlMs = 60_000) {
    this.#max = max;
    this.#ttlMs = ttlMs;
  }

  get(key: string): unknown {
    const entry = this.#entries.get(key);
    if (!entry || Date.now() - entry.at > this.#ttlMs) {
      if (entry) this.#entries.delete(key);
      this.#misses++;
      return undefined;
    }
    this.#hits++;
    return entry.value;
  }

  stats(): CacheView {
    return {
      name: "publicData",
      entries: this.#entries.size,
      bytes: null,
      hits: this.#hits,
      misses: this.#misses,
      keys: firstKeys(this.#entries.keys(), (key) => key),
    };
  }

  set(key: string, value: unknown): void {
    if (this.#entries.size >= this.#max) this.#entries.delete(this.#entries.keys().next().value as string);
    this.#entries.set(key, { value, at: Date.now() });
  }

  clear(): void {
    this.#entries.clear();
  }
}

function firstKeys(keys: Iterable<string>, shown: (key: string) => string): string[] {
  const out: string[] = [];
  for (const key of keys) {
    if (out.length === CACHE_KEYS_SHOWN) break;
    out.push(shown(key));
  }
  return out;
}

/** The cache another instance's clear names: a cache, null for all, undefined for a message that names none (nothing to clear). */
export function cacheNameOf(message: string): CacheName | null | undefined {
  if (message === "all") return null;
  return CACHE_NAMES.find((name) => name === message);
}
