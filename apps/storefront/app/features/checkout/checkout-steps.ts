import { type CartView, CHECKOUT_STEPS } from "@shop/contracts";

/** SPEC §2/§9: the checkout's steps, in order; the active one lives in the address (`?step=`). */
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export const STEP_PARAM = "step";
/** The hidden field that names the step a form posts (the action reads it, not the address). */
export const STEP_FIELD = "step";

export function parseStep(value: string | null): CheckoutStep {
  return (CHECKOUT_STEPS as readonly string[]).includes(value ?? "") ? (value as CheckoutStep) : "address";
}

type StepCart = Pick<CartView, "digitalOnly" | "deliveryMethodId" | "checkout">;

/** SPEC §4 skipShippingStep: a cart of only e-products (vouchers) is delivered by nobody, so it has no shipping step. */
export function stepsOf(cart: Pick<CartView, "digitalOnly">): CheckoutStep[] {
  return cart.digitalOnly ? CHECKOUT_STEPS.filter((s) => s !== "shipping") : [...CHECKOUT_STEPS];
}

/** Whether a step's choice is saved on the cart (a guest's address needs the e-mail with it). */
function saved(step: CheckoutStep, cart: StepCart, loggedIn: boolean): boolean {
  switch (step) {
    case "address":
      return cart.checkout.delivery !== null && (loggedIn || cart.checkout.email !== null);
    case "shipping":
      return cart.digitalOnly || cart.deliveryMethodId !== null;
    case "payment":
      return false;
  }
}

/**
 * The step to show for the one asked: a step that this cart skips gives way to the next one, and
 * no step is shown before the ones it builds on are saved (a bookmarked `?step=payment` on a new
 * cart starts at the address).
 */
export function stepToShow(requested: CheckoutStep, cart: StepCart, loggedIn: boolean): CheckoutStep {
  const steps = stepsOf(cart);
  const wanted = CHECKOUT_STEPS.slice(CHECKOUT_STEPS.indexOf(requested)).find((s) => steps.includes(s)) ?? "payment";
  const firstOpen = steps.find((s) => !saved(s, cart, loggedIn)) ?? "payment";
  return steps.indexOf(wanted) <= steps.indexOf(firstOpen) ? wanted : firstOpen;
}

export function nextStep(step: CheckoutStep, cart: Pick<CartView, "digitalOnly">): CheckoutStep {
  const steps = stepsOf(cart);
  return steps[steps.indexOf(step) + 1] ?? step;
}

/** The step before, or null on the first (whose way back is the cart). */
export function previousStep(step: CheckoutStep, cart: Pick<CartView, "digitalOnly">): CheckoutStep | null {
  const steps = stepsOf(cart);
  return steps[steps.indexOf(step) - 1] ?? null;
}

/** The checkout page's address at a step. */
export function stepHref(checkoutPath: string, step: CheckoutStep): string {
  return `${checkoutPath}?${STEP_PARAM}=${step}`;
}
