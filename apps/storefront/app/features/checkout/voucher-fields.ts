/** The payment step's gift voucher form: the code, and whether it applies or removes (read by checkout-actions.server.ts). */
export const VOUCHER_FIELD = "voucherCode";
export const VOUCHER_INTENT_FIELD = "voucher";
export const VOUCHER_INTENTS = ["apply", "remove"] as const;
