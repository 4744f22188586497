import { cartApi } from "./cart.ts";
import { catalogApi } from "./catalog.ts";
import { commentsApi } from "./comments.ts";
import { consentsApi } from "./consents.ts";
import { eventsApi } from "./events.ts";
import { formsApi } from "./forms.ts";
import { newsletterApi } from "./newsletter.ts";
import { reviewsApi } from "./reviews.ts";
import { wishlistApi } from "./wishlist.ts";

/**
 * The endpoint table: every platform endpoint by module. The platform implements each group
 * (`implement(api.cart, { … })`); the storefront calls entries (`platform.call(api.cart.getCart, { body })`).
 * Imported on the server side only: the answer schemas stay out of the browser's bundles.
 */
export const api = {
  cart: cartApi,
  catalog: catalogApi,
  comments: commentsApi,
  consents: consentsApi,
  events: eventsApi,
  forms: formsApi,
  newsletter: newsletterApi,
  reviews: reviewsApi,
  wishlist: wishlistApi,
} as const;

export type Api = typeof api;
