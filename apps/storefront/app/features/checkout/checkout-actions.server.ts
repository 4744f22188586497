import { type CartView, type Locale, localeFromPath, localizedPath, type OrderCreateAnswer, type UserView, V } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { cartVoucherBody } from "@shop/contracts/schemas/cart.ts";
import { orderCreateBody } from "@shop/contracts/schemas/checkout.ts";
import { translator } from "@shop/i18n";
import { data, type RouterContextProvider, redirect } from "react-router";
import { shopContext } from "../../context.ts";
import type { ApiResult, Platform } from "../../platform.server.ts";
import { sessionOf } from "../account/session-context.server.ts";
import { type CartSession, clearCartCookies, readCartSession } from "../cart/cart-session.server.ts";
import { requestKeyHeaders } from "../cart/request-key.server.ts";
import { acceptedConsentIds, checkConsents, loadConsents } from "../consents/consents.server.ts";
import { failureFields, failureStatus, failureText, type PlatformFailure } from "../errors/platform-failure.ts";
import { type FieldErrors, fieldErrors, formText, readForm, type Translate } from "../forms/form-values.ts";
import {
  ADDRESS_FORM_FIELDS,
  type AddressStepBody,
  addressesUnchanged,
  addressStepBody,
  placeEmailError,
  toAddressBody,
} from "./address-form.ts";
import { CHECKOUT_CONSENTS, checkoutCart, NO_STORE, providerFormShown, skipsShipping } from "./checkout.server.ts";
import { checkoutConsentsCookie, clearCheckoutConsents, orderAccessCookie } from "./checkout-cookies.server.ts";
import type { CheckoutActionData } from "./checkout-data.ts";
import { type CheckoutStep, nextStep, parseStep, STEP_FIELD, stepHref, stepsOf } from "./checkout-steps.ts";
import {
  firstShippingChoice,
  METHOD_FIELD,
  PAYMENT_FIELD,
  paymentErrors,
  readShipping,
  SAVED_PAYMENT_FIELD,
  SEEN_FIELD,
} from "./choice-forms.ts";
import { rememberGuest } from "./guest-user.server.ts";
import { allowProviderForm } from "./provider-form.server.ts";
import { VOUCHER_FIELD, VOUCHER_INTENT_FIELD, VOUCHER_INTENTS } from "./voucher-fields.ts";
import { walletApproved, walletShown } from "./wallet.server.ts";
import { WALLET_FIELD } from "./wallet-fields.ts";

/**
 * The checkout's form posts (SPEC §4 Checkout, Payment submit; §5 validation). Each step is checked
 * with the rules the browser used, saved only when it changed, and answered with a redirect to the
 * next step, or with the form again: the same answer with JavaScript (a fetch) and without (a page).
 */

/** Platform answers (SPEC §8) this page treats apart from the rest. */
const CART_UPDATED = "core.notifications.cartUpdated";
const CART_GONE = "cart.error.sessionInvalid";

interface Ctx {
  request: Request;
  context: Readonly<RouterContextProvider>;
  form: FormData;
  locale: Locale;
  t: Translate;
  platform: Platform;
  user: UserView | null;
}

function invalid(
  step: CheckoutStep,
  status: number,
  answer: { fieldErrors?: FieldErrors; formError?: string | null; values?: Record<string, string>; acceptedConsents?: number[] },
) {
  const body: CheckoutActionData = {
    kind: "invalid",
    id: crypto.randomUUID(),
    step,
    fieldErrors: answer.fieldErrors ?? {},
    formError: answer.formError ?? null,
    values: answer.values ?? {},
    acceptedConsents: answer.acceptedConsents ?? [],
  };
  return data(body, { status, headers: NO_STORE });
}

/** A refusal's field errors where the form has those fields; anything else is said above the form. */
function refusal(
  failure: PlatformFailure,
  t: Translate,
  fields: readonly string[],
  rename: (errors: FieldErrors) => FieldErrors = (e) => e,
) {
  const all = rename(failureFields(failure));
  const placed = Object.fromEntries(Object.entries(all).filter(([path]) => fields.includes(path)));
  const formError =
    Object.keys(placed).length === Object.keys(all).length && Object.keys(placed).length > 0 ? null : failureText(failure, t);
  return { fieldErrors: placed, formError };
}

function toNext(c: Ctx, step: CheckoutStep, steps: readonly CheckoutStep[], cookies: string[] = []) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect(stepHref(localizedPath("checkout", c.locale), nextStep(step, steps)), { status: 303, headers });
}

/**
 * SPEC §4 skipShippingStep: the shipping step submitted for the customer with the first applicable
 * method (and its first branch), saved only when it differs from the cart's. Null when it is saved;
 * otherwise the refusal, said above the address form (the methods depend on the address).
 */
async function saveFirstShipping(c: Ctx, session: CartSession, cart: Pick<CartView, "deliveryMethodId" | "checkout">) {
  const methods = await c.platform.call(api.checkout.getApplicableDeliveryMethods, { body: session });
  if (!methods.ok) return { status: failureStatus(methods), formError: failureText(methods, c.t) };
  const choice = firstShippingChoice(methods.data.methods);
  if (!choice) return { status: 409, formError: c.t("checkout.shipping.none") };
  if (choice.deliveryMethodId === cart.deliveryMethodId && (choice.branchId ?? null) === cart.checkout.branchId) return null;
  const saved = await c.platform.call(api.checkout.saveDeliveryMethod, { body: { ...session, ...choice } });
  return saved.ok ? null : { status: failureStatus(saved), formError: failureText(saved, c.t) };
}

async function addressStep(c: Ctx) {
  const { cart, session } = await checkoutCart(c.request, c.context);
  const consents = await loadConsents(c.platform, CHECKOUT_CONSENTS, c.t);
  const acceptedConsents = acceptedConsentIds(c.form, consents);
  const values = Object.fromEntries(ADDRESS_FORM_FIELDS.map((name) => [name, formText(c.form, name)]));
  const parsed = addressStepBody.safeParse(toAddressBody(readForm(c.form, ADDRESS_FORM_FIELDS), c.user === null));
  // SPEC §5: the consents are checked with the e-mail; a missing one stops the step like an invalid field.
  const errors: FieldErrors = {
    ...(parsed.success ? {} : placeEmailError(fieldErrors(parsed.error.issues, c.t))),
    ...checkConsents(c.form, consents, c.t),
  };
  if (!parsed.success || Object.keys(errors).length > 0) return invalid("address", 400, { fieldErrors: errors, values, acceptedConsents });
  const cookies = [checkoutConsentsCookie(c.context, acceptedConsents)];
  let addressed = cart;
  if (!addressesUnchanged(parsed.data, cart.checkout, c.user)) {
    const body: AddressStepBody & typeof session = { ...session, ...parsed.data };
    const saved = await c.platform.call(api.checkout.saveAddresses, { body });
    if (!saved.ok) {
      return invalid("address", failureStatus(saved), {
        ...refusal(saved, c.t, ADDRESS_FORM_FIELDS, placeEmailError),
        values,
        acceptedConsents,
      });
    }
    addressed = saved.data;
  }
  const steps = stepsOf(addressed, await skipsShipping(c.platform));
  if (!addressed.digitalOnly && !steps.includes("shipping")) {
    const refused = await saveFirstShipping(c, session, addressed);
    if (refused) return invalid("address", refused.status, { formError: refused.formError, values, acceptedConsents });
  }
  const guest = c.user ? null : await rememberGuest(c.request, c.context, c.platform, session);
  return toNext(c, "address", steps, guest ? [...cookies, guest] : cookies);
}

async function shippingStep(c: Ctx) {
  const { cart, session } = await checkoutCart(c.request, c.context);
  const methods = await c.platform.call(api.checkout.getApplicableDeliveryMethods, { body: session });
  if (!methods.ok) return invalid("shipping", failureStatus(methods), { formError: failureText(methods, c.t) });
  const read = readShipping(c.form, methods.data.methods, c.t);
  if (read.errors) return invalid("shipping", 400, { fieldErrors: read.errors });
  const { choice } = read;
  // A posted shipping step is one of the steps, whatever the setting says now.
  const steps = stepsOf(cart, false);
  if (choice.deliveryMethodId === cart.deliveryMethodId && (choice.branchId ?? null) === cart.checkout.branchId) {
    return toNext(c, "shipping", steps);
  }
  const saved = await c.platform.call(api.checkout.saveDeliveryMethod, { body: { ...session, ...choice } });
  if (!saved.ok) {
    const method = formText(c.form, METHOD_FIELD);
    // The platform names the branch `branchId`; the form names it after its method.
    const rename = ({ branchId, ...rest }: FieldErrors): FieldErrors => (branchId ? { ...rest, [`branch.${method}`]: branchId } : rest);
    return invalid("shipping", failureStatus(saved), refusal(saved, c.t, [METHOD_FIELD, `branch.${method}`], rename));
  }
  return toNext(c, "shipping", steps);
}

/** SPEC §4 'any error in the check counts as changed': a `seen` that does not parse places no order either. */
function readSeen(form: FormData) {
  try {
    return orderCreateBody.shape.seen.unwrap().safeParse(JSON.parse(formText(form, SEEN_FIELD)));
  } catch {
    return null;
  }
}

function cartUpdated(t: Translate) {
  const body: CheckoutActionData = { kind: "cartUpdated", id: crypto.randomUUID(), message: t(CART_UPDATED) };
  return data(body, { status: 409, headers: NO_STORE });
}

/**
 * The order is placed: the cart session ends (its cookies go), and the browser keeps the token that
 * reads the order. Without a redirect (bank transfer, at the branch) on to the success page; with
 * the provider's form, that form (its origin added to the page's CSP form-action); with the card
 * wallet, the page with its button.
 */
function placed(c: Ctx, answer: OrderCreateAnswer) {
  const headers = new Headers(NO_STORE);
  for (const cookie of [
    ...clearCartCookies(c.context),
    clearCheckoutConsents(c.context),
    orderAccessCookie(c.context, { code: answer.orderSlug, token: answer.accessToken }),
  ]) {
    headers.append("Set-Cookie", cookie);
  }
  if (typeof answer.html === "string") {
    allowProviderForm(c.context, answer.html);
    c.context.set(providerFormShown, true);
    const body: CheckoutActionData = { kind: "provider", html: answer.html };
    return data(body, { headers });
  }
  if (answer.html) return data(walletShown(c.context, answer.orderSlug, answer.html), { headers });
  const success = `${localizedPath("checkoutSuccess", c.locale)}?orderSlug=${encodeURIComponent(answer.orderSlug)}`;
  return redirect(success, { status: 303, headers });
}

/**
 * SPEC §4 Payment submit: the consents and a method, the method saved when it changed, then the
 * order with the cart as the customer saw it (the platform refuses a changed cart with 409
 * cartUpdated and places nothing). The cart is not read first: a second click after the order was
 * placed still reaches order/create, which answers the first order.
 */
async function paymentStep(c: Ctx) {
  const session = readCartSession(c.request);
  if (!session) throw redirect(localizedPath("cart", c.locale), 303);
  const consents = await loadConsents(c.platform, CHECKOUT_CONSENTS, c.t);
  const acceptedConsents = acceptedConsentIds(c.form, consents);
  const errors = paymentErrors(c.form, consents, c.t);
  if (Object.keys(errors).length > 0) return invalid("payment", 400, { fieldErrors: errors, acceptedConsents });
  const seen = readSeen(c.form);
  if (!seen?.success) return cartUpdated(c.t);
  const methodId = Number(formText(c.form, PAYMENT_FIELD));
  if (String(methodId) !== formText(c.form, SAVED_PAYMENT_FIELD)) {
    const saved = await c.platform.call(api.checkout.savePaymentMethod, { body: { ...session, paymentMethodId: methodId } });
    // A closed cart (the order of a first click) goes on to order/create, which answers that order.
    if (!saved.ok && !isCartGone(saved)) {
      return invalid("payment", failureStatus(saved), { ...refusal(saved, c.t, [PAYMENT_FIELD]), acceptedConsents });
    }
  }
  const shop = c.context.get(shopContext);
  const order = await c.platform.call(api.checkout.createOrder, {
    body: {
      ...session,
      seen: seen.data,
      // The platform checks the required ones and logs them with the order, in its transaction.
      consents: acceptedConsents,
      successURL: new URL(localizedPath("checkoutSuccess", c.locale), shop.publicUrl).href,
      failureURL: new URL(localizedPath("checkoutFailure", c.locale), shop.publicUrl).href,
    },
    // No Idempotency-Key: the cart is the key (a repeat for the same cart answers its first order).
    headers: {},
  });
  if (!order.ok) {
    if (order.error.payload.key === CART_UPDATED) return cartUpdated(c.t);
    if (isCartGone(order)) throw redirect(localizedPath("cart", c.locale), { status: 303, headers: clearCartHeaders(c) });
    return invalid("payment", failureStatus(order), { ...refusal(order, c.t, [PAYMENT_FIELD]), acceptedConsents });
  }
  return placed(c, order.data);
}

const voucherInput = cartVoucherBody.pick({ voucherCode: true });

/**
 * The payment step's gift voucher (issue 11): applied to or taken off the cart, then the step again
 * (a redirect: the summary shows what it pays and the rest), or the step with the refusal under the field.
 */
async function voucherStep(c: Ctx, intent: (typeof VOUCHER_INTENTS)[number]) {
  const session = readCartSession(c.request);
  if (!session) throw redirect(localizedPath("cart", c.locale), 303);
  const code = formText(c.form, VOUCHER_FIELD);
  const values = { [VOUCHER_FIELD]: code };
  const headers = requestKeyHeaders(c.form);
  if (!headers) return invalid("payment", 400, { formError: c.t(V.invalid), values });
  let result: ApiResult<CartView>;
  if (intent === "apply") {
    const input = voucherInput.safeParse({ voucherCode: code });
    if (!input.success) return invalid("payment", 400, { fieldErrors: fieldErrors(input.error.issues, c.t), values });
    result = await c.platform.call(api.cart.applyVoucher, { body: { ...session, ...input.data }, headers });
  } else {
    result = await c.platform.call(api.cart.removeVoucher, { body: session, headers });
  }
  if (!result.ok) {
    if (isCartGone(result)) throw redirect(localizedPath("cart", c.locale), { status: 303, headers: clearCartHeaders(c) });
    return invalid("payment", failureStatus(result), { ...refusal(result, c.t, [VOUCHER_FIELD]), values });
  }
  return redirect(stepHref(localizedPath("checkout", c.locale), "payment"), { status: 303, headers: NO_STORE });
}

function isCartGone(result: ApiResult<unknown>): boolean {
  return !result.ok && result.error.payload.key === CART_GONE;
}

function clearCartHeaders(c: Ctx): Headers {
  const headers = new Headers();
  for (const cookie of clearCartCookies(c.context)) headers.append("Set-Cookie", cookie);
  return headers;
}

/** The checkout page's action: the step named by the form's hidden `step` field, the gift voucher, or the wallet's outcome. */
export async function checkoutAction(request: Request, context: Readonly<RouterContextProvider>) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const { user, platform } = await sessionOf(context);
  const form = await request.formData();
  if (formText(form, WALLET_FIELD)) return walletApproved(request, context, form);
  const c: Ctx = { request, context, form, locale, t: translator(locale), platform, user };
  const voucher = VOUCHER_INTENTS.find((intent) => intent === formText(form, VOUCHER_INTENT_FIELD));
  if (voucher) return voucherStep(c, voucher);
  switch (parseStep(formText(form, STEP_FIELD))) {
    case "address":
      return addressStep(c);
    case "shipping":
      return shippingStep(c);
    case "payment":
      return paymentStep(c);
  }
}
