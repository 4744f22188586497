/**
 * What other modules (the checkout and orders next) use of the cart: its rules and its money,
 * so an order applies exactly the checks and prices the cart showed.
 */
export { allocate, type CartTotals, cartTotals, type PricedLine, priceLine, type VatLine, vatByRate } from "./cart.pricing.ts";
export {
  CART_ERRORS,
  type CatalogSnapshot,
  canonicalOptions,
  checkAddable,
  checkStock,
  type LineInput,
  parseStoredOptions,
  unitsOf,
} from "./cart.rules.ts";
