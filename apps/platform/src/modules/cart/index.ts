/**
 * What other modules (the checkout and orders next) use of the cart: its rules and its money,
 * so an order applies exactly the checks and prices the cart showed.
 */

export {
  CHECKOUT_ERRORS,
  cartCountries,
  cartDeliveryMethods,
  cartPaymentMethods,
  saveAddresses,
  saveDeliveryMethod,
  savePaymentMethod,
} from "./cart.checkout.ts";
export { checkoutOf } from "./cart.checkout-state.ts";
export { type DraftLine, type OrderDraft, withOrderDraft } from "./cart.order-draft.ts";
export { allocate, type CartTotals, cartTotals, type PricedLine, priceLine, type VatLine, vatByRate } from "./cart.pricing.ts";
export { claimCouponUse, returnCouponUse } from "./cart.repository.ts";
export { expireRequestKeys } from "./cart.request-keys.ts";
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
export { forgetCarts } from "./cart.service.ts";
export { sessionCart } from "./cart.session.ts";
