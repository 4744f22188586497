import type { Messages } from "../translate.ts";
import bankTransfer from "./de/bank-transfer.json" with { type: "json" };
import cart from "./de/cart.json" with { type: "json" };
import cartApi from "./de/cart-api.json" with { type: "json" };
import checkout from "./de/checkout.json" with { type: "json" };
import checkoutApi from "./de/checkout-api.json" with { type: "json" };
import consents from "./de/consents.json" with { type: "json" };
import content from "./de/content.json" with { type: "json" };
import core from "./de/core.json" with { type: "json" };
import forms from "./de/forms.json" with { type: "json" };
import platform from "./de/platform.json" with { type: "json" };
import product from "./de/product.json" with { type: "json" };
import profile from "./de/profile.json" with { type: "json" };
import reviewsApi from "./de/reviews-api.json" with { type: "json" };
import search from "./de/search.json" with { type: "json" };
import shop from "./de/shop.json" with { type: "json" };
import shopApi from "./de/shop-api.json" with { type: "json" };
import storefront from "./de/storefront.json" with { type: "json" };

/** German, one file per area as in hr.ts. */
const de: Messages = {
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

export default de;
