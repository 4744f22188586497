import type { PaymentMethodView, ShippingMethodView } from "@shop/contracts";
import { translator } from "@shop/i18n";
import { describe, expect, it } from "vitest";
import { autoPaymentMethod, branchField, firstShippingChoice, readShipping } from "./choice-forms.ts";

const hr = translator("hr");
const BRANCH = { id: 5, name: "Jankomir", address: "Jankomir 31, 10090 Zagreb", phone: "+385 1 5550 101", hours: null };
const METHODS: ShippingMethodView[] = [
  { id: 1, name: "Preuzimanje", description: "", price: 0, options: [BRANCH] },
  { id: 2, name: "Kurir", description: "", price: 4.9, options: [] },
];

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

const card: PaymentMethodView = { id: 3, name: "Kartica", description: "", paymentType: "HPF", kind: "card" };
const transfer: PaymentMethodView = { id: 4, name: "Virman", description: "", paymentType: "", kind: "bank_transfer" };

describe("the shipping step's choice (SPEC §5 Shipping)", () => {
  it("needs a method from the list, and a branch of that method when it has branches", () => {
    expect(readShipping(form({}), METHODS, hr).errors).toEqual({ deliveryMethodId: hr("error.shippingMethodUndefined") });
    expect(readShipping(form({ deliveryMethodId: "9" }), METHODS, hr).errors).toEqual({
      deliveryMethodId: hr("error.shippingMethodNotFound"),
    });
    // A branch named under another method does not count.
    expect(readShipping(form({ deliveryMethodId: "1", [branchField(2)]: "5" }), METHODS, hr).errors).toEqual({
      [branchField(1)]: hr("error.shippingBranchUndefined"),
    });
    expect(readShipping(form({ deliveryMethodId: "1", [branchField(1)]: "5" }), METHODS, hr).choice).toEqual({
      deliveryMethodId: 1,
      branchId: 5,
    });
    expect(readShipping(form({ deliveryMethodId: "2", [branchField(1)]: "5" }), METHODS, hr).choice).toEqual({ deliveryMethodId: 2 });
  });
});

describe("the payment that completes itself (SPEC §4, §9 HPF)", () => {
  it("is the only method when it is the provider's hosted form and the company data is valid", () => {
    expect(autoPaymentMethod([card], true)).toBe(card);
    expect(autoPaymentMethod([card], false)).toBeNull();
    expect(autoPaymentMethod([card, transfer], true)).toBeNull();
    expect(autoPaymentMethod([transfer], true)).toBeNull();
    expect(autoPaymentMethod([], true)).toBeNull();
  });
});

describe("the shipping choice made for the customer (SPEC §4 skipShippingStep)", () => {
  it("is the first method for skipShippingStep, with its first branch when it has branches", () => {
    expect(firstShippingChoice(METHODS)).toEqual({ deliveryMethodId: 1, branchId: 5 });
    expect(firstShippingChoice(METHODS.slice(1))).toEqual({ deliveryMethodId: 2 });
    expect(firstShippingChoice([])).toBeNull();
  });
});
