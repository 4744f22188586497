import type { Messages } from "../translate.ts";
import bankTransfer from "./en/bank-transfer.json" with { type: "json" };
import cart from "./en/cart.json" with { type: "json" };
import cartApi from "./en/cart-api.json" with { type: "json" };
import checkout from "./en/checkout.json" with { type: "json" };
import checkoutApi from "./en/checkout-api.json" with { type: "json" };
import consents from "./en/consents.json" with { type: "json" };
import content from "./en/content.json" with { type: "json" };
import core from "./en/core.json" with { type: "json" };
import forms from "./en/forms.json" with { type: "json" };
import platform from "./en/platform.json" with { type: "json" };
import product from "./en/product.json" with { type: "json" };
import profile from "./en/profile.json" with { type: "json" };
import reviewsApi from "./en/reviews-api.json" with { type: "json" };
import search from "./en/search.json" with { type: "json" };
import shop from "./en/shop.json" with { type: "json" };
import shopApi from "./en/shop-api.json" with { type: "json" };
import storefront from "./en/storefront.json" with { type: "json" };

/** English, one file per area as in hr.ts. */
const en: Messages = {
  ...core,
  ...platform,
  ...storefront,
  ...content,
  ...forms,
  ...consents,
  ...search,
  ...shop,
  ...cart,
  ...shopApi,
  ...product,
  ...profile,
  ...cartApi,
  ...checkout,
  ...checkoutApi,
  ...reviewsApi,
  ...bankTransfer,
};

export default en;
