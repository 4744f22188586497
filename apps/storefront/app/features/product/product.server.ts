import { type CartItemView, isLocale, type Locale, localizedPath, type ProductDetail, type UserView } from "@shop/contracts";
import type { RouterContextProvider } from "react-router";
import type { Platform } from "../../platform.server.ts";
import { cartOf } from "../cart/cart.server.ts";
import { REVIEW_PAGE_PARAM } from "../reviews/review-status.ts";
import { loadReviews, type ReviewsData } from "../reviews/reviews.server.ts";
import { hasWishlist, loadWishlist } from "../wishlist/wishlist.server.ts";
import { PARAM, type PurchaseQuery, readPurchaseQuery } from "./product-query.ts";
import type { Selection } from "./variants.ts";

const ID = /^[1-9]\d{0,9}$/;

/** The cart line being edited (SPEC §4: quantity and personalisations preset from it). */
export interface EditedCartItem {
  itemId: number;
  qty: number;
  /** Custom option values by option id. */
  values: Record<number, string>;
}

export interface ProductPageData {
  product: ProductDetail;
  purchase: PurchaseQuery;
  cartItem: EditedCartItem | null;
  reviews: ReviewsData;
  /** null: no wishlist for this visitor (anonymous or staff); else whether the product is on it. */
  wishlist: { wishlisted: boolean } | null;
  loggedIn: boolean;
  alternates: Partial<Record<Locale, string>>;
}

export function reviewPage(search: URLSearchParams): number {
  const raw = search.get(REVIEW_PAGE_PARAM) ?? "";
  return ID.test(raw) ? Math.min(Number(raw), 10_000) : 1;
}

/** Attribute values of a variant as a selection of its configurable product. */
function selectionOfVariant(attributes: ProductDetail["associatedProductsAttributes"], variantAttrs: Record<string, number>): Selection {
  return Object.fromEntries(attributes.map((a) => [a.attributeCode, variantAttrs[a.attributeCode] ?? null]));
}

/**
 * SPEC §4 Quantity: with cartItemId in the query the item's quantity and personalisations preset the
 * form, and its chosen variants preselect the selectors (when the query chose none itself).
 */
async function editedCartItem(
  context: Readonly<RouterContextProvider>,
  product: ProductDetail,
  search: URLSearchParams,
  purchase: PurchaseQuery,
) {
  const raw = search.get(PARAM.cartItemId) ?? "";
  if (!ID.test(raw)) return null;
  const cart = await cartOf(context);
  const item: CartItemView | undefined = cart?.items.find((i) => i.itemId === Number(raw));
  if (!item) return null;
  const variantIds = new Set(product.associatedProducts.map((v) => v.id));
  if (item.productId !== product.id && !variantIds.has(item.productId)) return null;
  const queryChose = product.associatedProductsAttributes.some((a) => search.has(a.attributeCode));
  const variant = product.associatedProducts.find((v) => v.id === item.productId);
  if (variant && !queryChose) purchase.selection = selectionOfVariant(product.associatedProductsAttributes, variant.attributes);
  for (const entry of item.options.bundleOptions) {
    const part = product.bundles.find((b) => b.product.id === entry.id)?.product;
    const chosen = part?.associatedProducts.find((v) => v.id === entry.selected);
    if (part && chosen && ![...search.keys()].some((k) => k.startsWith(`p${part.id}.`))) {
      purchase.parts[part.id] = selectionOfVariant(part.associatedProductsAttributes, chosen.attributes);
    }
  }
  const values: Record<number, string> = {};
  for (const option of item.options.customPriceOption) values[option.optionId] = option.customOptionValue;
  return { itemId: item.itemId, qty: item.qty, values };
}

/** Everything the product page shows besides the product itself, read in parallel. */
export async function loadProductPage(
  context: Readonly<RouterContextProvider>,
  platform: Platform,
  user: UserView | null,
  product: ProductDetail,
  search: URLSearchParams,
): Promise<ProductPageData> {
  const purchase = readPurchaseQuery(product, search);
  const [reviews, wishlist, cartItem] = await Promise.all([
    loadReviews(platform, product.id, reviewPage(search)),
    hasWishlist(user) ? loadWishlist(platform) : Promise.resolve(null),
    editedCartItem(context, product, search, purchase),
  ]);
  const alternates: Partial<Record<Locale, string>> = {};
  for (const [lang, slug] of Object.entries(product.translations)) {
    if (isLocale(lang)) alternates[lang] = localizedPath("product", lang, { slug });
  }
  return {
    product,
    purchase,
    cartItem,
    reviews,
    wishlist: hasWishlist(user) ? { wishlisted: wishlist?.records.some((r) => r.product_id === product.id) ?? false } : null,
    loggedIn: user !== null,
    alternates,
  };
}
