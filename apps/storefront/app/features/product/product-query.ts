import type { CartItemOptions, ProductDetail } from "@shop/contracts";
import { findVariant, partPrefix, type Selection, selectionFromQuery } from "./variants.ts";

/**
 * What the product page's query says about the purchase: the variant choice (?miris=3&volumen=7,
 * bundle parts as ?p12.miris=3), the cart item being edited and whether 'add' was tried with an
 * incomplete choice. Shared by the loader and the components, so both read the same thing.
 */
export interface PurchaseQuery {
  selection: Selection;
  /** Part product id → the chosen values of that configurable part. */
  parts: Record<number, Selection>;
  /** The 'add' button was pressed before the choice was complete (no-JS form). */
  addTried: boolean;
}

/** The page's own parameters are camelCase, so they never clash with attribute codes (lower case). */
export const PARAM = { cartItemId: "cartItemId", addTried: "addTried" } as const;

export function configurableParts(product: ProductDetail) {
  return product.bundles.filter((part) => part.product.format === "configurable");
}

export function readPurchaseQuery(product: ProductDetail, search: URLSearchParams): PurchaseQuery {
  const parts: Record<number, Selection> = {};
  for (const part of configurableParts(product)) {
    parts[part.product.id] = selectionFromQuery(
      part.product.associatedProductsAttributes,
      part.product.associatedProducts,
      search,
      partPrefix(part.product.id),
    );
  }
  return {
    selection: selectionFromQuery(product.associatedProductsAttributes, product.associatedProducts, search),
    parts,
    addTried: search.get(PARAM.addTried) === "1",
  };
}

/** Custom option values as typed, by option id. */
export type OptionValues = Record<number, string>;

/**
 * The cart options (SPEC §3 Cart item) of a bundle: every configurable part with its chosen
 * variant; null while a part has none (SPEC §4: not addable then).
 */
export function bundleOptions(product: ProductDetail, parts: Record<number, Selection>): CartItemOptions["bundleOptions"] | null {
  const out: CartItemOptions["bundleOptions"] = [];
  for (const part of configurableParts(product)) {
    const p = part.product;
    const variant = findVariant(p.associatedProductsAttributes, p.associatedProducts, parts[p.id] ?? {});
    if (!variant) return null;
    // Parts have no custom options of their own (the contract's BundlePart); the bundle's own go in customPriceOption.
    out.push({ id: p.id, selected: variant.id, options: [] });
  }
  return out;
}
