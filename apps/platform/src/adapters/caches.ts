import type { CacheName, CacheView } from "@shop/contracts";

/**
 * The port to the caches the shop's server keeps in front of the storefront (page cache, public
 * data; ADR 22). They live in the server process, so the server fills this in; a platform started
 * without them (tests, a server with PAGE_CACHE=off) has none, and the back office says so.
 */
export interface ShopCaches {
  /** This instance's caches as they are now. */
  stats(): CacheView[];
  /** Empties one cache (or all, null) here and, through the change broadcast, on every instance. */
  clear(name: CacheName | null): void;
}
