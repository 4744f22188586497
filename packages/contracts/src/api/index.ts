import { cartApi } from "./cart.ts";

/**
 * The endpoint table: every platform endpoint by module. The platform implements each group
 * (`implement(api.cart, { … })`); the storefront calls entries (`platform.call(api.cart.getCart, { body })`).
 * Imported on the server side only: the answer schemas stay out of the browser's bundles.
 */
export const api = {
  cart: cartApi,
} as const;

export type Api = typeof api;
