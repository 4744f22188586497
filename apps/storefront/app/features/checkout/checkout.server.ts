import { type CartView, localeFromPath, localizedPath, type OrderCreateBody } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { companyData } from "@shop/contracts/schemas/checkout.ts";
import { translator } from "@shop/i18n";
import { createContext, data, type RouterContextProvider, redirect } from "react-router";
import type { Platform } from "../../platform.server.ts";
import { sessionOf } from "../account/session-context.server.ts";
import { cartOf } from "../cart/cart.server.ts";
import { type CartSession, readCartSession } from "../cart/cart-session.server.ts";
import { loadConsents } from "../consents/consents.server.ts";
import { failurePage } from "../errors/platform-failure.ts";
import type { Translate } from "../forms/form-values.ts";
import { addressDefaults } from "./address-form.ts";
import { readCheckoutConsents } from "./checkout-cookies.server.ts";
import type { CheckoutData, ChosenDelivery } from "./checkout-data.ts";
import { parseStep, STEP_PARAM, stepHref, stepsOf, stepToShow } from "./checkout-steps.ts";
import { autoPaymentMethod } from "./choice-forms.ts";
import { guestPrefill } from "./guest-user.server.ts";

/** SPEC §4/§5: the consents of the place 'checkout', shown on the address step and confirmed on the payment step. */
export const CHECKOUT_CONSENTS = "checkout";

/** Personal pages: never kept by a browser or a proxy. */
export const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * Set by the payment action when the page it answers is the card provider's form or wallet: the order closed
 * the cart, so the loader that runs after the action has no step to show (and must not send the
 * page to the empty cart).
 */
export const providerFormShown = createContext<boolean>(false);

/** The request's cart with lines and its session, or the way to the cart page (SPEC §4: an empty cart has no checkout). */
export async function checkoutCart(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ cart: CartView; session: CartSession }> {
  const cart = await cartOf(context);
  const session = readCartSession(request);
  if (!cart || !session || cart.items.length === 0) {
    throw redirect(localizedPath("cart", localeFromPath(new URL(request.url).pathname)), 303);
  }
  return { cart, session };
}

/**
 * SPEC §3/§4 skipShippingStep, from the checkout settings. Settings that cannot be read show the
 * shipping step: the customer can still choose, where a wrong guess would save a method for them.
 */
export async function skipsShipping(platform: Platform): Promise<boolean> {
  const settings = await platform.callPublic(api.settings.getCheckoutSettings);
  return settings.ok && settings.data.skipShippingStep;
}

/** SPEC §4 Cart change check: what the customer sees now, in order/create's `seen` shape. */
async function seenNow(platform: Platform, session: CartSession, t: Translate): Promise<string> {
  const result = await platform.call(api.cart.validateCart, { body: session });
  if (!result.ok) throw failurePage(result, t);
  const seen: NonNullable<OrderCreateBody["seen"]> = {
    ...result.data,
    itemCount: result.data.items.reduce((n, i) => n + i.qty, 0),
  };
  return JSON.stringify(seen);
}

async function chosenDelivery(platform: Platform, session: CartSession, cart: CartView, t: Translate): Promise<ChosenDelivery | null> {
  if (cart.digitalOnly || cart.deliveryMethodId === null) return null;
  const result = await platform.call(api.checkout.getApplicableDeliveryMethods, { body: session });
  if (!result.ok) throw failurePage(result, t);
  const method = result.data.methods.find((m) => m.id === cart.deliveryMethodId);
  if (!method) return null;
  return { name: method.name, price: method.price, branch: method.options.find((b) => b.id === cart.checkout.branchId) ?? null };
}

/**
 * The checkout page (SPEC §2 Checkout): the step the address asks for, if the cart has reached it,
 * with what that step shows. The cart itself comes from the layout's middleware.
 */
export async function loadCheckout(request: Request, context: Readonly<RouterContextProvider>) {
  if (context.get(providerFormShown)) return data(null, { headers: NO_STORE });
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const t = translator(locale);
  const { cart, session } = await checkoutCart(request, context);
  const { user, platform } = await sessionOf(context);
  const requested = parseStep(url.searchParams.get(STEP_PARAM));
  const skipShipping = await skipsShipping(platform);
  const step = stepToShow(requested, cart, user !== null, skipShipping);
  if (step !== requested) throw redirect(stepHref(localizedPath("checkout", locale), step));
  const base = { steps: stepsOf(cart, skipShipping), cart, loggedIn: user !== null };
  let body: CheckoutData;
  switch (step) {
    case "address": {
      const [countries, consents, state] = await Promise.all([
        platform.call(api.checkout.getAvailableCountries, { body: session }),
        loadConsents(platform, CHECKOUT_CONSENTS, t),
        user ? cart.checkout : guestPrefill(request, platform, cart.checkout),
      ]);
      if (!countries.ok) throw failurePage(countries, t);
      body = {
        ...base,
        step,
        countries: countries.data,
        consents,
        acceptedConsents: readCheckoutConsents(request),
        addresses: user?.addresses ?? [],
        defaults: addressDefaults(state, user),
      };
      break;
    }
    case "shipping": {
      const methods = await platform.call(api.checkout.getApplicableDeliveryMethods, { body: session });
      if (!methods.ok) throw failurePage(methods, t);
      body = { ...base, step, methods: methods.data.methods };
      break;
    }
    case "payment": {
      const [methods, consents, seen, delivery] = await Promise.all([
        platform.call(api.checkout.getApplicablePaymentMethods, { body: session }),
        loadConsents(platform, CHECKOUT_CONSENTS, t),
        seenNow(platform, session, t),
        chosenDelivery(platform, session, cart, t),
      ]);
      if (!methods.ok) throw failurePage(methods, t);
      const companyValid = cart.checkout.company === null || companyData.safeParse(cart.checkout.company).success;
      body = {
        ...base,
        step,
        methods: methods.data,
        auto: autoPaymentMethod(methods.data, companyValid),
        consents,
        acceptedConsents: readCheckoutConsents(request),
        seen,
        delivery,
      };
      break;
    }
  }
  return data(body, { headers: NO_STORE });
}
