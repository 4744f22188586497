import type { CheckoutState, UserView } from "@shop/contracts";
import { translator } from "@shop/i18n";
import { describe, expect, it } from "vitest";
import { fieldErrors, readForm } from "../forms/form-values.ts";
import {
  ADDRESS_FORM_FIELDS,
  addressDefaults,
  addressesUnchanged,
  addressStepBody,
  placeEmailError,
  toAddressBody,
} from "./address-form.ts";

const hr = translator("hr");

const DELIVERY = {
  firstName: "Ivana",
  lastName: "Babić",
  contactEmail: "ivana@example.hr",
  contactPhone: "091 555 0101",
  street: "Ilica",
  houseNumber: "1",
  zipCode: "10000",
  city: "Zagreb",
  country: "HR",
};

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

const prefixed = (prefix: string, values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [`${prefix}.${k}`, v]));

function body(fields: Record<string, string>, guest = true) {
  return addressStepBody.safeParse(toAddressBody(readForm(form(fields), ADDRESS_FORM_FIELDS), guest));
}

const STATE: CheckoutState = {
  email: "ivana@example.hr",
  delivery: { type: "shipping", ...DELIVERY },
  billing: null,
  company: null,
  branchId: null,
};

const USER = {
  id: 7,
  email: "kupac@example.hr",
  details: { firstName: "Marko", lastName: "Horvat" },
  company: { name: "Horvat d.o.o." },
  addresses: [{ id: 31, type: "shipping", ...DELIVERY, firstName: "Marko", lastName: "Horvat" }],
} as unknown as UserView;

describe("the address step's form", () => {
  it("makes a guest's body: the delivery e-mail is the guest's, billing and company only when ticked", () => {
    const parsed = body({ ...prefixed("delivery", DELIVERY), ...prefixed("billing", { ...DELIVERY, city: "Split" }), "company.oib": "1" });
    expect(parsed.success && parsed.data).toMatchObject({ email: DELIVERY.contactEmail, delivery: { type: "shipping", city: "Zagreb" } });
    expect(parsed.success && parsed.data.billing).toBeUndefined();
    expect(parsed.success && parsed.data.company).toBeUndefined();
    const both = body({ ...prefixed("delivery", DELIVERY), billingDifferent: "1", ...prefixed("billing", { ...DELIVERY, city: "Split" }) });
    expect(both.success && both.data.billing).toMatchObject({ type: "billing", city: "Split" });
  });

  it("refuses with the contract's messages at the form's field names; a guest's e-mail error sits in the delivery form", () => {
    const parsed = body({
      ...prefixed("delivery", { ...DELIVERY, firstName: "Iv4na", contactEmail: "nije-email" }),
      companyPurchase: "1",
      "company.companyName": "Firma d.o.o.",
      "company.oib": "12345678901",
    });
    expect(parsed.success).toBe(false);
    const errors = placeEmailError(fieldErrors(parsed.error?.issues ?? [], hr));
    expect(errors).toMatchObject({
      "delivery.firstName": hr("validation.lettersOnly"),
      "delivery.contactEmail": hr("validation.email"),
      "company.oib": hr("validation.oib"),
    });
    expect(errors.email).toBeUndefined();
  });

  it("sends a customer's saved address by its id, with no e-mail of its own", () => {
    const parsed = body({ deliveryAddress: "31", ...prefixed("delivery", { ...DELIVERY, firstName: "" }) }, false);
    expect(parsed.success && parsed.data).toEqual({ deliveryAddressId: 31 });
  });

  it("tells a body that changes nothing from one that changes the address, the billing or the company", () => {
    const same = body(prefixed("delivery", DELIVERY));
    expect(same.success && addressesUnchanged(same.data, STATE, null)).toBe(true);
    const moved = body(prefixed("delivery", { ...DELIVERY, street: "Vlaška" }));
    expect(moved.success && addressesUnchanged(moved.data, STATE, null)).toBe(false);
    const otherEmail = body(prefixed("delivery", { ...DELIVERY, contactEmail: "druga@example.hr" }));
    expect(otherEmail.success && addressesUnchanged(otherEmail.data, STATE, null)).toBe(false);
    const company = body({
      ...prefixed("delivery", DELIVERY),
      companyPurchase: "1",
      "company.companyName": "F d.o.o.",
      "company.oib": "69435151530",
    });
    expect(company.success && addressesUnchanged(company.data, STATE, null)).toBe(false);
    // A customer's saved address that the cart holds already.
    const saved = body({ deliveryAddress: "31" }, false);
    const userState = { ...STATE, delivery: { type: "shipping" as const, ...DELIVERY, firstName: "Marko", lastName: "Horvat" } };
    expect(saved.success && addressesUnchanged(saved.data, userState, USER)).toBe(true);
  });

  it("starts from what the cart holds, else from the customer's account and first saved address", () => {
    expect(addressDefaults(STATE, null)).toMatchObject({
      deliveryAddress: "new",
      "delivery.street": "Ilica",
      companyPurchase: "",
      "billing.country": "HR",
    });
    const empty: CheckoutState = { email: null, delivery: null, billing: null, company: null, branchId: null };
    expect(addressDefaults(empty, USER)).toMatchObject({
      deliveryAddress: "31",
      "delivery.firstName": "Marko",
      "delivery.contactEmail": "kupac@example.hr",
      "company.companyName": "Horvat d.o.o.",
    });
  });

  it("starts a customer with saved addresses from the default delivery address set on the profile", () => {
    const empty: CheckoutState = { email: null, delivery: null, billing: null, company: null, branchId: null };
    const second = { id: 32, type: "main" as const, ...DELIVERY, street: "Savska cesta", firstName: "Marko", lastName: "Horvat" };
    const user = { ...USER, addresses: [...USER.addresses, second], defaultDeliveryAddressId: 32 } as UserView;
    expect(addressDefaults(empty, user)).toMatchObject({ deliveryAddress: "32" });
    expect(addressDefaults(empty, { ...user, defaultDeliveryAddressId: null })).toMatchObject({ deliveryAddress: "31" });
  });
});
