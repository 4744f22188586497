/** The catalog as other modules use it: product cards (wishlist) and the price arithmetic (cart). */
export { loadProductCards } from "./catalog.service.ts";
export { finalCents, memberCents, toEur, vatOf } from "./pricing.ts";
