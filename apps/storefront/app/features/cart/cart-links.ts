import { type CartItemView, type Locale, localizedPath } from "@shop/contracts";

/**
 * SPEC §2 Link resolution: a cart line links to its product; a variant that is not visible on its
 * own links to its main product with the line's id (the product page presets it from the cart).
 * Null when there is no page to link to.
 */
export function cartLineHref(item: CartItemView, locale: Locale): string | null {
  const { slug, mainProductSlug, isVisibleIndividually } = item.productData;
  if (isVisibleIndividually) return localizedPath("product", locale, { slug });
  if (mainProductSlug) return `${localizedPath("product", locale, { slug: mainProductSlug })}?cartItemId=${item.itemId}`;
  return null;
}
