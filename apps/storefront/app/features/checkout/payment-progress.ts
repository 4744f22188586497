import type { OrderStatus, OrderView, PaymentStatus } from "@shop/contracts";

/**
 * Where a placed order's payment stands for the success page: done (paid, or paid later by bank
 * transfer or at the branch), still being confirmed by the card provider (its return said
 * 'pending'), or failed (declined, expired, voided: the failure page offers to pay again).
 */
export type PaymentProgress = "done" | "confirming" | "failed";

const WAITING: ReadonlySet<string> = new Set<OrderStatus>(["pending_payment"]);
const FAILED: ReadonlySet<string> = new Set<PaymentStatus>(["failed", "expired", "voided"]);

export function paymentProgress(order: Pick<OrderView, "status" | "paymentStatus" | "payment">): PaymentProgress {
  // Card and card wallet orders wait for the provider; the others are paid later by design.
  if (order.payment.kind !== "card" && order.payment.kind !== "wallet") return "done";
  if (FAILED.has(order.paymentStatus)) return "failed";
  return WAITING.has(order.status) ? "confirming" : "done";
}

/** The query parameter counting the page's own refreshes while it waits. */
export const CHECK_PARAM = "check";
/** Seconds between refreshes, and how many before the page stops and says the e-mail will follow (about half a minute). */
export const CONFIRM_REFRESH_S = 5;
export const CONFIRM_MAX_CHECKS = 6;

/** The address of the next refresh, or null once the page has refreshed itself often enough. */
export function nextCheck(url: URL): string | null {
  const done = Number.parseInt(url.searchParams.get(CHECK_PARAM) ?? "0", 10);
  const count = Number.isSafeInteger(done) && done > 0 ? done : 0;
  if (count >= CONFIRM_MAX_CHECKS) return null;
  const next = new URLSearchParams(url.searchParams);
  next.set(CHECK_PARAM, String(count + 1));
  return `${url.pathname}?${next.toString()}`;
}
