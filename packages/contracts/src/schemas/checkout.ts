import { z } from "zod";
import { addressSchema, boundedText, emailField, idField, oibField } from "../validation.ts";
import { V } from "../validation-messages.ts";
import { cartSessionFields as session } from "./cart.ts";
import { consentIds } from "./forms.ts";

/** Payloads of the checkout (SPEC §3 Address, Guest update payload, Order creation payload; §7 E-commerce v2). */

/** The caller's own id, as SPEC §7 sends it; the platform trusts only the access token and refuses another id. */
const userId = idField().optional();
const optionalId = idField().optional();

export const checkoutSessionBody = z.object({ ...session, userId });

/** SPEC §7 companyData: a company purchase names the company and its OIB (checked by its MOD 11,10 digit). */
export const companyData = z.object({
  companyName: boundedText(120),
  oib: oibField(),
});
export type CompanyData = z.infer<typeof companyData>;

/**
 * SPEC §3 Guest update payload / the address step: the e-mail (guests), the delivery address, a
 * billing address when it differs, and the company of a company purchase. Registered customers may
 * name saved addresses instead.
 */
export const checkoutAddressBody = z.object({
  ...session,
  userId,
  email: emailField().optional(),
  delivery: addressSchema.optional(),
  deliveryAddressId: optionalId,
  /** Absent: billed to the delivery address (SPEC §4: copied with type main). */
  billing: addressSchema.optional(),
  billingAddressId: optionalId,
  company: companyData.optional(),
});
export type CheckoutAddressBody = z.infer<typeof checkoutAddressBody>;

export const deliveryMethodsBody = z.object({
  ...session,
  userId,
  countryId: optionalId,
  currencyId: z.coerce.number().int().min(1).max(10).optional(),
  userBillingAddressId: optionalId,
  userShippingAddressId: optionalId,
});

export const saveDeliveryBody = z.object({
  ...session,
  userId,
  deliveryMethodId: idField(),
  branchId: optionalId,
});

export const paymentMethodsBody = z.object({ ...session, userId, userBillingAddressId: optionalId });

export const savePaymentBody = z.object({
  ...session,
  userId,
  paymentMethodId: idField(),
  companyData: companyData.optional(),
});

const absoluteOrPath = z.string().trim().max(2000).optional();

/** SPEC §3 Order creation payload, plus what the customer saw, so a cart changed meanwhile places no order. */
export const orderCreateBody = z.object({
  ...session,
  userId,
  giftMessage: z.string().trim().max(500, { error: V.maxLength }).optional(),
  orderMessage: z.string().trim().max(1000, { error: V.maxLength }).optional(),
  to: z.string().trim().max(120).optional(),
  from: z.string().trim().max(120).optional(),
  successURL: absoluteOrPath,
  failureURL: absoluteOrPath,
  /** The cart as the customer last saw it (SPEC §4 Cart change check); a difference refuses the order with core.notifications.cartUpdated. */
  seen: z
    .object({
      itemCount: z.number().int().min(0).max(10_000),
      cartTotal: z.number().min(0).max(10_000_000),
      items: z.array(z.object({ itemId: idField(), finalPrice: z.number().min(0), qty: z.number().int().min(1) })).max(200),
      validateMemberCard: z.boolean(),
      /** What the gift voucher paid as shown: a balance spent meanwhile counts as a changed cart. */
      voucher: z.number().min(0).max(10_000_000).optional(),
    })
    .optional(),
  /** Ids of the checkout consents the customer ticked; every required one of the place "checkout" must be among them. */
  consents: consentIds(),
});
export type OrderCreateBody = z.infer<typeof orderCreateBody>;

export const orderCodeParams = z.object({ code: z.string().regex(/^[A-Z0-9]{16}$/, { error: V.invalid }) });
export const orderAccessBody = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, { error: V.invalid }) });

/** The link to an order in its confirmation e-mail: valid until `expires` (Unix seconds), signed for that code and time. */
export const orderLinkBody = orderAccessBody.extend({
  expires: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 40),
});

/**
 * SPEC §7 order/pgSuccess: the browser's word that the card wallet approved. `details` is what the
 * provider's script said (kept for nothing: the platform asks the provider itself).
 */
export const walletApprovedBody = orderAccessBody.extend({
  details: z.record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])).optional(),
  internalRedirect: z.boolean().optional(),
});

/**
 * The guestUser cookie's token as the storefront passes it on. Any text is read as a token: one
 * that opens nothing answers exactly like none, so the answer tells a guesser nothing.
 */
const guestToken = z.string().max(200).optional();

/** SPEC §6 guest user, updated via the cart: the cart's saved address step becomes what this guest entered last. */
export const guestRememberBody = z.object({ ...session, guestToken });
export const guestTokenBody = z.object({ guestToken });
