import type { Messages } from "../translate.ts";
import bankTransfer from "./hr/bank-transfer.json" with { type: "json" };
import cart from "./hr/cart.json" with { type: "json" };
import cartApi from "./hr/cart-api.json" with { type: "json" };
import checkout from "./hr/checkout.json" with { type: "json" };
import checkoutApi from "./hr/checkout-api.json" with { type: "json" };
import consents from "./hr/consents.json" with { type: "json" };
import content from "./hr/content.json" with { type: "json" };
import core from "./hr/core.json" with { type: "json" };
import forms from "./hr/forms.json" with { type: "json" };
import platform from "./hr/platform.json" with { type: "json" };
import product from "./hr/product.json" with { type: "json" };
import profile from "./hr/profile.json" with { type: "json" };
import reviewsApi from "./hr/reviews-api.json" with { type: "json" };
import search from "./hr/search.json" with { type: "json" };
import shop from "./hr/shop.json" with { type: "json" };
import shopApi from "./hr/shop-api.json" with { type: "json" };
import storefront from "./hr/storefront.json" with { type: "json" };

/**
 * Croatian, the default language and the fallback: every key must exist here or, for what only the
 * server writes (e-mails, the payment slip), in `hr/mail.json` (see server.ts). One file per area
 * (core: validation and API errors; platform: other server messages; storefront: the site shell;
 * then one per feature).
 */
const hr: Messages = {
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

export default hr;
