import { LIMITS, type UserView, type WishlistPage } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import type { Platform } from "../../platform.server.ts";

/** SPEC §4: the wishlist belongs to logged-in customers; backoffice users have none. */
export function hasWishlist(user: UserView | null): user is UserView {
  return user !== null && !user.isBackofficeUser;
}

/** The whole wishlist (SPEC §9: fetched with limit 9999); null when the platform could not answer. */
export async function loadWishlist(platform: Platform): Promise<WishlistPage | null> {
  const result = await platform.call(api.wishlist.filterItems, { query: { limit: LIMITS.wishlistFetch } });
  return result.ok ? result.data : null;
}
