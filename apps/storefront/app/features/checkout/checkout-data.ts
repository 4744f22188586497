import type {
  AddressView,
  BranchView,
  CartView,
  ConsentView,
  CountryView,
  OrderCreateAnswer,
  PaymentMethodView,
  ShippingMethodView,
} from "@shop/contracts";
import type { FieldErrors } from "../forms/form-values.ts";
import type { CheckoutStep } from "./checkout-steps.ts";

/** What the checkout page's loader and action answer (features/checkout/checkout.server.ts, checkout-actions.server.ts). */

interface StepBase {
  steps: CheckoutStep[];
  cart: CartView;
  loggedIn: boolean;
}

export interface AddressStepData extends StepBase {
  step: "address";
  countries: CountryView[];
  consents: ConsentView[];
  /** Ticked before (a visit back from a later step). */
  acceptedConsents: number[];
  /** A registered customer's saved addresses. */
  addresses: AddressView[];
  /** Field name to starting value. */
  defaults: Record<string, string>;
}

export interface ShippingStepData extends StepBase {
  step: "shipping";
  methods: ShippingMethodView[];
}

export interface ChosenDelivery {
  name: string;
  price: number;
  branch: BranchView | null;
}

export interface PaymentStepData extends StepBase {
  step: "payment";
  methods: PaymentMethodView[];
  /** SPEC §9 HPF: the only method, chosen for the customer. */
  auto: PaymentMethodView | null;
  consents: ConsentView[];
  acceptedConsents: number[];
  /** The cart as shown (SPEC §4 Cart change check), sent back with the order as JSON. */
  seen: string;
  delivery: ChosenDelivery | null;
}

export type CheckoutData = AddressStepData | ShippingStepData | PaymentStepData;

export type CheckoutActionData =
  /** The form is shown again with its errors; `id` is new for every answer (radios go back to the saved choice). */
  | {
      kind: "invalid";
      id: string;
      step: CheckoutStep;
      fieldErrors: FieldErrors;
      formError: string | null;
      values: Record<string, string>;
      acceptedConsents: number[];
    }
  /** SPEC §4 Cart change check: no order; the toast and the reloaded cart. */
  | { kind: "cartUpdated"; id: string; message: string }
  /** The order is placed; the provider's form takes the customer to the card payment. */
  | { kind: "provider"; html: string }
  /** The order is placed; the provider's wallet button takes the payment on this page. */
  | { kind: "wallet"; orderSlug: string; wallet: Extract<OrderCreateAnswer["html"], object> };
