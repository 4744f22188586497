import type { CartItemView } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import { cartLineHref } from "./cart-links.ts";
import { parseCartNotice } from "./cart-notice.ts";

function item(productData: Partial<CartItemView["productData"]>): CartItemView {
  return {
    itemId: 7,
    productId: 3,
    qty: 1,
    options: { customPriceOption: [], personalizations: {}, bundleOptions: [] },
    productData: {
      name: "Auto šampon",
      sku: "S-1",
      format: "simple",
      media: [],
      slug: "auto-sampon-limun-500-ml",
      mainProductSlug: null,
      isVisibleIndividually: true,
      stock: null,
      variantLabels: [],
      ...productData,
    },
    prices: { unitPrice: 1, retailPrice: 1, rowTotal: 1, tax: 0.2 },
  };
}

describe("cart line links (SPEC §2 Link resolution)", () => {
  it("links a product visible on its own to its page, in the page's language", () => {
    expect(cartLineHref(item({}), "hr")).toBe("/product/auto-sampon-limun-500-ml");
    expect(cartLineHref(item({}), "de")).toBe("/de/produkt/auto-sampon-limun-500-ml");
  });

  it("links a variant not visible on its own to its main product with the line's cartItemId", () => {
    const variant = item({ isVisibleIndividually: false, mainProductSlug: "auto-sampon" });
    expect(cartLineHref(variant, "hr")).toBe("/product/auto-sampon?cartItemId=7");
    expect(cartLineHref(variant, "en")).toBe("/en/product/auto-sampon?cartItemId=7");
  });

  it("gives no link for a hidden product without a main product", () => {
    expect(cartLineHref(item({ isVisibleIndividually: false }), "hr")).toBeNull();
  });
});

describe("cart notice cookie", () => {
  it("reads our own notices only", () => {
    expect(parseCartNotice(JSON.stringify({ kind: "success", text: "Dodano u košaricu" }))).toEqual({
      kind: "success",
      text: "Dodano u košaricu",
    });
    expect(parseCartNotice(undefined)).toBeNull();
    expect(parseCartNotice("not json")).toBeNull();
    expect(parseCartNotice(JSON.stringify({ kind: "danger", text: "x" }))).toBeNull();
    expect(parseCartNotice(JSON.stringify({ kind: "error", text: "x".repeat(301) }))).toBeNull();
    expect(parseCartNotice(JSON.stringify({ kind: "info", text: "" }))).toBeNull();
  });
});
