import type {
  AddressInput,
  CartView,
  CheckoutAddressBody,
  CompanyData,
  CountryView,
  DeliveryMethodsAnswer,
  PaymentMethodView,
} from "@shop/contracts";
import { AppError, fieldError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import {
  applicableDeliveryMethods,
  applicablePaymentMethods,
  availableCountries,
  deliveryChoice,
  toPaymentView,
} from "../checkout/index.ts";
import { findOwnAddress, loadUserView } from "../user/index.ts";
import { checkoutOf, chosenDelivery, type StoredCheckout } from "./cart.checkout-state.ts";
import type { CartRow } from "./cart.repository.ts";
import { updateCart } from "./cart.repository.ts";
import { openForRead, writeCart } from "./cart.session.ts";
import { readState, view } from "./cart.state.ts";
import { isDigitalOnly, priceLines } from "./cart.view.ts";

/**
 * The three checkout steps as changes of the cart (SPEC §2 Checkout, §4 Checkout, §5 Shipping /
 * Payment): each checks the cart's session, validates against what applies now and stores the
 * choice; the order later freezes it.
 */

type Session = { cartId: number; protectCode: string; userId?: number | undefined };

export const CHECKOUT_ERRORS = {
  noActiveUser: "error.checkout.noActiveUser",
  addressMissing: "error.checkout.addressMissing",
  countryNotAllowed: "error.checkout.countryNotAllowed",
  addressNotFound: "error.checkout.addressNotFound",
  shippingMethodUndefined: "error.shippingMethodUndefined",
  shippingMethodNotFound: "error.shippingMethodNotFound",
  shippingBranchUndefined: "error.shippingBranchUndefined",
  paymentMethodUndefined: "error.paymentMethodUndefined",
} as const;

/** SPEC §7 sends the caller's userId; only the access token counts, and another id is refused like no user at all. */
function checkCaller(ctx: RequestCtx, session: Session): void {
  if (session.userId !== undefined && session.userId !== ctx.user?.id) throw new AppError("FORBIDDEN", CHECKOUT_ERRORS.noActiveUser);
}

/** SPEC §5: saving a method needs a logged-in customer or a guest who gave an e-mail, else 'No active user'. */
function checkActiveUser(ctx: RequestCtx, cart: CartRow): void {
  if (!ctx.user && !checkoutOf(cart).email) throw new AppError("VALIDATION_ERROR", CHECKOUT_ERRORS.noActiveUser);
}

async function ownAddress(ctx: RequestCtx, id: number, path: string): Promise<AddressInput> {
  const found = ctx.user ? await findOwnAddress(ctx.db, ctx.user.id, id) : undefined;
  if (!found) throw fieldError(path, CHECKOUT_ERRORS.addressNotFound);
  const { id: _id, ...address } = found;
  return address;
}

/**
 * The address step: guests give their e-mail; registered customers are billed to their account's
 * e-mail and may pick saved addresses. A changed country drops a delivery method that does not
 * deliver there.
 */
export async function saveAddresses(ctx: RequestCtx, body: CheckoutAddressBody): Promise<CartView> {
  checkCaller(ctx, body);
  const delivery =
    body.delivery ?? (body.deliveryAddressId ? await ownAddress(ctx, body.deliveryAddressId, "deliveryAddressId") : undefined);
  if (!delivery) throw fieldError("delivery", CHECKOUT_ERRORS.addressMissing);
  const billing = body.billing ?? (body.billingAddressId ? await ownAddress(ctx, body.billingAddressId, "billingAddressId") : null);
  const countries = new Set((await availableCountries(ctx)).map((c) => c.code));
  if (!countries.has(delivery.country)) throw fieldError("delivery.country", CHECKOUT_ERRORS.countryNotAllowed);
  if (billing && !countries.has(billing.country)) throw fieldError("billing.country", CHECKOUT_ERRORS.countryNotAllowed);
  const email = ctx.user ? (await loadUserView(ctx.db, ctx.user.id))?.email : body.email;
  if (!email) throw fieldError("email", "validation.required");

  const stored: StoredCheckout = { email, delivery, billing, company: body.company ?? null };
  const state = await writeCart(ctx, body, async (tx, cart) => {
    const next = { ...cart, checkout: JSON.stringify(stored), guest_email: ctx.user ? cart.guest_email : email };
    const keepsMethod = (await chosenDelivery(tx, next)) !== undefined;
    const changes = { checkout: next.checkout, guest_email: next.guest_email, ...(keepsMethod ? {} : { delivery_method_id: null }) };
    await updateCart(tx.db, cart.id, changes);
    const updated = { ...cart, ...changes };
    return { cart: updated, ...(await readState(tx, updated)) };
  });
  return view(ctx, state);
}

/** SPEC §5 Shipping: a method that exists for the cart's country, and a branch when it has branches. */
export async function saveDeliveryMethod(
  ctx: RequestCtx,
  body: Session & { deliveryMethodId: number; branchId?: number | undefined },
): Promise<CartView> {
  checkCaller(ctx, body);
  const state = await writeCart(ctx, body, async (tx, cart) => {
    checkActiveUser(tx, cart);
    const current = await readState(tx, cart);
    if (isDigitalOnly(priceLines(current.lines, current.catalog, false, new Date().toISOString()))) {
      throw fieldError("deliveryMethodId", CHECKOUT_ERRORS.shippingMethodNotFound);
    }
    const method = await deliveryChoice(tx, body.deliveryMethodId, checkoutOf(cart).delivery?.country ?? null);
    if (!method) throw fieldError("deliveryMethodId", CHECKOUT_ERRORS.shippingMethodNotFound);
    const branch = method.branches.length > 0 ? method.branches.find((b) => b.id === body.branchId) : undefined;
    if (method.branches.length > 0 && !branch) throw fieldError("branchId", CHECKOUT_ERRORS.shippingBranchUndefined);
    const options = JSON.stringify(branch ? { deliveryBranchId: branch.id } : {});
    // Paying at the branch needs a pickup: another method drops that choice.
    const payments = await applicablePaymentMethods(tx, { digitalOnly: false, delivery: method });
    const keepsPayment = payments.some((p) => p.id === cart.payment_method_id);
    const changes = { delivery_method_id: method.id, options, ...(keepsPayment ? {} : { payment_method_id: null }) };
    await updateCart(tx.db, cart.id, changes);
    const updated = { ...cart, ...changes };
    return { cart: updated, ...current };
  });
  return view(ctx, state);
}

/** SPEC §5 Payment: a method that applies to the cart's delivery, with the company data of a company purchase. */
export async function savePaymentMethod(
  ctx: RequestCtx,
  body: Session & { paymentMethodId: number; companyData?: CompanyData | undefined },
): Promise<CartView> {
  checkCaller(ctx, body);
  const state = await writeCart(ctx, body, async (tx, cart) => {
    checkActiveUser(tx, cart);
    const current = await readState(tx, cart);
    const digitalOnly = isDigitalOnly(priceLines(current.lines, current.catalog, false, new Date().toISOString()));
    const delivery = await chosenDelivery(tx, cart);
    if (!digitalOnly && !delivery) throw fieldError("deliveryMethodId", CHECKOUT_ERRORS.shippingMethodUndefined);
    const method = (await applicablePaymentMethods(tx, { digitalOnly, delivery })).find((m) => m.id === body.paymentMethodId);
    if (!method) throw fieldError("paymentMethodId", CHECKOUT_ERRORS.paymentMethodUndefined);
    const { branchId: _branch, ...stored } = checkoutOf(cart);
    const checkout = body.companyData ? JSON.stringify({ ...stored, company: body.companyData }) : cart.checkout;
    const changes = { payment_method_id: method.id, checkout };
    await updateCart(tx.db, cart.id, changes);
    const updated = { ...cart, ...changes };
    return { cart: updated, ...current };
  });
  return view(ctx, state);
}

async function digitalOnlyOf(ctx: RequestCtx, cart: CartRow): Promise<boolean> {
  const { lines, catalog } = await readState(ctx, cart);
  return isDigitalOnly(priceLines(lines, catalog, false, new Date().toISOString()));
}

/**
 * SPEC §7 getApplicableDeliveryMethods: for the country asked (by id, or of a saved address), else
 * the country of the cart's delivery address.
 */
export async function cartDeliveryMethods(
  ctx: RequestCtx,
  body: Session & { countryId?: number | undefined; userShippingAddressId?: number | undefined },
): Promise<DeliveryMethodsAnswer> {
  checkCaller(ctx, body);
  const cart = await openForRead(ctx, body);
  const byId = body.countryId === undefined ? undefined : (await availableCountries(ctx)).find((c) => c.id === body.countryId)?.code;
  const byAddress = body.userShippingAddressId
    ? (await ownAddress(ctx, body.userShippingAddressId, "userShippingAddressId")).country
    : undefined;
  const countryCode = byId ?? byAddress ?? checkoutOf(cart).delivery?.country ?? null;
  return applicableDeliveryMethods(ctx, { digitalOnly: await digitalOnlyOf(ctx, cart), countryCode });
}

/** SPEC §7 getApplicablePaymentMethods: what applies to the cart and its chosen delivery. */
export async function cartPaymentMethods(ctx: RequestCtx, body: Session): Promise<PaymentMethodView[]> {
  checkCaller(ctx, body);
  const cart = await openForRead(ctx, body);
  const methods = await applicablePaymentMethods(ctx, {
    digitalOnly: await digitalOnlyOf(ctx, cart),
    delivery: await chosenDelivery(ctx, cart),
  });
  return methods.map(toPaymentView);
}

/** SPEC §7 getAvailableCountries: the checkout settings' countries, for the holder of a cart session. */
export async function cartCountries(ctx: RequestCtx, body: Session): Promise<CountryView[]> {
  checkCaller(ctx, body);
  await openForRead(ctx, body);
  return availableCountries(ctx);
}
