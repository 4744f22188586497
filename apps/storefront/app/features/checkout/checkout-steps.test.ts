import type { CartView } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import { nextStep, parseStep, previousStep, stepsOf, stepToShow } from "./checkout-steps.ts";

const ADDRESS = {
  type: "shipping" as const,
  firstName: "Ivana",
  lastName: "Babić",
  contactEmail: "ivana@example.hr",
  contactPhone: "091 555 0101",
  country: "HR",
  city: "Zagreb",
  street: "Ilica",
  houseNumber: "1",
  zipCode: "10000",
};

function cart(over: { digitalOnly?: boolean; deliveryMethodId?: number | null; email?: string | null; delivery?: typeof ADDRESS | null }) {
  return {
    digitalOnly: over.digitalOnly ?? false,
    deliveryMethodId: over.deliveryMethodId ?? null,
    checkout: { email: over.email ?? null, delivery: over.delivery ?? null, billing: null, company: null, branchId: null },
  } satisfies Pick<CartView, "digitalOnly" | "deliveryMethodId" | "checkout">;
}

describe("checkout steps", () => {
  it("reads the step from the address; anything else is the address step", () => {
    expect(parseStep("payment")).toBe("payment");
    expect(parseStep(null)).toBe("address");
    expect(parseStep("confirm")).toBe("address");
  });

  it("skips the shipping step for a cart of only e-products, both ways", () => {
    const vouchers = { digitalOnly: true };
    expect(stepsOf(vouchers)).toEqual(["address", "payment"]);
    expect(nextStep("address", vouchers)).toBe("payment");
    expect(previousStep("payment", vouchers)).toBe("address");
    expect(previousStep("payment", { digitalOnly: false })).toBe("shipping");
    expect(previousStep("address", { digitalOnly: false })).toBeNull();
  });

  it("shows no step before the ones it builds on are saved", () => {
    const fresh = cart({});
    expect(stepToShow("payment", fresh, false)).toBe("address");
    // A guest's address counts only with the e-mail; a customer's e-mail is the account's.
    expect(stepToShow("shipping", cart({ delivery: ADDRESS }), false)).toBe("address");
    expect(stepToShow("shipping", cart({ delivery: ADDRESS }), true)).toBe("shipping");
    const addressed = cart({ delivery: ADDRESS, email: "ivana@example.hr" });
    expect(stepToShow("payment", addressed, false)).toBe("shipping");
    expect(stepToShow("payment", cart({ delivery: ADDRESS, email: "i@example.hr", deliveryMethodId: 1 }), false)).toBe("payment");
    // Going back is always allowed.
    expect(stepToShow("address", cart({ delivery: ADDRESS, email: "i@example.hr", deliveryMethodId: 1 }), false)).toBe("address");
  });

  it("moves a cart of only e-products from the shipping step on to the payment step", () => {
    expect(stepToShow("shipping", cart({ digitalOnly: true, delivery: ADDRESS, email: "i@example.hr" }), false)).toBe("payment");
    expect(stepToShow("shipping", cart({ digitalOnly: true }), false)).toBe("address");
  });
});
