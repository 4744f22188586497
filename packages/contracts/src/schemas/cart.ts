import { z } from "zod";
import { CART_QTY_MAX } from "../constants.ts";
import { idField, requiredText } from "../validation.ts";
import { V } from "../validation-messages.ts";

/** Payloads of the v2 cart endpoints (SPEC §3 Cart, Cart item; §7 Cart); their answers are in api/cart.ts. */

export const CART_LINES_MAX = 100;
export const PROTECT_CODE = /^[A-Za-z0-9_-]{16,128}$/;

/** SPEC §5 Quantity: a positive whole number, else 'invalid quantity' (error.invalidQuantity). */
export const quantityField = () =>
  z.coerce
    .number({ error: "error.invalidQuantity" })
    .int({ error: "error.invalidQuantity" })
    .min(1, { error: "error.invalidQuantity" })
    .max(CART_QTY_MAX, { error: "error.invalidQuantity" });

export const cartSessionFields = {
  cartId: idField(),
  protectCode: z.string({ error: V.required }).regex(PROTECT_CODE, { error: V.invalid }),
};
const currencyId = z.coerce.number().int().min(1).max(10).default(1);

export const cartSessionBody = z.object({ ...cartSessionFields, currencyId });
export type CartSessionBody = z.infer<typeof cartSessionBody>;

/** A custom option as the customer filled it in (SPEC §3 customPriceOption). */
export const customPriceOption = z.object({
  optionId: idField(),
  customOptionTitle: z.string().trim().max(200).optional(),
  customOptionValue: z.string().trim().max(200, { error: V.maxLength }),
});

/** A configurable part of a bundle and the variant chosen for it. */
export const bundleOptionEntry = z.object({
  /** The part (configurable product) id. */
  id: idField(),
  /** The chosen variant id. */
  selected: idField(),
  /** Custom options of the part. */
  options: z.array(customPriceOption).max(20).default([]),
});

export const cartItemOptions = z
  .object({
    customPriceOption: z.array(customPriceOption).max(20).default([]),
    personalizations: z.record(z.string().max(64), z.string().max(200)).default({}),
    bundleOptions: z.array(bundleOptionEntry).max(20).default([]),
  })
  .default({ customPriceOption: [], personalizations: {}, bundleOptions: [] });
export type CartItemOptions = z.infer<typeof cartItemOptions>;

export const cartAddBody = z.object({
  ...cartSessionFields,
  currencyId,
  productId: idField(),
  qty: quantityField().default(1),
  options: cartItemOptions,
  reservation: z.unknown().optional(),
});
export type CartAddBody = z.infer<typeof cartAddBody>;

export const cartUpdateItemBody = z.object({
  ...cartSessionFields,
  currencyId,
  itemId: idField(),
  qty: quantityField(),
  options: cartItemOptions.optional(),
});
export type CartUpdateItemBody = z.infer<typeof cartUpdateItemBody>;

export const cartDeleteItemBody = z.object({ ...cartSessionFields, itemId: idField() });
export const cartCouponBody = z.object({ ...cartSessionFields, couponCode: requiredText().max(64, { error: V.maxLength }) });
/** A gift voucher's code as printed (groups with dashes) or typed without them; any letter case. */
export const cartVoucherBody = z.object({ ...cartSessionFields, voucherCode: requiredText().max(32, { error: V.maxLength }) });
export const cartMemberCardBody = z.object({ ...cartSessionFields, barcode: requiredText().max(32, { error: V.maxLength }) });
export const cartInstructionsBody = z.object({ ...cartSessionFields, instructions: z.string().trim().max(1000, { error: V.maxLength }) });

/** SPEC §7 guest-user update on the cart: the e-mail and/or addresses of a guest checkout. */
export const cartGuestBody = z.object({ ...cartSessionFields, email: z.email({ error: V.email }).max(254) });
