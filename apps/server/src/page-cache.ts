import { COOKIE } from "@shop/contracts";

interface CachedPage {
  status: number;
  headers: [string, string][];
  /** HTML with the per-request nonce replaced by NONCE_SLOT. */
  body: string;
  storedAt: number;
}

export const NONCE_SLOT = "__CSP_NONCE__";
const TTL_MS = 5 * 60_000;

/**
 * Anonymous GET pages, kept as rendered HTML. The key holds the URL (and so the language) and the
 * cookie-banner state; the nonce is swapped for a fresh one on every hit. Any content change clears it.
 */
export class PageCache {
  readonly #pages = new Map<string, CachedPage>();
  readonly #max: number;
  hits = 0;
  misses = 0;

  constructor(max = 2000) {
    this.#max = max;
  }

  /** Returns the cache key, or null when this request must not use the cache. */
  keyFor(req: Request): string | null {
    if (req.method !== "GET") return null;
    const url = new URL(req.url);
    if (url.searchParams.has("editPage") || url.pathname.endsWith(".data")) return null;
    const cookies = req.headers.get("cookie") ?? "";
    if (cookies.includes(`${COOKIE.accessToken}=`) || cookies.includes(`${COOKIE.refreshToken}=`)) return null;
    const accepted = /(?:^|;\s*)acceptedCookies=([^;]*)/.exec(cookies)?.[1] ?? "";
    return `${url.pathname}${url.search}|${accepted}`;
  }

  get(key: string, nonce: string): Response | null {
    const page = this.#pages.get(key);
    if (!page || Date.now() - page.storedAt > TTL_MS) {
      this.misses++;
      return null;
    }
    this.hits++;
    const headers = new Headers(page.headers);
    headers.set("X-Page-Cache", "hit");
    return new Response(page.body.replaceAll(NONCE_SLOT, nonce), { status: page.status, headers });
  }

  /** Stores a rendered page if it is cacheable; returns the Response to send (the body is consumed). */
  async store(key: string, nonce: string, res: Response): Promise<Response> {
    const type = res.headers.get("content-type") ?? "";
    if (res.status !== 200 || !type.startsWith("text/html") || res.headers.has("set-cookie")) return res;
    const html = await res.text();
    if (this.#pages.size >= this.#max) this.#pages.delete(this.#pages.keys().next().value as string);
    this.#pages.set(key, {
      status: res.status,
      headers: [...res.headers.entries()].filter(([k]) => k !== "content-security-policy"),
      body: html.replaceAll(nonce, NONCE_SLOT),
      storedAt: Date.now(),
    });
    const headers = new Headers(res.headers);
    headers.set("X-Page-Cache", "miss");
    return new Response(html, { status: res.status, headers });
  }

  clear(): void {
    this.#pages.clear();
  }
}
