import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { CACHE_NAMES, cacheClearBody } from "../schemas/caches.ts";

/**
 * SPEC §2 /admin/cache: the caches the shop's server keeps in front of the storefront (the page
 * cache and the shared public-data cache, ADR 4 and 19). They live in the server process; the
 * platform reaches them through a port the server fills (ADR 22).
 */

/** One cache of the instance that answered: what it holds and how often it served. */
export const cacheView = z.object({
  name: z.enum(CACHE_NAMES),
  entries: z.number().int(),
  /** Bytes held, where the cache counts them (the page cache); null where it does not. */
  bytes: z.number().int().nullable(),
  /** Lookups served from the cache and lookups it could not serve, since the instance started. */
  hits: z.number().int(),
  misses: z.number().int(),
  /** The first entries' keys (a page's address, a platform answer's call), at most CACHE_KEYS_SHOWN. */
  keys: z.array(z.string()),
});
export type CacheView = z.infer<typeof cacheView>;

export const cachesView = z.object({
  /** SPEC: the caches are shown only when a cache server is in use (the server's page cache is on). */
  inUse: z.boolean(),
  caches: z.array(cacheView),
});
export type CachesView = z.infer<typeof cachesView>;

export const cachesApi = {
  list: endpoint({
    method: "GET",
    path: "/v1/cache/list",
    summary: "The server's caches with their entries, size and hits (backoffice)",
    tag: "caches",
    access: { staff: "settings" },
    answer: cachesView,
  }),
  clear: endpoint({
    method: "POST",
    path: "/v1/cache/clear",
    summary: "Empty one cache or all, on every instance (backoffice)",
    tag: "caches",
    access: { staff: "settings" },
    body: cacheClearBody,
    answer: z.object({ cleared: z.array(z.enum(CACHE_NAMES)) }),
  }),
} as const;
