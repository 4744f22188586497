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

/**
 * SPEC §3/§4 skipShippingStep: a cart of only e-products (vouchers) is delivered by nobody, and with
 * the setting on the address step saves the first applicable method itself; neither shows the shipping step.
 */
export function stepsOf(cart: Pick<CartView, "digitalOnly">, skipShipping: boolean): CheckoutStep[] {
  return cart.digitalOnly || skipShipping ? CHECKOUT_STEPS.filter((s) => s !== "shipping") : [...CHECKOUT_STEPS];
}

/** Whether a step's choice is saved on the cart (a guest's address needs the e-mail with it). */
function saved(step: CheckoutStep, cart: StepCart, loggedIn: boolean, skipShipping: boolean): boolean {
  const shipped = cart.digitalOnly || cart.deliveryMethodId !== null;
  switch (step) {
    case "address":
      // With skipShippingStep the address step also saves the method: it is done only with both.
      return cart.checkout.delivery !== null && (loggedIn || cart.checkout.email !== null) && (!skipShipping || shipped);
    case "shipping":
      return shipped;
    case "payment":
      return false;
  }
}

/**
 * The step to show for the one asked: a step that this cart skips gives way to the next one, and
 * no step is shown before the ones it builds on are saved (a bookmarked `?step=payment` on a new
 * cart starts at the address).
 */
export function stepToShow(requested: CheckoutStep, cart: StepCart, loggedIn: boolean, skipShipping: boolean): CheckoutStep {
  const steps = stepsOf(cart, skipShipping);
  const wanted = CHECKOUT_STEPS.slice(CHECKOUT_STEPS.indexOf(requested)).find((s) => steps.includes(s)) ?? "payment";
  const firstOpen = steps.find((s) => !saved(s, cart, loggedIn, skipShipping)) ?? "payment";
  return steps.indexOf(wanted) <= steps.indexOf(firstOpen) ? wanted : firstOpen;
}

export function nextStep(step: CheckoutStep, steps: readonly CheckoutStep[]): CheckoutStep {
  return steps[steps.indexOf(step) + 1] ?? step;
}

/** The step before, or null on the first (whose way back is the cart). */
export function previousStep(step: CheckoutStep, steps: readonly CheckoutStep[]): CheckoutStep | null {
  return steps[steps.indexOf(step) - 1] ?? null;
}

/** The checkout page's address at a step. */
export function stepHref(checkoutPath: string, step: CheckoutStep): string {
  return `${checkoutPath}?${STEP_PARAM}=${step}`;
}
