import type { SettleResult } from "./payments.service.ts";

/** Where the buyer's browser goes from the provider: the order placed, a payment to try again, or one still being checked. */
export type ReturnPage = "checkoutSuccess" | "checkoutFailure" | "checkoutPending";

/** A payment the provider has not confirmed, or one staff must look at (an amount that differs, money after expiry), is never shown as done. */
const PAGE_AFTER: Record<SettleResult, ReturnPage> = {
  paid: "checkoutSuccess",
  already: "checkoutSuccess",
  declined: "checkoutFailure",
  unknown: "checkoutFailure",
  pending: "checkoutPending",
  alert: "checkoutPending",
};

export const pageAfter = (result: SettleResult): ReturnPage => PAGE_AFTER[result];
