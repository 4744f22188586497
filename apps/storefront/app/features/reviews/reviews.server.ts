import type { ReviewList } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import type { Platform } from "../../platform.server.ts";

/** Reviews shown per page under a product. */
export const REVIEWS_PAGE_SIZE = 10;

export interface ReviewsData {
  productId: number;
  /** null: the platform could not answer (the product still shows, with a short notice). */
  list: ReviewList | null;
  page: number;
}

/**
 * One page of a product's reviews as the caller sees them: a visitor's answer is the same for
 * everyone and comes from the public-data cache (emptied when a review is written); a user's
 * marks their own reviews and is never shared.
 */
export async function loadReviews(platform: Platform, productId: number, page: number): Promise<ReviewsData> {
  const result = await platform.callShared(api.reviews.filterReviews, { body: { product_id: productId, page, limit: REVIEWS_PAGE_SIZE } });
  return { productId, list: result.ok ? result.data : null, page };
}
