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
  /**
   * `page:<id>`, a page or post published or restored (issue 13, ADR 25): the pages showing it (the
   * content route records `page:<id>`, so every language's address of it) and search.
   */
  page: ["search"],
  /** A post's entry in post lists changed (the blog, latest-posts blocks: endpoints that show `postList`). */
  postList: ["postList"],
  /** `master:<id>`, a master section changed: the pages placing it (`master:<id>`) and post lists (excerpts come from sections). */
  master: ["postList"],
};

/** Changes of one item whose id is a page kind of its own: the page showing that item recorded `page:12`. */
const ITEM_KINDS: ReadonlySet<string> = new Set(["page", "master"]);

/** The page kinds a change shows on, or null when some tag is unknown (or none is given): then every page goes. */
export function kindsShowing(changeTags: readonly string[]): Set<string> | null {
  if (changeTags.length === 0) return null;
  const kinds = new Set<string>();
  for (const tag of changeTags) {
    const colon = tag.indexOf(":");
    const family = colon === -1 ? tag : tag.slice(0, colon);
    const shownBy = CHANGE_SHOWN_BY[family];
    if (!shownBy) return null;
    if (ITEM_KINDS.has(family)) {
      // Without its id the pages showing the item are not known.
      if (colon === -1) return null;
      kinds.add(tag);
    }
    for (const kind of shownBy) kinds.add(kind);
  }
  return kinds;
}
