import { z } from "zod";
import { LIMITS, PAGINATION, REVIEW_MAX } from "../constants.ts";
import type { Pagination } from "../envelope.ts";
import { idField } from "../validation.ts";
import { V } from "../validation-messages.ts";
import type { ProductCard } from "./catalog.ts";

/** Product reviews and the wishlist (SPEC §3, §4 Wishlist toggle, §5 Reviews). */

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

export const reviewUpdateBody = reviewCreateBody.omit({ product_id: true });
export type ReviewUpdateBody = z.infer<typeof reviewUpdateBody>;
export const reviewIdParams = z.object({ id: idField() });

export interface ReviewOptions {
  NumberOfStars: number;
  RequireRatingForComment: boolean;
  RequireCommentForRating: boolean;
  AnonymousCanMultipleReview: boolean;
}

export interface ReviewView {
  id: number;
  product_id: number;
  author: { firstName: string };
  rating: number | null;
  content: string;
  created_at: string;
  updated_at: string;
  own: boolean;
  canEdit: boolean;
}

export interface ReviewList {
  records: ReviewView[];
  pagination: Pagination;
  summary: { average: number; count: number };
  /** For a logged-in reader: whether they reviewed and may write one. */
  viewer: { reviewed: boolean; canReview: boolean } | null;
  options: ReviewOptions;
}

export const wishlistProductBody = z.object({ product_id: idField() });
export const wishlistFilterQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(PAGINATION.defaultPage),
  limit: z.coerce.number().int().min(1).max(LIMITS.wishlistFetch).default(PAGINATION.defaultLimit),
});

export interface WishlistItem {
  id: number;
  product_id: number;
  product: ProductCard;
}

export interface WishlistPage {
  records: WishlistItem[];
  pagination: Pagination;
}

/** Answer of the toggle: where the product is now, and the SPEC §8 message key to show. */
export interface WishlistToggleAnswer {
  wishlisted: boolean;
  message: "addedToWishlist" | "removedFromWishlist";
}
