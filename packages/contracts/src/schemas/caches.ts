import { z } from "zod";

/** The caches of the shop's server (SPEC §2 /admin/cache); answers in api/caches.ts. */
export const CACHE_NAMES = ["pages", "publicData"] as const;
export type CacheName = (typeof CACHE_NAMES)[number];

/** No name: every cache. */
export const cacheClearBody = z.object({ name: z.enum(CACHE_NAMES).optional() });
export type CacheClearBody = z.infer<typeof cacheClearBody>;

/** How many entries' keys the cache page lists per cache. */
export const CACHE_KEYS_SHOWN = 50;
