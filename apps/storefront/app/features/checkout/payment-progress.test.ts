import type { OrderView } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import { CONFIRM_MAX_CHECKS, nextCheck, paymentProgress } from "./payment-progress.ts";

const card = { kind: "card", name: "Kartično plaćanje" } as const satisfies OrderView["payment"];
const wallet = { kind: "wallet", name: "Google Pay ili Apple Pay" } as const satisfies OrderView["payment"];
const transfer = { kind: "bank_transfer", name: "Virmansko plaćanje" } as const satisfies OrderView["payment"];

describe("the payment's progress on the success page", () => {
  it("is being confirmed while a card or wallet order waits for its money", () => {
    expect(paymentProgress({ status: "pending_payment", paymentStatus: "initiated", payment: card })).toBe("confirming");
    expect(paymentProgress({ status: "pending_payment", paymentStatus: "initiated", payment: wallet })).toBe("confirming");
    expect(paymentProgress({ status: "pending_payment", paymentStatus: "authorized", payment: card })).toBe("confirming");
  });

  it("is done once paid, and for orders paid later by bank transfer or at the branch", () => {
    expect(paymentProgress({ status: "placed", paymentStatus: "paid", payment: card })).toBe("done");
    expect(paymentProgress({ status: "placed", paymentStatus: "initiated", payment: transfer })).toBe("done");
  });

  it("failed for a declined, expired or voided card payment", () => {
    expect(paymentProgress({ status: "pending_payment", paymentStatus: "failed", payment: card })).toBe("failed");
    expect(paymentProgress({ status: "cancelled", paymentStatus: "expired", payment: card })).toBe("failed");
    expect(paymentProgress({ status: "cancelled", paymentStatus: "voided", payment: card })).toBe("failed");
  });
});

describe("the page's own refreshes", () => {
  it("count up in the address, keeping the order's code, and stop after a few", () => {
    const first = nextCheck(new URL("http://x/naplata/uspjesna?orderSlug=AB12"));
    expect(first).toBe("/naplata/uspjesna?orderSlug=AB12&check=1");
    expect(nextCheck(new URL(`http://x${first}`))).toBe("/naplata/uspjesna?orderSlug=AB12&check=2");
    expect(nextCheck(new URL(`http://x/naplata/uspjesna?orderSlug=AB12&check=${CONFIRM_MAX_CHECKS}`))).toBeNull();
    // A count that is not one starts again.
    expect(nextCheck(new URL("http://x/naplata/uspjesna?orderSlug=AB12&check=-4"))).toBe("/naplata/uspjesna?orderSlug=AB12&check=1");
  });
});
