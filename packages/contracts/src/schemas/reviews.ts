import { z } from "zod";
import { LIMITS, PAGINATION, REVIEW_MAX } from "../constants.ts";
import { idField } from "../validation.ts";
import { V } from "../validation-messages.ts";

/** Payloads of product reviews and the wishlist (SPEC §3, §4 Wishlist toggle, §5 Reviews); answers in api/reviews.ts, api/wishlist.ts. */

export const reviewFilterBody = z.object({
  product_id: idField(),
  page: z.coerce.number().int().min(1).max(10_000).default(PAGINATION.defaultPage),
  limit: z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(PAGINATION.defaultLimit),
});

/** Rating and content are each optional here; the CMS options decide which are required (SPEC §5). */
export const reviewCreateBody = z.object({
  product_id: idField(),
  rating: z.number({ error: V.invalid }).int({ error: V.invalid }).min(1, { error: V.invalid }).max(10, { error: V.invalid }).nullish(),
  content: z.string({ error: V.invalid }).max(REVIEW_MAX, { error: V.maxLength }).default(""),
});
export type ReviewCreateBody = z.infer<typeof reviewCreateBody>;

/** `published` is the moderators' (staff only). */
export const reviewUpdateBody = reviewCreateBody
  .omit({ product_id: true })
  .extend({ published: z.boolean({ error: V.invalid }).optional() });
export type ReviewUpdateBody = z.infer<typeof reviewUpdateBody>;
export const reviewIdParams = z.object({ id: idField() });

export const wishlistProductBody = z.object({ product_id: idField() });
/** wishlist/delete/:id names the product, as the storefront knows it from the product it shows. */
export const wishlistProductParams = z.object({ id: idField() });
export const wishlistFilterQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(PAGINATION.defaultPage),
  limit: z.coerce.number().int().min(1).max(LIMITS.wishlistFetch).default(PAGINATION.defaultLimit),
});
