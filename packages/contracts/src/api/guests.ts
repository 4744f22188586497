import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { companyData, guestRememberBody, guestTokenBody } from "../schemas/checkout.ts";
import { addressSchema } from "../validation.ts";

/**
 * The guest user of SPEC §3/§6 (checkout by e-mail, found by the cookie guestUser): what a guest
 * entered on their last address step, so their next checkout starts from it. No stored-address
 * calls: the record is written from the cart and read only with the cookie's token.
 */

/** What the next checkout's address step starts from. */
export const guestDetails = z.object({
  email: z.string(),
  delivery: addressSchema,
  /** Null: billed to the delivery address. */
  billing: addressSchema.nullable(),
  company: companyData.nullable(),
});
export type GuestDetails = z.infer<typeof guestDetails>;

const tag = "guests";

export const guestsApi = {
  rememberGuest: endpoint({
    method: "PUT",
    path: "/v2/guestUser",
    summary: "Keep the cart's address step as this guest's (a new token unless the given one is valid); guests only",
    tag,
    access: "public",
    body: guestRememberBody,
    answer: z.object({ guestToken: z.string() }),
  }),
  guestDetails: endpoint({
    method: "POST",
    path: "/v2/guestUser/details",
    summary: "What the guest of this token entered last; null for a missing, unknown or expired token",
    tag,
    access: "public",
    body: guestTokenBody,
    answer: guestDetails.nullable(),
  }),
  forgetGuest: endpoint({
    method: "DELETE",
    path: "/v2/guestUser",
    summary: "Delete the guest of this token (a login ends the guest); the same answer for any token",
    tag,
    access: "public",
    body: guestTokenBody,
    answer: z.null(),
  }),
} as const;
