/** The form the wallet page posts after the provider's button finished (wallet.server.ts reads it). */
export const WALLET_FIELD = "wallet";
export const WALLET_ORDER_FIELD = "orderSlug";
