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
    const vouchers = stepsOf({ digitalOnly: true }, false);
    expect(vouchers).toEqual(["address", "payment"]);
    expect(nextStep("address", vouchers)).toBe("payment");
    expect(previousStep("payment", vouchers)).toBe("address");
    const all = stepsOf({ digitalOnly: false }, false);
    expect(nextStep("address", all)).toBe("shipping");
    expect(previousStep("payment", all)).toBe("shipping");
    expect(previousStep("address", all)).toBeNull();
  });

  it("skips the shipping step for every cart with skipShippingStep, both ways", () => {
    const steps = stepsOf({ digitalOnly: false }, true);
    expect(steps).toEqual(["address", "payment"]);
    expect(nextStep("address", steps)).toBe("payment");
    expect(previousStep("payment", steps)).toBe("address");
  });

  it("with skipShippingStep, counts the address step done only once the method is saved with it", () => {
    const addressed = cart({ delivery: ADDRESS, email: "i@example.hr" });
    // The address alone (saved before the setting was switched on): the address step saves the method.
    expect(stepToShow("payment", addressed, false, true)).toBe("address");
    const shipped = cart({ delivery: ADDRESS, email: "i@example.hr", deliveryMethodId: 1 });
    expect(stepToShow("payment", shipped, false, true)).toBe("payment");
    // A bookmarked shipping step goes on to the payment step, or back to the address while it is open.
    expect(stepToShow("shipping", shipped, false, true)).toBe("payment");
    expect(stepToShow("shipping", addressed, false, true)).toBe("address");
    // Vouchers need no method, setting or not.
    expect(stepToShow("payment", cart({ digitalOnly: true, delivery: ADDRESS, email: "i@example.hr" }), false, true)).toBe("payment");
  });

  it("shows no step before the ones it builds on are saved", () => {
    const fresh = cart({});
    expect(stepToShow("payment", fresh, false, false)).toBe("address");
    // A guest's address counts only with the e-mail; a customer's e-mail is the account's.
    expect(stepToShow("shipping", cart({ delivery: ADDRESS }), false, false)).toBe("address");
    expect(stepToShow("shipping", cart({ delivery: ADDRESS }), true, false)).toBe("shipping");
    const addressed = cart({ delivery: ADDRESS, email: "ivana@example.hr" });
    expect(stepToShow("payment", addressed, false, false)).toBe("shipping");
    expect(stepToShow("payment", cart({ delivery: ADDRESS, email: "i@example.hr", deliveryMethodId: 1 }), false, false)).toBe("payment");
    // Going back is always allowed.
    expect(stepToShow("address", cart({ delivery: ADDRESS, email: "i@example.hr", deliveryMethodId: 1 }), false, false)).toBe("address");
  });

  it("moves a cart of only e-products from the shipping step on to the payment step", () => {
    expect(stepToShow("shipping", cart({ digitalOnly: true, delivery: ADDRESS, email: "i@example.hr" }), false, false)).toBe("payment");
    expect(stepToShow("shipping", cart({ digitalOnly: true }), false, false)).toBe("address");
  });
});
