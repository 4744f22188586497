import { createContext } from "react-router";

/** What the server hands every loader and action: the platform contract and this request's facts. */
export interface ShopContext {
  /** Calls the platform API: `path` is below /api, e.g. `/v1/login`. In-process or remote. */
  platform(path: string, init: RequestInit): Promise<Response>;
  /** This page view's request id: sent with each platform call, so one view can be followed through the log. */
  requestId: string;
  apiKey: string;
  /** The CSP nonce of this response. */
  nonce: string;
  /**
   * This answer's seed for its cart forms' Idempotency-Keys (ADR 31): random per answer, also of a
   * cached page (swapped like the nonce), so no two views share a key. Never the nonce itself.
   */
  viewKey: string;
  clientIp: string;
  production: boolean;
  publicUrl: string;
  /** Whether the server keeps a page cache: SPEC §2 shows the back office's cache page only then. */
  cacheServer: boolean;
  /** Public platform answers (navigation, elements, pages), emptied whenever content changes. */
  publicData: PublicDataCache;
  /**
   * Query parameters this page is made of besides the common ones (CACHEABLE_QUERY_KEYS): a route
   * adds those it reads (the shop its filter codes); the server caches no page with any other.
   */
  queryKeys: Set<string>;
  /** The kinds of data this page is made of (the `tag` of each endpoint group called): the page cache drops it by them. */
  cacheTags: Set<string>;
  /** Filled by the loaders of configured integrations; the server builds the page's CSP from it. */
  csp: CspSources;
}

/** Origins a page's integrations reach beyond its own (analytics beacons, a captcha's frame): its CSP allows them. */
export interface CspSources {
  connect: Set<string>;
  img: Set<string>;
  frame: Set<string>;
  /** Where the page's forms may post (the card provider's hosted payment page). */
  form: Set<string>;
}

export interface PublicDataCache {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
}

export const shopContext = createContext<ShopContext>();
