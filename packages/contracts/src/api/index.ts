import { authApi } from "./auth.ts";
import { cartApi } from "./cart.ts";
import { cmsApi } from "./cms.ts";
import { mediaApi } from "./media.ts";
import { searchApi } from "./search.ts";
import { seoApi } from "./seo.ts";
import { settingsApi } from "./settings.ts";
import { userApi } from "./user.ts";

/**
 * The endpoint table: every platform endpoint by module. The platform implements each group
 * (`implement(api.cart, { … })`); the storefront calls entries (`platform.call(api.cart.getCart, { body })`).
 * Imported on the server side only: the answer schemas stay out of the browser's bundles.
 */
export const api = {
  auth: authApi,
  cart: cartApi,
  cms: cmsApi,
  media: mediaApi,
  search: searchApi,
  seo: seoApi,
  settings: settingsApi,
  user: userApi,
} as const;

export type Api = typeof api;
