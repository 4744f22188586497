/**
 * Targeted clearing of the page cache (ADR 19). A cached page remembers the kinds of data it was
 * made of: the `tag` of every endpoint group the storefront called while rendering it ("catalog",
 * "cms", "events"…). A change names what changed ("products", "product:12", "options"); it drops
 * only the pages carrying a kind that can show it. A change tag this table does not know drops every
 * page, as before tagging: a new kind of change is never left stale, only cleared broadly.
 */
export const CHANGE_SHOWN_BY: Readonly<Record<string, readonly string[]>> = {
  /** A product's texts, prices, stock, images or categories: its page, every list and search that may show it, wishlists and reviews naming it. */
  products: ["catalog", "search", "wishlist", "reviews"],
  product: ["catalog", "search", "wishlist", "reviews"],
};

/** The page kinds a change shows on, or null when some tag is unknown (or none is given): then every page goes. */
export function kindsShowing(changeTags: readonly string[]): Set<string> | null {
  if (changeTags.length === 0) return null;
  const kinds = new Set<string>();
  for (const tag of changeTags) {
    const colon = tag.indexOf(":");
    const shownBy = CHANGE_SHOWN_BY[colon === -1 ? tag : tag.slice(0, colon)];
    if (!shownBy) return null;
    for (const kind of shownBy) kinds.add(kind);
  }
  return kinds;
}
